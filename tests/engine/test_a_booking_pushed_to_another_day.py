"""A booking someone pushed to another day or time ("the clinic rang and pushed me to Friday at 9")
is a change of the booking, as "pushed my appointment to Friday" is. Before, "pushed me to" was read
only as a push to do something ("my manager pushed me to apply"), so no change was seen and the
old time stayed beside the new one. A push to do something is still no change."""
from __future__ import annotations

import pytest

from tests.engine.two_sessions import active_after


@pytest.mark.parametrize("first, later, old, new", [
    ("My physio appointment is Monday at 4pm with Carys.",
     "The clinic rang and pushed me to Friday at 9, Carys is off sick.", "Monday", "Friday"),
    ("Haircut booked for Saturday at 9:30 at Blade & Co.", "Salon called, they've pushed me to 11am on Saturday.",
     "9:30", "11am"),
    ("reminder for me: dentist tuesday at 3pm with dr. halvard, cleaning and a filling",
     "dentist office called, they pushed me to thursday at 10am. whatever.", "tuesday", "thursday"),
])
def test_a_booking_pushed_is_updated(tmp_path, first, later, old, new):
    texts = active_after(tmp_path, "Tomasz", [first, later])
    assert any(new in t for t in texts), texts
    assert not any(old in t and new not in t for t in texts), texts


@pytest.mark.parametrize("first, later, kept", [
    ("My manager pushed me to apply for the team lead role.",
     "My manager pushed me to apply for the senior role too.", "team lead"),
    ("My driving lesson is Tuesday at 5 with Ruth.", "Ruth pushed Sam to Tuesday at 6, he's fuming.", "Tuesday at 5"),
    ("My physio appointment is Monday at 4pm with Carys.", "My coach pushed me to run further this week.", "Monday"),
])
def test_a_push_to_do_something_or_of_someone_else_is_no_change(tmp_path, first, later, kept):
    texts = active_after(tmp_path, "Tomasz", [first, later])
    assert any(kept in t for t in texts), texts


@pytest.mark.parametrize("first, later, kept", [
    ("I play five-a-side football on Tuesdays at the leisure centre.",
     "Sam pushed me to Sunday league football and I've loved it.", "Tuesdays"),
    ("My spin class is at 7am on Mondays.", "The trainer pushed me to 5pm sessions for a bit of variety.", "7am"),
])
def test_a_push_towards_a_thing_named_by_its_day_is_no_change(tmp_path, first, later, kept):
    texts = active_after(tmp_path, "Tomasz", [first, later])
    assert any(kept in t for t in texts), texts
