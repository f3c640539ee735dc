"""A doing told with its "I" left out, and told on after a comma ("Did the big shop at Lidl this
morning, spent £94.", "Did the Sunday coastal walk with the group again, windy but dry.") is what
the speaker did, not a question: it is kept. Before, the opening "did the" read as a question's
and the sentence was dropped. A question's form ("did the parcel arrive", "Did the vet call back
this afternoon.", "Did the shop close early?") is still a question, and keeps nothing."""
from __future__ import annotations

import pytest

from engine.extractor import is_question
from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("Did the big shop at Lidl this morning, spent £94.", "Lidl"),
    ("Did the Sunday coastal walk with the group again, windy but dry.", "coastal"),
    ("Did the school run and then a spin class, legs are dead.", "spin"),
    ("Did the annual boiler service on the narrowboat today, all fine.", "boiler"),
    # chat leaves the stop off
    ("did the big shop at Aldi, spent 80 quid", "Aldi"),
    ("Did the 10k this morning, 52 minutes and my calves are dead", "10k"),
    ("did the school run in the rain, kids were soaked", "school run"),
])
def test_a_doing_told_as_done_is_kept(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Robin", text)
    assert any(word in t for _, t in kept), kept


@pytest.mark.parametrize("text", [
    "did the parcel arrive",
    "Did the plumber ever call you back?",
    "Did the shop close early?",
    "did you see the match last night",
    # a question's form with a full stop: nothing told after it
    "Did the vet call back this afternoon.",
    "Did the package from Amazon arrive yet...",
    "Did the Arsenal game finish 2-1 last night.",
    # without a stop, a question still asks after the comma
    "did the parcel arrive, any idea",
    "did the plumber ring, he said he would",
    "did the school email, or not",
])
def test_a_question_is_still_one(text):
    assert is_question(text)
