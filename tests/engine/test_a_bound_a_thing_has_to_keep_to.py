"""A bound a thing has to keep to ("the commute has to be under 40 minutes", "flights have to be 2
stops max") is a constraint, said with "has to" / "needs to" as with "must" or "can't", and after
what the assistant is doing when it holds ("when you search apartments, ..."). Before, "has to be"
with a bound was read by no rule: such a sentence without a word of the speaker's own was dropped,
or kept as a fact. A guess of how much something is ("there has to be at least 50 people in this
queue") or the weather is no rule kept for a thing."""
from __future__ import annotations

import pytest

from tests.engine.two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("when you search apartments, the commute has to be under 40 minutes", "40 minutes"),
    ("any time you plan a hike for us, the route has to be less than 12 km, the kids get tired", "12 km"),
    ("the daycare has to be no more than 10 minutes from work", "10 minutes"),
    ("flights have to be 2 stops max, I get airsick", "2 stops"),
    ("if you suggest podcasts, episodes can't run longer than half an hour", "half an hour"),
])
def test_the_bound_is_a_constraint(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Robin", text)
    assert any(kind == "constraint" and word in t for kind, t in kept), kept


@pytest.mark.parametrize("text", [
    "it has to be at least 30 degrees for the pool to be nice",
    "there has to be at least 50 people in this queue",
    "that has to be under 2 km from here, right?",
    "surely the wait has to be over an hour by now",
    "the bloke at the door has to be at least 6'5",
    "do the slides have to be under 20 minutes for the talk",
    # no work of the assistant's before it; a past perfect
    "if you ask me, the rent shouldn't be more than 900 for that place",
    "the vet bills have cost more than 3000 this year",
    "the line got to be over 3 hours long by lunchtime",
])
def test_no_constraint_is_kept(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Robin", text)
    assert not any(kind == "constraint" for kind, _ in kept), kept
