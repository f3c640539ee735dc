"""Rules and limits that are not the speaker's own "I must": a rule for everyone or everything of a
kind ("all visitors must sign in"), a standing rule about one thing ("the dog must always be on a
lead"), a named rule or policy ("studio rule: no outdoor shoes"), and a limit ("screen time is capped
at 90 minutes", "the kayak can't exceed 90 kg") are kept as constraints. A guess, a past event or a
trait said with the same words is not."""
from __future__ import annotations

import pytest

from engine import MemoryEngine


def _kinds(tmp_path, text: str) -> list[str]:
    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s", "turn_id": "0", "role": "user",
                       "speaker": "Ayla", "text": text, "occurred_at": "2026-09-01T10:00:00Z"})
        engine.flush()
        return [r.kind for r in engine.records("t", "u")]


@pytest.mark.parametrize("text", [
    # for everyone or everything of a kind
    "All visitors must sign in at the front desk.",
    "Every invoice has to go through Priya before it's paid.",
    "Each volunteer needs to wear a hi-vis vest on site.",
    "Any parcel has to be signed for by an adult.",
    "No guest can bring a plus-one to the rehearsal dinner.",
    "The lift is tiny, so every box we pack has to fit in it.",
    # one thing, always or never
    "The dog must always be on a lead in the park.",
    "The van should never be left unlocked overnight.",
    # named rules and policies
    "Studio rule: no outdoor shoes on the sprung floor.",
    "Club policy: no dogs in the clubhouse.",
    # limits
    "Screen time for the twins is capped at 90 minutes a day.",
    "Guests are limited to two drinks each at the bar.",
    "The kayak can't exceed 90 kg with gear.",
    "The vet said: Biscuit should get no more than half a cup of kibble a day.",
    "The hall's fire rules say the audience can't be more than 120 people.",
    "Our rent can't go over $1,800 a month, that's the ceiling.",
])
def test_a_rule_or_limit_for_others_is_a_constraint(tmp_path, text):
    assert _kinds(tmp_path, text) == ["constraint"]


@pytest.mark.parametrize("text", [
    "He can't be more than 30 years old.",  # a guess
    "It can't have been more than 5 degrees outside.",
    "My sister must always be the centre of attention.",  # a trait
    "Every time we go there it rains.",
    "The tickets were capped at 200 last year.",  # what was, not a standing rule
    "Is there a max of 4 guests per room?",  # a question
    "It took no more than 10 minutes to fix.",
])
def test_the_same_words_as_a_guess_a_trait_or_an_event_are_no_constraint(tmp_path, text):
    assert "constraint" not in _kinds(tmp_path, text)


@pytest.mark.parametrize("text", [
    "You're right, every small act can make a big impact.",
    "Any kid can learn to swim with a bit of patience.",
    "All of us can pitch in on Saturday.",
])
def test_what_everyone_can_do_is_no_rule(tmp_path, text):
    assert "constraint" not in _kinds(tmp_path, text)
