"""The speaker's own constraint, said again in passing in a statement about someone else ("my
grandad still offers me ham even though I'm vegan", "the new GP nearly prescribed it despite my
penicillin allergy"), is evidence for the speaker's record, not a newer statement of it: the plain
record stays active and counts the mention, where the sentence about the grandad used to supersede
it. A new value, or the speaker saying it again with more, still updates."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from conftest import records_after

AT = datetime(2026, 4, 6, 8, tzinfo=timezone.utc)


def _records(tmp_path, turns: list[str]):
    return records_after(tmp_path, turns, "Noor", AT, include_inactive=True)


@pytest.mark.parametrize("said, in_passing, kept", [
    ("I don't drink alcohol.", "My friends tease me because I don't drink alcohol.", "Noor doesn't drink alcohol"),
    ("I'm vegan.", "My grandad still offers me ham sandwiches even though I'm vegan.", "Noor is vegan"),
    ("I'm allergic to cats.", "My neighbour's cat keeps coming in, which is bad with my cat allergy.",
     "Noor is allergic to cats"),
    ("I'm coeliac.", "My aunt baked me a wheat cake even though I'm coeliac.", "Noor is coeliac"),
    ("I'm allergic to penicillin.", "The new GP nearly prescribed it despite my penicillin allergy.",
     "Noor is allergic to penicillin"),
])
def test_said_in_passing_is_evidence_not_an_update(tmp_path, said, in_passing, kept):
    records = _records(tmp_path, [said, in_passing])
    [own] = [r for r in records if r.text == kept]
    assert own.tier == "active"
    assert own.evidence_count == 2
    assert not any(r.tier == "superseded" for r in records)


@pytest.mark.parametrize("said, in_passing, kept", [
    ("I'm lactose intolerant.", "On Friday, Dev ordered me a milkshake even though I'm lactose intolerant.",
     "Noor is lactose intolerant"),
    ("I'm teetotal.", "At the office party Gemma handed me a prosecco although I'm teetotal.", "Noor is teetotal"),
    ("I'm pescatarian.", "Last night Omar grilled lamb chops for everyone, knowing I'm pescatarian.",
     "Noor is pescatarian"),
])
def test_said_again_in_a_clause_of_a_sentence_about_something_else(tmp_path, said, in_passing, kept):
    """A time or place first, a name after it: the speaker's statement, whole, after "although",
    "even though" or "knowing" is still a mention of what is kept."""
    records = _records(tmp_path, [said, in_passing])
    [own] = [r for r in records if r.text == kept]
    assert own.tier == "active" and own.evidence_count == 2
    assert not any(r.tier == "superseded" for r in records)


@pytest.mark.parametrize("said, later, old, new", [
    ("I'm vegetarian.", "I'm vegan now.", "vegetarian", "vegan"),
    ("I don't drink alcohol.", "I drink alcohol again, just wine at weekends.", "doesn't drink", "drinks alcohol again"),
    ("I work as a paramedic in Bristol.", "Since May I'm a paramedic in Cardiff.", "Bristol", "Cardiff"),
    # the speaker saying more of it, with the kept statement as the reason: not a mention in passing
    ("I'm allergic to peanuts.", "I carry an EpiPen because I'm allergic to peanuts.", "is allergic to peanuts", "EpiPen"),
])
def test_the_speaker_saying_a_new_value_still_updates(tmp_path, said, later, old, new):
    records = _records(tmp_path, [said, later])
    active = [r.text for r in records if r.tier == "active"]
    assert any(new in t for t in active), active
    assert not any(old in t and new not in t for t in active), active
