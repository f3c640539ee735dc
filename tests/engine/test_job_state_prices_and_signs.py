"""What a job's running summary keeps of an assistant's turn: a price or estimate told ("a coil and
plug usually runs $180 to $260") and what the signs point to ("that usually points to the ignition
coil", "the rash suggests an allergy") are the job's state, as a status or an identifier is."""
from __future__ import annotations

import pytest

from engine.summarizer import job_state


@pytest.mark.parametrize("sentence", [
    "A new battery usually costs £90 to £120 fitted.",
    "The quote for the full repaint is 2,400 euros.",
    "Re-stringing both guitars would be about 45 dollars with the strings.",
    "That knocking usually points to a worn wheel bearing.",
    "The yellowing between the veins suggests the soil is short of magnesium.",
    "Most likely the float valve in the cistern is stuck.",
])
def test_prices_and_what_the_signs_point_to_are_kept(sentence):
    assert job_state(sentence) == "outcome"


@pytest.mark.parametrize("sentence", ["Happy to help with that!", "Let me check the price.",
                                      "That is a great question about tyres.", "Sounds good, talk soon."])
def test_small_talk_stays_out(sentence):
    assert job_state(sentence) is None
