"""A correction that names the wrong value only as what was said ("it's locker 32, not the number I
gave you", "I told you the wrong day, the class is on Fridays", "got the time wrong, it leaves
at 7:45") corrects the record of the same thing holding a value of that kind; it leaves a record
of another thing alone."""
from __future__ import annotations

import pytest

from tests.conftest import assert_new_value_replaced_old, record_texts


@pytest.mark.parametrize("first,then,old,new", [
    ("My locker at the pool is number 23.", "Sorry, it's locker 32, not the number I gave you.", "23", "32"),
    ("My pottery class is on Tuesdays.", "I told you the wrong day, the pottery class is on Fridays.", "Tuesday",
     "Friday"),
    ("My train to work leaves at 7:15.", "Got the time wrong, my train to work leaves at 7:45.", "7:15", "7:45"),
    ("I've got an allotment at last! Plot 9 on the Meadow Lane site, lots of brambles.",
     "My mistake - it's plot 19, not the one I gave you.", "Plot 9 ", "19"),
    ("Finally got my own studio space, unit 6 at the Leather Works, a bit damp.",
     "It's unit 16, not what I said earlier, I misread the key tag.", "unit 6 ", "16"),
])
def test_a_correction_of_a_value_as_said_replaces_it(tmp_path, first, then, old, new):
    assert_new_value_replaced_old(tmp_path, first, then, old, new, "Wen", "2026-04-13", 2)


def test_a_correction_of_another_thing_leaves_the_record(tmp_path):
    active = record_texts(tmp_path, ["My locker at the pool is number 23.",
                                     "Sorry, the spin class is at 6, not the time I told you."], "Wen", "2026-04-13", 2)
    assert any("23" in t for t in active), active
