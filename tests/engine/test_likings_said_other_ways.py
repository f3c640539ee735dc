"""A liking said of the thing ("karaoke is really not my thing", "country music isn't my cup of
tea", "sourdough baking is my jam these days") or of the speaker as no one for it ("I've never
been one for New Year's resolutions", "we're not big on birthdays") is a preference, its negation
kept in the record. "The thing is, ..." and "the main thing is my visa" say no liking."""
from __future__ import annotations

import re

import pytest

from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("said, word, negated", [
    ("Karaoke is really not my thing.", "Karaoke", True),
    ("Country music isn't my cup of tea.", "Country music", True),
    ("Clubbing has never been our scene.", "Clubbing", True),
    ("I've never been one for New Year's resolutions.", "resolutions", True),
    ("We're not big on birthdays in this family.", "birthdays", True),
    ("Sourdough baking is my jam these days.", "Sourdough", False),
])
def test_a_liking_said_other_ways_is_a_preference(tmp_path, said, word, negated):
    kept = kept_of_one_turn(tmp_path, "Ravi", said)
    mine = [text for kind, text in kept if kind == "preference" and word in text]
    assert mine, kept
    assert bool(re.search(r"\b(?:not|never)\b|n't\b", mine[0])) == negated, mine


@pytest.mark.parametrize("said", ["The thing is, my car broke down again.", "The main thing is my visa."])
def test_what_says_no_liking_is_no_preference(tmp_path, said):
    assert not any(kind == "preference" for kind, _ in kept_of_one_turn(tmp_path, "Ravi", said))
