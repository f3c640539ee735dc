""""Mine's" is "mine is" (or "mine has" before "been"/"got"): told in the third person it reads
"<name>'s is a Fiesta", where before it read "<name>'s's a Fiesta", a word no search or reader
matches."""
from __future__ import annotations

import pytest

from engine.extractor import to_third_person


@pytest.mark.parametrize("said, told", [
    ("My brother drives a Passat and mine's a Fiesta", "Mira's is a Fiesta"),
    ("Yours is the blue mug, mine’s the green one", "Mira's is the green one"),
    ("for the record mine's the allotment by the gate", "Mira's is the allotment by the gate"),
    ("mine's been playing up since the update", "Mira's has been playing up"),
])
def test_mine_is_told_as_the_speakers_is(said, told):
    out = to_third_person(said, "Mira")
    assert told in out and "'s's" not in out and "’s’s" not in out, out


@pytest.mark.parametrize("said", [
    "My car's in the garage",
    "Mira's bike is red",
])
def test_a_possessive_alone_is_left(said):
    assert "is is" not in to_third_person(said, "Mira") and "'s is" not in to_third_person(said, "Mira")
