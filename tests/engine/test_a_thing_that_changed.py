"""A thing of the speaker's said to have changed or moved, with no verb reaching the new value ("my
pilates class moved, it's Wednesdays at 6pm now", "the rota changed so I start at 10am now"), is a
word of change: the new value supersedes the record of the old one. Said not to have changed, it
changes nothing."""
from __future__ import annotations

import pytest

from two_sessions import assert_one_active, records_after


@pytest.mark.parametrize("old,new,now", [
    ("My pilates class is on Mondays at 7pm.", "My pilates class moved, it's Wednesdays at 6pm now.", "Wednesdays"),
    ("My shift at the depot starts at 7am.", "My rota changed, so my shift starts at 10am now.", "10am"),
    ("Book club meets at the Red Lion on the first Thursday of the month.",
     "Book club has moved - it's at the Carnegie library on the first Monday now.", "Carnegie"),
    ("My physio appointments are Fridays at 9am with Gwen.",
     "Gwen's diary changed so my physio is Tuesdays at 11am now.", "Tuesdays"),
    # without "now" beside the new value
    ("Swim club is on Tuesdays at 6pm.", "Swim club has changed, it's Thursdays at 6pm from next week.", "Thursdays"),
    ("The book club meets at the library on Fridays.", "Book club has moved, it meets at the Crown pub on Fridays.",
     "Crown"),
])
def test_a_thing_said_to_have_changed_takes_its_new_value(tmp_path, old, new, now):
    records = records_after(tmp_path, old, new, speaker="Ayla", days=("2026-05-02", "2026-05-16"), at="10:00:00")
    assert_one_active(records, now)


@pytest.mark.parametrize("old,new,word", [
    ("My pilates class is on Mondays at 7pm.", "My pilates class hasn't moved, still Mondays, and I love it.", "Mondays"),
    ("My shift at the depot starts at 7am.", "Nothing has changed with my shift, I'm just tired at 7am.", "7am"),
    # what changed is named, and the record is not of it: a new address is no new job
    ("I'm a nurse.", "My work address changed, the clinic is at 40 Ferry Road now.", "nurse"),
    ("Home for us is 5 Oak Close, Didsbury.", "Our office has moved, we're at 31 Hatton Road now.", "Oak"),
    ("I live at 22 Quill Street.", "The depot has moved, it's at 9 Kiln Road now.", "Quill"),
])
def test_a_thing_said_not_to_have_changed_keeps_its_value(tmp_path, old, new, word):
    records = records_after(tmp_path, old, new, speaker="Ayla", days=("2026-05-02", "2026-05-16"), at="10:00:00")
    assert any(word in r.text and r.tier == "active" for r in records if r.text.startswith(("Ayla", "My"))) or \
        any(word in r.text and r.tier == "active" for r in records), [(r.text, r.tier) for r in records]
    assert not any(r.tier == "superseded" for r in records), [(r.text, r.tier) for r in records]


@pytest.mark.parametrize("old,new,now", [
    # the thing that changed is named in other words than the record's, or not at all
    # (the change after "so" is Tom's, not the pool's)
    ("Tom's swimming lessons are Saturdays at 9am.", "The pool's timetable changed so Tom swims Sundays at 10am now.",
     "Sundays"),
    ("Our bins go out on Wednesday nights.", "The council's schedule changed, so it's Monday nights now for the bins.",
     "Monday"),
    ("My team standup is at 9:15 every morning.", "Our calendar has shifted, so standup is at 10:30 now.", "10:30"),
])
def test_a_change_said_of_something_else_still_gives_the_new_value(tmp_path, old, new, now):
    records = records_after(tmp_path, old, new, speaker="Ayla", days=("2026-05-02", "2026-05-16"), at="10:00:00")
    assert_one_active(records, now)
