"""A statement told before a question in the same sentence ("my boiler is a Worcester, any idea why it
keeps clicking?") is kept: chat puts what it tells and what it asks in one sentence. A sentence that
is a question from its start tells nothing."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engine.extractor import extract, told_before_question
from two_sessions import records_after

AT = datetime(2026, 9, 3, 18, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("sentence, told", [
    ("my boiler is a Worcester Bosch, any idea why it keeps clicking?", "my boiler is a Worcester Bosch."),
    ("I teach year 6 at a primary in Hove - could you suggest a science project?",
     "I teach year 6 at a primary in Hove."),
    ("We keep bees at the bottom of the garden, so what should we plant for them?",
     "We keep bees at the bottom of the garden."),
    ("My landlady is called Mrs Okafor; how do I word a letter to her about the damp?",
     "My landlady is called Mrs Okafor."),
])
def test_the_statement_before_a_question_is_told(sentence, told):
    assert told_before_question(sentence) == told


@pytest.mark.parametrize("sentence", [
    "Do you think my boiler is too old, or is it fine?",
    "Is it normal that I sleep nine hours, or should I worry?",
    "Any idea why my bike chain keeps slipping, is it worn?",
    "ok, what now?",
    "If I took the Bristol job, I'd earn 40k - would that be worth the move?",
    "Suppose we sold the van, how would we get to the allotment?",
    "say I moved my lessons to Fridays, would you update the plan?",
])
def test_a_question_from_its_start_tells_nothing(sentence):
    assert told_before_question(sentence) is None
    assert extract(sentence, role="user", speaker="Noor", occurred_at=AT) == []


@pytest.mark.parametrize("text, word", [
    ("My partner Ezra works nights at the sorting office, any tips for sleeping through the day?", "sorting office"),
    ("I drive a grey Skoda Octavia, what tyre pressure should I run?", "octavia"),
    ("our dog is a rescue greyhound called Pip, is there a muzzle you'd recommend?", "greyhound"),
])
def test_a_record_is_kept_of_it(tmp_path, text, word):
    recs = records_after(tmp_path, text, "thanks, that helps!", speaker="Noor",
                         days=("2026-09-03", "2026-09-10"), at="18:00:00")
    assert any(r.tier == "active" and word in (r.text or "").lower() for r in recs), [r.text for r in recs]


@pytest.mark.parametrize("old, new, word", [
    ("My take-home is about £2,100 a month.", "If I got the team lead role I'd be on £2,600 a month, is that a big jump?", "2,100"),
    ("I live in Ghent with my partner.", "What if we moved to Antwerp next year, would rent be higher?", "ghent"),
    ("My gym is PureGym on the high street.", "if I switched to the council gym, could I still do classes?", "puregym"),
])
def test_a_supposition_changes_nothing(tmp_path, old, new, word):
    recs = records_after(tmp_path, old, new, speaker="Noor", days=("2026-09-03", "2026-09-10"), at="18:00:00")
    assert any(r.tier == "active" and word in (r.text or "").lower() for r in recs), [(r.text, r.tier) for r in recs]


def test_the_told_value_is_updated_later(tmp_path):
    recs = records_after(tmp_path, "My car is a Fiat Panda, can you tell me when it needs a service?",
                         "My car is a Kia Picanto now, how often should I check the oil?",
                         speaker="Noor", days=("2026-09-03", "2026-09-10"), at="18:00:00")
    old = [r for r in recs if "panda" in (r.text or "").lower()]
    assert old and all(r.tier == "superseded" for r in old), [(r.text, r.tier) for r in recs]
    assert any(r.tier == "active" and "picanto" in (r.text or "").lower() for r in recs)
