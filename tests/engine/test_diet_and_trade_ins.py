"""A diet taken up with "went" / "gone" / "turned" fills the diet slot ("I've gone fully vegan"
after "I'm vegetarian" left both standing); a thing traded in or sold on is an end ("traded the
Corolla in"); and a value verb moving the speaker's own thing needs no word of it in the record
("changed my major to ...", "moved all my accounts over to ...")."""
from __future__ import annotations

import pytest

from engine.meaning import ended, moved_thing
from engine.textnorm import terms
from two_sessions import records_after

DAYS = ("2026-12-01", "2026-12-08")


def _after(tmp_path, old, new):
    return records_after(tmp_path, old, new, speaker="Lerato", days=DAYS, at="19:00:00")


@pytest.mark.parametrize("old, new, word", [
    ("I'm pescatarian, fish twice a week.", "I went vegetarian in the summer, no more fish", "pescatarian"),
    ("I'm vegetarian.", "we turned vegan as a family this year", "vegetarian"),
    ("I'm vegan, mostly for the animals.", "I've just gone pescatarian, my doctor wanted more protein", "vegan"),
])
def test_a_diet_taken_up_supersedes_the_old_diet(tmp_path, old, new, word):
    recs = _after(tmp_path, old, new)
    olds = [r for r in recs if word in (r.text or "").lower() and [s.turn_id for s in r.sources] == ["0"]]
    assert olds and all(r.tier == "superseded" for r in olds), [(r.text, r.tier, r.slot) for r in recs]


@pytest.mark.parametrize("old, new, word", [
    ("My car is a 2016 Honda Jazz.", "Traded the Jazz in on Saturday, I drive a Kia Picanto now", "Jazz"),
    ("I ride a Brompton to the station.", "sold the brompton on to a colleague, I walk now", "Brompton"),
    ("We have a Roomba that does the floors.", "gave the roomba away, the dog hated it", "Roomba"),
])
def test_a_thing_traded_in_or_sold_on_is_ended(tmp_path, old, new, word):
    recs = _after(tmp_path, old, new)
    olds = [r for r in recs if word in (r.text or "") and [s.turn_id for s in r.sources] == ["0"]]
    assert olds and all(r.tier == "superseded" for r in olds), [(r.text, r.tier) for r in recs]


def test_trading_stories_is_no_end():
    assert ended("Lerato traded stories in the pub", "Lerato") is None


@pytest.mark.parametrize("text, thing", [
    ("Lerato changed Lerato's major to information systems", ""),
    ("Lerato moved all Lerato's accounts over to Nedbank", ""),
    ("Lerato moved the rest of Lerato's savings to a tax-free account", ""),
    ("Lerato's sister moved the wedding to June", "wedding"),
    ("Lerato's brother moved his gig to Saturday", "gig"),
])
def test_the_speakers_own_thing_needs_no_word_of_it_in_the_record(text, thing):
    assert moved_thing(text, "Lerato") == frozenset(terms(thing))
