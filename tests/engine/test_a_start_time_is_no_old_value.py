"""A time something starts at ("on Thursdays from 7pm") is the new value's own, not the old value
a change names ("from 7am to 6am"): a change said with one gives the record of the old day and
time its new value, even where a number elsewhere in the sentence ("after two nurses left") differs
from the record's."""
from __future__ import annotations

import pytest

from engine.meaning import old_quantities
from tests.engine.two_sessions import active_after, holds


@pytest.mark.parametrize("speaker,old,new,gone,kept", [
    ("Ines", "My swimming lessons are Tuesdays at 6 in the evening, at the leisure centre on Mill Road.",
     "The pool changed its timetable after a lifeguard quit, so they moved our lessons to Thursdays from 7pm.",
     "tuesdays", "thursdays"),
    ("Tomas", "Bin collection on our street is every Monday at 7am.",
     "Council rejigged the rounds because three drivers left and the bins now go out on Wednesdays from 6:30am.",
     "monday", "wednesdays"),
    ("Amara", "I work at the library on Saturdays at 10.",
     "They've switched me to Sundays from 1pm since two volunteers quit.", "saturdays", "sundays"),
    ("Kofi", "Choir practice is on Wednesdays at 7.30pm in the church hall.",
     "After 2 members complained, choir practice has moved to Mondays from 8pm.", "wednesdays", "mondays"),
    # a bare hour after a day: when it starts that day
    ("Ana", "I do the food bank shift every Saturday at 9am.", "they've put me on Sundays from 12 now", "saturday", "sundays"),
    ("Ben", "My pottery class is Tuesdays at 7.", "the studio moved our class to Wednesdays from 6 now", "tuesdays",
     "wednesdays"),
    ("Cai", "Band practice is Thursday nights at 8.", "We've switched band practice to Fridays from 9 going forward.",
     "thursday", "fridays"),
])
def test_a_change_with_a_start_time_replaces_the_old_day_and_time(tmp_path, speaker, old, new, gone, kept):
    texts = active_after(tmp_path, speaker, [old, new])
    assert holds(texts, kept), texts
    assert not holds(texts, gone), texts


@pytest.mark.parametrize("text,old", [
    ("moved my run from 7am to 6am", {"7"}),
    ("the rent went up from 900 to 950", {"900"}),
    ("it's now 2 a day instead of 3", {"3"}),
    ("from 17:00 until 18:30 on weekdays", {"17"}),
    ("the shop is open on Sundays from 8am", set()),
    ("lessons run from 9:30 on weekdays", set()),
    ("we meet Thursdays from 7.30pm", set()),
    ("they've put me on Sundays from 12 now", set()),
    ("we meet on Mondays from 7 to 8", {"7"}),
])
def test_a_start_time_is_no_old_quantity(text, old):
    assert old_quantities(text) == frozenset(old)


def test_a_start_time_of_another_thing_changes_nothing(tmp_path):
    texts = active_after(tmp_path, "Rosa", ["My pilates class is on Sundays at 9am.",
                                           "The new cafe by the station opened last week, it's open on Sundays from 8am."])
    assert holds(texts, "pilates.*9am"), texts
