"""A statement the speaker labels as their own note ("Reminder for me: physio is Wednesdays at 4",
stored as "Reminder for Tomasz: ...") is theirs, and a later change updates it. Before, a label
that was not the speaker's name alone made the record read as someone else's, so no statement of
the speaker's was ever weighed against it and the old day stayed beside the new one."""
from __future__ import annotations

import pytest

from tests.engine.two_sessions import active_after


@pytest.mark.parametrize("first, later, old, new", [
    ("Reminder for me: physio is Wednesdays at 4 with Ines.", "Ines moved my physio to Fridays at 2.",
     "Wednesdays", "Fridays"),
    ("Note for me: the boiler service is booked for 12 May with Gasline.",
     "Gasline moved the boiler service to 19 May.", "12 May", "19 May"),
    ("Reminder for me: the car is booked in at Hadley Motors on Friday for its service.",
     "Hadley Motors moved the car service to Monday.", "Friday", "Monday"),
])
def test_a_labelled_note_is_updated(tmp_path, first, later, old, new):
    texts = active_after(tmp_path, "Tomasz", [first, later])
    assert any(new in t for t in texts), texts
    assert not any(old in t and new not in t for t in texts), texts


@pytest.mark.parametrize("first, later, kept", [
    ("My dad: retired, lives in Leeds.", "I moved to York last month.", "Leeds"),
    ("My sister: works at the council, lives in Derby.", "I moved to Nottingham in June.", "Derby"),
])
def test_a_label_naming_a_relative_is_theirs(tmp_path, first, later, kept):
    texts = active_after(tmp_path, "Tomasz", [first, later])
    assert any(kept in t for t in texts), texts
