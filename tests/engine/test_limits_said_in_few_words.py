"""Limits said in few words are rules: how often at most, said first ("max two coffees a day", "no
more than three episodes a night for the kids", "at most one takeaway per week"), and something one
eats, drinks or smokes given up ("I'm off chocolate till the end of april", "totally off bread at the
moment", "we're off the fizzy drinks this month"), which lapses at the end of the period said with
it. Before, these were kept as facts or events, or not at all. Limits told of the past, someone
else's, or being "off work" or "off to the shops" are none."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engine.extractor import extract

AT = datetime(2026, 3, 2, 10, tzinfo=timezone.utc)


def _found(text: str):
    return extract(text, role="user", speaker="Robin", occurred_at=AT)


@pytest.mark.parametrize("text", [
    "max two coffees a day",
    "no more than three episodes a night for the kids",
    "at most one takeaway per week",
    "up to 2 loads of laundry on week nights, the drain can't cope",
])
def test_how_often_at_most_is_a_rule(text):
    assert [c.kind for c in _found(text)] == ["constraint"]


@pytest.mark.parametrize("text, lapses", [
    ("I'm off chocolate till the end of april", True),
    ("totally off bread at the moment", False),
    ("we're off the fizzy drinks this month", True),
    ("I'm off caffeine today, hold me to it", True),
])
def test_something_given_up_is_a_diet_rule_for_its_period(text, lapses):
    found = [c for c in _found(text) if c.kind in ("constraint", "temporary_instruction")]
    assert found, _found(text)
    assert (found[0].expires_at is not None) is lapses


@pytest.mark.parametrize("text", [
    "we did max three sessions a week last year",
    "I'm off work today",
    "I'm off to the shops for bread",
    "my brother's off the booze",
    "I'm not off sugar, just cutting down",
    "I'm off the cake stall this year",
    "I'm off the coffee rota next week",
    "Up to 3 buses a day stop here",
    "Max 50 emails a day land in my inbox",
])
def test_no_limit_of_the_speakers(text):
    assert not any(c.kind == "constraint" for c in _found(text)), _found(text)
