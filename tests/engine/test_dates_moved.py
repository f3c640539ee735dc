"""A date or time moved by whoever runs it ("the school postponed ...", "the builders pushed ...
back to", "brought ... forward to"), a new home ("moved into", "moved in with") and an end said
with how long ago it was ("stopped ... a couple of months ago") supersede the record they change.
A change of one occasion of a habit ("my train this morning was delayed"), a change for a while
("for two weeks") and a move for a purpose ("pulled the car forward to make room") leave it."""
from __future__ import annotations

import pytest

from two_sessions import assert_ended, assert_replaced, records_after

DAYS = ("2026-05-02", "2026-05-09")


@pytest.mark.parametrize("old,new,old_word,new_word", [
    ("The parents' evening at Oakfield Primary is on May 12.",
     "The school postponed the parents' evening to May 19 because of the strike.", "12", "19"),
    ("My flight to Porto leaves at 7:15 on Friday.",
     "The airline delayed my flight to 9:40, so I'll miss breakfast with Rui.", "7:15", "9:40"),
    ("The team offsite is booked for June 4.",
     "Management brought the offsite forward to May 28 so more people can come.", "june 4", "28"),
    ("Our roof repair is scheduled for the 3rd of June.",
     "The builders pushed roof repair back to 17 June, rain again.", "3rd", "17"),
    ("My MOT is due on 20 August.",
     "Garage pulled the MOT forward to 6 August since they had a cancellation.", "20 august", "6 august"),
])
def test_a_date_moved_by_whoever_runs_it_replaces_the_old_one(tmp_path, old, new, old_word, new_word):
    assert_replaced(records_after(tmp_path, old, new, speaker="Dana", days=DAYS, at="10:00:00"), old_word, new_word)


@pytest.mark.parametrize("old,new,old_word,new_word", [
    ("I live in a shared house in Headingley with three other students.",
     "I moved in with my girlfriend in Chapel Allerton in March.", "headingley", "chapel"),
    ("We rent a one-bed flat in Brixton.", "We finally moved into a two-bed house in Croydon last month.",
     "brixton", "croydon"),
    ("I'm living in a studio on Rue Vauban in Lyon.",
     "We've moved into a bigger apartment near Part-Dieu, finally some space.", "vauban", "part-dieu"),
])
def test_moving_in_somewhere_replaces_the_old_home(tmp_path, old, new, old_word, new_word):
    assert_replaced(records_after(tmp_path, old, new, speaker="Dana", days=DAYS, at="10:00:00"), old_word, new_word)


@pytest.mark.parametrize("old,new,word", [
    ("I go to pottery class every Tuesday evening at the community centre.",
     "I stopped going to pottery a couple of months ago, the teacher left.", "pottery"),
    ("I help out at the animal shelter on Sunday mornings.",
     "I quit helping out at the shelter a few weeks back, too much on at work.", "animal shelter"),
    ("I play five-a-side football on Thursday nights.",
     "I stopped playing five-a-side two months ago after my ankle went.", "football"),
])
def test_an_end_said_with_how_long_ago_it_was_ends_the_record(tmp_path, old, new, word):
    assert_ended(records_after(tmp_path, old, new, speaker="Dana", days=DAYS, at="10:00:00"), word)


@pytest.mark.parametrize("old,new,word", [
    ("I take the 7:15 train to Leeds every weekday.",
     "My train this morning was delayed to 8:05, so I missed standup.", "7:15"),
    ("I park my car on Elm Street overnight.",
     "Pulled the car forward to make room for the skip this morning.", "elm street"),
    ("I live in a flat in Leith with my partner.",
     "I moved in with my parents for two weeks while the flat gets painted.", "leith"),
    ("I play cricket for Hanley on Saturdays.", "They postponed today's match to Sunday because of rain.", "saturdays"),
    ("My piano lesson is on Thursdays at 5.", "My sister's piano recital got postponed to June 2.", "thursdays"),
])
def test_a_change_of_one_occasion_or_for_a_while_leaves_the_record(tmp_path, old, new, word):
    records = records_after(tmp_path, old, new, speaker="Dana", days=DAYS, at="10:00:00")
    assert any(r.tier == "active" and word in r.text.lower() for r in records), [(r.text, r.tier) for r in records]


@pytest.mark.parametrize("old,new,old_word,new_word", [
    ("Our broadband is with Zenlink.", "Swapped Zenlink for Hyperoptic, the engineer came this morning and it's flying.",
     "zenlink", "hyperoptic"),
    ("My phone contract is with O2.", "I switched to Giffgaff, the SIM arrived today.", "o2", "giffgaff"),
    ("We bank with Santander.", "We moved our accounts to Monzo, the transfer finished yesterday.", "santander", "monzo"),
])
def test_a_lasting_change_told_with_the_day_it_happened_replaces_the_old_value(tmp_path, old, new, old_word, new_word):
    assert_replaced(records_after(tmp_path, old, new, speaker="Dana", days=DAYS, at="10:00:00"), old_word, new_word)
