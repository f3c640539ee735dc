"""A thing of the speaker's whose number moved ("our broadband went up to 38", "my pension
contribution was raised to 8 percent") is where it stands now: kept as a fact, and it replaces the
old value. The classifier reads such a sentence as an event and the rules had no shape for it, so
nothing was kept at all. A number of one occasion ("my temperature went up to 39 last night")
stays an event."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds, kept_of_one_turn


@pytest.mark.parametrize("before, after, old, new", [
    ("Our broadband is 30 a month.", "Our broadband went up to 38 after the contract ended.", "30", "38"),
    ("I pay 60 a month for the gym.", "My gym fee got bumped up to 72.", "60", "72"),
    ("My pension contribution is 5 percent of my salary.", "My pension contribution was raised to 8 percent.", "5 percent",
     "8 percent"),
    ("Our nursery fees are 1,100 a month.", "ugh our nursery fees have gone up to 1,240", "1,100", "1,240"),
])
def test_a_number_that_moved_replaces_the_old_one(tmp_path, before, after, old, new):
    records = active_after(tmp_path, "Wen", [before, after])
    assert holds(records, new) and not any(old in r and new not in r for r in records), records


@pytest.mark.parametrize("said, kept", [
    ("My car insurance went up to 640 this renewal.", "640"),
    ("My shifts got cut to three a week.", "three a week"),
    ("our water rates have gone down to 41", "41"),
])
def test_a_number_that_moved_is_kept_said_alone(tmp_path, said, kept):
    records = active_after(tmp_path, "Wen", ["Morning!", said])
    assert holds(records, kept), records


def test_a_number_of_one_occasion_is_no_standing_fact(tmp_path):
    kept = kept_of_one_turn(tmp_path, "Wen", "My fever went up to 39.5 yesterday evening.")
    assert "fact" not in [kind for kind, text in kept if "39.5" in text], kept
