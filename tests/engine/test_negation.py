"""A record or a summary line about a thing keeps the negation the speaker put on it.

Statements of many shapes (never, not, no longer, without, avoid, can't, nothing with, no more,
won't, "No X"), each checked through the reader (extract, turn_candidates) and the running summary,
said by the user and by an assistant.
"""
from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest

from engine.extractor import extract, to_third_person
from engine.state import WindowTurn
from engine.summarizer import summarize, turn_candidates

AT = datetime(2024, 5, 6, 12, 0, tzinfo=timezone.utc)
NEGATION = re.compile(
    r"\b(?:no|not|never|none|nothing|nor|neither|without|avoids?|avoiding|cannot|refuses?|hardly)\b|n't\b|"
    r"\b\w+-free\b", re.IGNORECASE)

STATEMENTS = [
    ("I never drink coffee after 2pm.", "coffee"),
    ("I no longer work at the bakery on Elm Street.", "bakery"),
    ("I'm not a fan of horror movies.", "horror"),
    ("We're doing the road trip without a car seat this time.", "car seat"),
    ("Avoid recommending anything with mushrooms.", "mushroom"),
    ("Nothing with gluten, please, I'm celiac.", "gluten"),
    ("I can't have dairy.", "dairy"),
    ("My daughter doesn't eat pork.", "pork"),
    ("Don't ever book me on red-eye flights.", "red-eye"),
    ("I'm not allowed to lift anything heavy for six weeks.", "heavy"),
    ("Our landlord won't allow pets in the flat.", "pets"),
    ("No more sugar for me after dinner.", "sugar"),
    ("Honestly, no dairy for me.", "dairy"),
    ("No pork, no shellfish, nothing with alcohol in it.", "shellfish"),
    ("I like tea, not coffee.", "coffee"),
    ("I'm vegan - no eggs, no honey.", "eggs"),
    ("I hardly ever eat sugar.", "sugar"),
    ("I take my coffee without sugar.", "sugar"),
    ("We no longer have the cat.", "cat"),
    ("Actually no, I don't need a rental car.", "rental"),
    ("Please never call me before 9am.", "9am"),
    ("I'd never use Windows for work.", "windows"),
]


def outputs(text: str) -> list[str]:
    out = [c.text for c in extract(text, role="user", speaker="Rosa", occurred_at=AT)]
    out += [c.text for c in turn_candidates(text, role="user", speaker="Rosa", occurred_at=AT)]
    out += [i.text for i in summarize([WindowTurn("t1", "user", "Rosa", text, 10, AT)])]
    return out


@pytest.mark.parametrize(("text", "key"), STATEMENTS)
def test_every_record_and_summary_line_about_the_thing_keeps_its_negation(text, key):
    said = [t for t in outputs(text) if key in t.lower()]
    assert all(NEGATION.search(t) for t in said), said


@pytest.mark.parametrize(("text", "key"), [
    ("We can't ship the release on Friday because the freeze starts Thursday.", "friday"),
    ("The refund was not approved: the order is outside the 30-day window.", "refund"),
    ("I didn't restart the database; the replica is still syncing.", "database"),
    ("Next, don't run the migration until the backup finishes.", "migration"),
])
def test_an_assistants_negated_state_keeps_its_negation_in_the_summary(text, key):
    said = [i.text for i in summarize([WindowTurn("t1", "assistant", "Assistant", text, 10, AT)])]
    assert said and all(NEGATION.search(t) for t in said if key in t.lower()), said


def test_a_tool_line_keeps_its_negation():
    items = summarize([WindowTurn("t1", "tool", "refunds", "refund RF-88 | status: not eligible | reason: opened box",
                                  10, AT)])
    assert items and "not eligible" in items[0].text


@pytest.mark.parametrize(("text", "rewritten"), [
    ("I never drink coffee after 2pm", "Rosa never drinks coffee after 2pm"),
    ("I no longer live in Leeds", "Rosa no longer lives in Leeds"),
    ("I hardly ever eat sugar", "Rosa hardly ever eats sugar"),
    ("I seldom go out on weekdays", "Rosa seldom goes out on weekdays"),
    ("I never went to college", "Rosa never went to college"),
])
def test_a_negation_between_I_and_its_verb_is_not_taken_for_the_verb(text, rewritten):
    assert to_third_person(text, "Rosa") == rewritten


@pytest.mark.parametrize(("text", "obj"), [
    ("No spoilers for the new season, please.", "spoilers for the new season"),
    ("Absolutely no meetings before 10 for me.", "meetings before 10 for Rosa"),
    ("Nothing fried for the kids.", "fried for the kids"),
])
def test_a_rule_said_as_no_something_is_a_negative_constraint(text, obj):
    found = [c for c in extract(text, role="user", speaker="Rosa", occurred_at=AT) if c.kind == "constraint"]
    assert found and found[0].fields["polarity"] == "-" and found[0].fields["object"] == obj
    assert NEGATION.search(found[0].text)


@pytest.mark.parametrize("text", ["No worries at all!", "No idea what to cook tonight.", "No doubt about it, Sam.",
                                  "Nothing beats a long walk on the beach.", "No way, that's amazing!"])
def test_no_in_a_turn_of_phrase_is_not_a_rule(text):
    found = turn_candidates(text, role="user", speaker="Rosa", occurred_at=AT)
    assert all(c.kind not in ("constraint", "temporary_instruction") for c in found), found


def test_no_as_an_interjection_is_still_dropped_and_no_as_a_determiner_kept():
    assert [c.text for c in extract("No, I went there last year.", role="user", speaker="Rosa", occurred_at=AT)] \
        == ["Rosa went there last year (2023)"]
    assert any(c.text.startswith("No dairy") for c in extract("No dairy for me.", role="user", speaker="Rosa",
                                                                 occurred_at=AT))
