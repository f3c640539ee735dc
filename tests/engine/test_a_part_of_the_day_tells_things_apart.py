"""A thing moved that is named by a part of the day ("my evening spin class has been moved to
Fridays") is not a record of the same kind named by another ("does a morning spin class"): two
classes, two memories. A move that names the record's own part of the day ("from mornings to
evenings"), or none, is of the record; so is a move said in the passive ("has been moved to",
"got moved to"), as "moved to" is."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds


@pytest.mark.parametrize("before, after, kept, moved", [
    ("Our afternoon tennis session is on Sundays.", "The evening tennis session got moved to Saturdays.",
     "Sunday", "Saturday"),
    ("I teach a morning ceramics workshop every Tuesday.", "My evening ceramics workshop has been pushed to Wednesdays.",
     "Tuesday", "Wednesday"),
    ("I volunteer on the night shift at the shelter on Fridays.",
     "The afternoon shift at the shelter was moved to Thursdays.", "Friday", "Thursday"),
])
def test_a_move_of_another_part_of_the_day_leaves_the_record(tmp_path, before, after, kept, moved):
    records = active_after(tmp_path, "Ines", [before, after])
    assert holds(records, kept) and holds(records, moved), records


@pytest.mark.parametrize("before, after, old, new", [
    ("I go to a morning boxing class on Mondays.", "My morning boxing class has been moved to Wednesdays.",
     "Monday", "Wednesday"),
    ("I do an evening choir rehearsal on Tuesdays.", "Choir rehearsal got moved to Thursdays.", "Tuesday", "Thursday"),
    ("I swim at the lido on Saturday mornings.", "The lido swim has been moved from mornings to afternoons.",
     "Saturday mornings", "afternoons"),
    ("Our book club meets on the first Monday of the month.", "Book club has been moved to the first Wednesday.",
     "Monday", "Wednesday"),
])
def test_a_move_of_the_same_thing_replaces_it(tmp_path, before, after, old, new):
    records = active_after(tmp_path, "Ines", [before, after])
    assert holds(records, new) and not any(old in r and new not in r for r in records), records
