"""One occasion asked for on a day ("set my alarm for 5:45 tomorrow", "book my haircut for 11am next
tuesday"), said without a word of change, leaves a standing rule ("from now on, set my alarm for
6:30") as it was: an exception, not a new rule. Before, the two read alike and gave different
values, so the rule was taken for updated. A change said as one ("switch me to the 8:10 train from
now on") still replaces it."""
from __future__ import annotations

import pytest

from tests.engine.two_sessions import records_after


def after(tmp_path, first: str, later: str) -> list:
    return records_after(tmp_path, first, later, speaker="Robin", days=("2026-03-02", "2026-03-09"), at="10:00:00")


@pytest.mark.parametrize("first, later, rule", [
    ("from now on, set my alarm for 6:30", "set my alarm for 5:45 tomorrow", "6:30"),
    ("from now on, book my haircut for 9am", "book my haircut for 11am next tuesday", "9am"),
    ("from now on, schedule my 1:1s at 10", "schedule my 1:1 at 3 on thursday", "at 10"),
])
def test_the_rule_stays(tmp_path, first, later, rule):
    records = after(tmp_path, first, later)
    assert any(r.tier == "active" and rule in r.text and r.kind == "constraint" for r in records), \
        [(r.text, r.kind, r.tier) for r in records]


def test_a_change_said_as_one_replaces_it(tmp_path):
    records = after(tmp_path, "from now on, book me on the 7:10 train", "switch me to the 8:10 train from now on")
    active = [r.text for r in records if r.tier == "active"]
    assert any("8:10" in t for t in active) and not any("7:10" in t for t in active), active
