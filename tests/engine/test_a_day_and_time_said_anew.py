"""A day or a time said anew with "now" ("Eli's judo is Mondays at 7 now") replaces the record of
the one thing of that holder it names ("Eli has judo on Wednesdays at 6 at the leisure centre"),
however little else the two sentences read alike, and a reason said first with a change of its
own ("Since the coach moved to the new sports hall, ...", "Ever since the surgery moved to the
retail park, ...") tells of what else changed: before, the record stayed active. Another activity
or another appointment at a new time leaves the record."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds


@pytest.mark.parametrize("speaker, said, new, old", [
    ("Maren", ["My son Eli has judo on Wednesdays at 6 at the leisure centre.",
               "Since the coach moved to the new sports hall on Dale Street, Eli's judo is Mondays at 7 now."],
     "Mondays", "Wednesdays"),
    ("Maren", ["Gran's physio visits are Tuesdays at 10am.",
               "Ever since the surgery moved to the retail park, Gran's physio visits are Fridays at 2pm now."],
     "Fridays", "Tuesdays"),
    ("Maren", ["Our pub quiz is on Wednesdays at 9 at the Fox.",
               "Now that the quiz switched venues to the Kingsway, our quiz nights are Thursdays at 8 now."],
     "Thursdays", "Wednesdays"),
    ("Leif", ["My book club meets on Mondays at 7pm in the library.",
              "Because the library moved to the new civic centre, my book club is Tuesdays at 6:30pm now."],
     "Tuesdays", "Mondays"),
])
def test_a_day_and_time_said_anew_replaces_the_old(tmp_path, speaker, said, new, old):
    active = active_after(tmp_path, speaker, said)
    assert holds(active, new) and not holds(active, old), active


@pytest.mark.parametrize("said, kept", [
    (["My son Eli has judo on Wednesdays at 6 at the leisure centre.", "Eli's swimming is on Saturdays at 9 now."],
     "Wednesdays"),
    (["I go to yoga on Mondays at 7pm.", "My dentist appointment is on Thursday at 3pm now."], "Mondays"),
])
def test_another_thing_at_a_new_time_leaves_the_record(tmp_path, said, kept):
    active = active_after(tmp_path, "Leif", said)
    assert holds(active, kept), active


