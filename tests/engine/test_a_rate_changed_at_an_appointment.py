"""A doctor seen, said without the doing's subject and often without the article ("Rang GP this
morning and she's doubled my ramipril, so it's 10mg a day now", "Saw GP about my knee ..."),
tells of the speaker's own dose: "GP" there is the one seen, not whom the statement is about, so
the new value replaces the old. A change of one occasion ("my train this morning was delayed to
8:05") leaves the standing value."""
from __future__ import annotations

import pytest

from tests.conftest import assert_new_value_replaced_old, record_texts


@pytest.mark.parametrize("first,then,old,new", [
    ("I take 500mg of metformin every day.",
     "Saw GP for my review, she's doubled the metformin and I'm on 1000mg daily from today.", "500mg", "1000mg"),
    ("I take 10mg of amlodipine every day.",
     "Went to the clinic this morning and they've halved my amlodipine, so it's 5mg a day now.", "10mg", "5mg"),
    ("I take 5mg of ramipril every day.",
     "Rang GP this morning and she's doubled my ramipril, so it's 10mg a day now.", "5mg", "10mg"),
    ("I take 250mg of naproxen twice a day.",
     "Saw GP about my knee and she's doubled my naproxen, so it's 500mg twice a day now.", "250mg", "500mg"),
])
def test_a_rate_changed_on_one_day_replaces_the_old_one(tmp_path, first, then, old, new):
    assert_new_value_replaced_old(tmp_path, first, then, old, new, "Odile", "2026-02-02", 21)


def test_a_change_of_one_occasion_leaves_the_standing_value(tmp_path):
    active = record_texts(tmp_path, ["My train leaves at 7:40 every weekday.",
                                     "My train this morning was delayed to 8:05."], "Odile", "2026-02-02", 21)
    assert any("7:40" in t for t in active), active
