"""A change made on one day to what holds from then on ("saw the GP yesterday and she's upped my
citalopram, so it's 30mg a day now") is a new value: a rate ("a day", "a week") says it lasts,
though "yesterday" or "this morning" says when it was made. "Saw GP ..." with its article left out
is still the speaker's own doing, not the GP's. A change of one occasion ("my train this morning
was delayed to 8:05") leaves the standing value."""
from __future__ import annotations

import pytest

from tests.conftest import assert_new_value_replaced_old, record_texts


@pytest.mark.parametrize("first,then,old,new", [
    ("I take 20mg of citalopram every morning.",
     "Saw the GP yesterday and she's upped my citalopram, so it's 30mg a day now.", "20mg", "30mg"),
    ("I take 500mg of metformin twice a day.",
     "Saw the diabetes nurse yesterday and she's increased my metformin, so it's 1000mg twice a day now.",
     "500mg", "1000mg"),
    ("I do 20 minutes of stretching a day.",
     "Saw the physio yesterday and she's raised my stretching, so it's 30 minutes a day now.", "20 minutes", "30 minutes"),
    ("I take 10mg of amlodipine every day.",
     "Went to the clinic this morning and they've lowered my amlodipine, so it's 5mg a day now.", "10mg", "5mg"),
    ("I swim 40 lengths twice a week.",
     "Saw the cardiologist yesterday and he's reduced my swimming, so it's 20 lengths twice a week now.",
     "40 lengths", "20 lengths"),
    ("I walk 5km every day for my knee.",
     "Saw the physio this morning and she's cut my walking, so it's 3km a day now.", "5km", "3km"),
])
def test_a_rate_changed_on_one_day_replaces_the_old_one(tmp_path, first, then, old, new):
    assert_new_value_replaced_old(tmp_path, first, then, old, new, "Odile", "2026-02-02", 21)


def test_a_change_of_one_occasion_leaves_the_standing_value(tmp_path):
    active = record_texts(tmp_path, ["My train leaves at 7:40 every weekday.",
                                     "My train this morning was delayed to 8:05."], "Odile", "2026-02-02", 21)
    assert any("7:40" in t for t in active), active
