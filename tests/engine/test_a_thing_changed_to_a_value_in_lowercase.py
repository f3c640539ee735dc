"""A thing said to be changed to something typed without capitals ("changed electricity supplier
to voltaro") gives the record whose subject is that thing ("my electricity supplier is
brightwatt") its new value. `values` reads names by their capitals, so in chat typed in lower case
the new name was no value: the two read alike too little for an update without one, and both
stayed. What someone does with the thing ("practises piano") is not what the thing is, and moving
a person somewhere is no new value of the speaker's."""
from __future__ import annotations

import pytest

from tests.engine.two_sessions import active_after


def after_two_sessions(tmp_path, first: str, later: str) -> list[str]:
    return active_after(tmp_path, "Idris", [first, later])


@pytest.mark.parametrize("first, later, old, new", [
    ("our vet is at pawprint clinic on mill rd",
     "moved the cats' vet to oakfield animal hospital, closer to home", "pawprint", "oakfield"),
    ("phone contract is with tellio, 20 a month", "swapped phone contract to kestrel mobile", "tellio", "kestrel"),
    ("home insurance is through northgate mutual", "switched home insurance to brightshield last week",
     "northgate", "brightshield"),
    ("gp surgery is the one on elm st", "moved my gp to the riverside practice after the move", "elm", "riverside"),
    ("my dentist is dr okafor on king st", "moved my dentist to the practice near work", "okafor", "near work"),
    ("my phone contract is with tellio", "swapped phone contract to kestrel mobile", "tellio", "kestrel"),
])
def test_the_things_record_takes_the_new_value(tmp_path, first, later, old, new):
    texts = after_two_sessions(tmp_path, first, later)
    assert any(new in t for t in texts), texts
    assert not any(old in t and new not in t for t in texts), texts


@pytest.mark.parametrize("first, later, old", [
    # what is done with the thing, not what it is
    ("i walk the dog along the canal path every morning", "moved the dog's bed to the utility room", "canal"),
    # a person placed somewhere
    ("our eldest sleeps in the bottom bunk", "we moved Tariq to the top bunk this week", "bottom bunk"),
    # another thing moved
    ("our wifi is with zapnet, 60 a month", "switched the router to the upstairs landing, signal was bad", "zapnet"),
    # a part or a setting of the thing
    ("our kids' school is lincoln elementary", "switched the kids' school bus to the later route", "lincoln"),
    ("gym is puregym on the ring road", "switched my gym routine to mornings", "puregym"),
    # for a while
    ("our wifi is with zapnet, 60 a month",
     "switched the wifi to my phone hotspot for the weekend while the router's down", "zapnet"),
    ("car insurance is with progressive",
     "switched my car insurance to geico for the rental car only, just this trip", "progressive"),
])
def test_a_record_of_something_else_stays(tmp_path, first, later, old):
    texts = after_two_sessions(tmp_path, first, later)
    assert any(old in t for t in texts), texts


@pytest.mark.parametrize("first, later, old", [
    # what kind the thing is, not who provides it
    ("my phone is a pixel 7", "switched my phone to airplane mode", "pixel"),
    # a word made from another is another thing
    ("my accountant is with hw fisher", "moved my account to starling", "fisher"),
])
def test_a_kind_or_another_word_keeps_the_record(tmp_path, first, later, old):
    texts = after_two_sessions(tmp_path, first, later)
    assert any(old in t for t in texts), texts
