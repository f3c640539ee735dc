"""What this round's readings must not take: a sum and "more" inside a word ("laptops and more"),
"That's not to say ...", "It's not to my taste", "I won't get anything done before Friday", "I'm
looking for context clues", "it is safe to deploy, the code is ...", "no go-karts", "that burger
is off menu", "sundayschool" read as a weekday. Each was taken before a review of the round."""
from __future__ import annotations

import pytest

from engine.extractor import told_before
from engine.meaning import values
from engine.redaction import redact
from engine.textnorm import plain_negations
from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text", [
    "I spent $500 on the laptops and more.",
    "I paid $300 for the piano more or less.",
    "That's not to say I don't love my job.",
    "It's not to my taste, honestly.",
    "My advice is not to go there.",
    "I won't get anything done before Friday.",
])
def test_no_constraint(tmp_path, text):
    assert not any(k == "constraint" for k, _ in kept_of_one_turn(tmp_path, "Sam", text))


@pytest.mark.parametrize("text", [
    "I'm looking for context clues in the poem.",
    "I need to recap the meeting for my boss.",
    "I set an alarm as a reminder to take pills.",
    "Remember my keys tomorrow.",
])
def test_not_told_as_said_before(text):
    assert not told_before(text)


@pytest.mark.parametrize("text", [
    "You'll remember I moved to Leeds.",
    "As you may know, I work nights.",
    "For context: we're in Leeds.",
])
def test_told_as_said_before(text):
    assert told_before(text)


def test_safe_as_a_word_opens_nothing():
    text = "It is safe to deploy, the code is 4f9a2c in main."
    assert redact(text) == (text, [])


@pytest.mark.parametrize("text", [
    "There are no go-karts at the Leeds fair this year.",
    "My local pub is no go-to spot for me anymore.",
    "That burger is off menu, ask the chef.",
])
def test_no_idiom_of_no(text):
    assert plain_negations(text) == text


def test_a_weekday_inside_a_word_is_no_value():
    assert not values("She goes to sundayschool now", "") & {"sundays", "sunday"}
