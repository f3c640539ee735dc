"""An arrangement told in the present and bounded by a date ("until Wednesday my cousin is
walking the dogs", "the front desk is covered through the 18th") holds until then: its record
expires after that day, and the date is not taken for when it happened. One told in the past
("we stayed at the cabin until Sunday") is a memory of what was and stays, and so are hours
that hold every day ("open until 11pm").

A month bounds a period too ("until the end of April", "through May", "until June"), and a rule
bounded by a date ("no lifting more than 10 kg until the end of March") is a constraint that
expires then, not a temporary instruction.
"""
from __future__ import annotations

import pytest

from tests.conftest import engine_after


def _after_a_week(tmp_path, said: str) -> tuple[list[str], list[str]]:
    """(active texts the day it was said, active texts a week later, after the next turn)."""
    with engine_after(tmp_path, [said], "Joost", "2026-03-02", 9) as eng:
        first = [r.text for r in eng.records("t", "u")]
        eng.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s-later", "turn_id": "later", "role": "user",
                    "speaker": "Joost", "text": "Morning! Back at my desk.", "occurred_at": "2026-03-11T10:00:00Z"})
        eng.flush()
        return first, [r.text for r in eng.records("t", "u")]


@pytest.mark.parametrize("said, who", [
    ("Until Wednesday my cousin Ilse is walking the dogs.", "Ilse"),
    ("My neighbour Priti is watering the plants till Saturday.", "Priti"),
    ("Through the 6th, Ahmed is covering the front desk for me.", "Ahmed"),
])
def test_an_arrangement_until_a_date_expires_after_it(tmp_path, said, who):
    first, later = _after_a_week(tmp_path, said)
    assert any(who in t for t in first), first
    assert not any(who in t for t in later), later


@pytest.mark.parametrize("said, word", [
    ("We stayed at the cabin at Lake Vättern until Sunday.", "Vättern"),
    ("My brother Sem worked at the bakery on Kade Street until the 4th.", "bakery"),
    ("I lived in Utrecht until 2019, then moved to Leiden.", "Utrecht"),
    ("My climbing gym in Delft is open until 11pm on weekdays.", "11pm"),
    ("The library by my flat stays open till 8:30.", "8:30"),
])
def test_a_bound_told_in_the_past_or_within_the_day_is_kept(tmp_path, said, word):
    _, later = _after_a_week(tmp_path, said)
    assert any(word in t for t in later), later


@pytest.mark.parametrize("words, ends", [
    ("no cycling further than 20 km until the end of April", "2026-05-01"),
    ("I'm covering the Leiden shop through May", "2026-06-01"),
    ("we're renting the flat in Gouda until June", "2026-06-01"),
])
def test_a_month_bounds_a_period(words, ends):
    from datetime import datetime, timezone

    from engine.dates import find_periods

    found = [p.ends_at for p in find_periods(words, datetime(2026, 3, 2, 10, tzinfo=timezone.utc))]
    assert [d.date().isoformat() for d in found if d is not None] == [ends], found


@pytest.mark.parametrize("said, word", [
    ("Doctor's orders: no lifting more than 10 kg until the end of March.", "10 kg"),
    ("Until Friday, no more than 1,200 calories a day in the meal plans please.", "1,200"),
    ("I can't drive further than 50 km till the 6th, the car is on a spare tyre.", "50 km"),
])
def test_a_rule_bounded_by_a_date_is_a_constraint_that_ends_then(tmp_path, said, word):
    with engine_after(tmp_path, [said], "Joost", "2026-03-02", 9) as eng:
        found = [(r.kind, r.text) for r in eng.records("t", "u") if word in (r.text or "")]
        assert [k for k, _ in found] == ["constraint"], found
        eng.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s-later", "turn_id": "later", "role": "user",
                    "speaker": "Joost", "text": "Morning!", "occurred_at": "2026-04-10T10:00:00Z"})
        eng.flush()
        assert not any(word in (r.text or "") for r in eng.records("t", "u"))
