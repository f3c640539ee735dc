"""A state said to hold since a time ("we've banked with Nationwide since 2016", "my mum has been
in the care home since January") is a standing fact, with when it started in its words: no event.
Before, the date made it an event, so said again in other words it was a second record, and it
could not be changed as a fact is. What happened once in a month ("I went to Paris in May") is an
event still, and "since" of a reason dates nothing."""
from __future__ import annotations

import pytest

from two_sessions import active_after, kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("we've banked with Nationwide since 2016", "Nationwide"),
    ("I've been a member of the rowing club since last spring", "rowing"),
    ("my mum has been in the care home since January", "care home"),
    ("the shop is VAT registered, since last April", "VAT"),
    ("I've had the allotment since 2019", "allotment"),
    ("we've been with Octopus Energy since last year", "Octopus"),
])
def test_a_state_since_a_time_is_a_fact(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Mireille", text)
    assert any(kind == "fact" and word in t for kind, t in kept), kept
    assert not any(kind == "episode" for kind, _ in kept), kept


def test_said_again_in_other_words_it_is_one_record(tmp_path):
    active = active_after(tmp_path, "Mireille", ["we've been with Octopus Energy since last year",
                                                 "fyi we've had Octopus as our energy supplier since last year"])
    assert len([t for t in active if "Octopus" in t]) == 1, active


@pytest.mark.parametrize("text", [
    "I went to Paris in May and loved it",
    "I had a tooth out in March, it still aches",
])
def test_what_happened_once_is_still_an_event(tmp_path, text):
    assert any(kind == "episode" for kind, _ in kept_of_one_turn(tmp_path, "Mireille", text))


@pytest.mark.parametrize("text", [
    "I ran the London marathon in April, which is my first race since covid",
    "I've been to Paris three times since 2015",
    "I got a promotion on Monday, the first since 2019, and I'm thrilled",
])
def test_an_event_with_its_own_day_or_a_visit_stays_an_event(tmp_path, text):
    assert any(kind == "episode" for kind, _ in kept_of_one_turn(tmp_path, "Mireille", text))
