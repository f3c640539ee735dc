"""A limit said as what follows from a reason, in a rule's form ("saving up for a holiday, so eating
out is capped at 30 a week", "the landlord is strict, so guests are limited to two at a time"), is a
rule, kept with its reason, as an idiom of a limit ("so squats are a no-go") was. Before, a sentence
with no word of the speaker's in it kept nothing. What merely followed ("it rained all day, so the
match is off") is no rule."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("saving up for a holiday, so eating out is capped at 30 a week", "30 a week"),
    ("the landlord is strict, so guests are limited to two at a time", "two at a time"),
    ("saving for a car, so going out is capped at £25 a week max.", "£25"),
    ("trying to cut back, so drinks are limited to two a night", "two a night"),
])
def test_a_limit_after_its_reason_is_a_rule(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Oskar", text)
    assert any(kind == "constraint" and word in t for kind, t in kept), kept


@pytest.mark.parametrize("text", [
    "it rained all day, so the match is off",
    "the shop was shut, so the party is at Sam's now",
])
def test_what_merely_followed_is_no_rule(tmp_path, text):
    assert not any(kind == "constraint" for kind, _ in kept_of_one_turn(tmp_path, "Oskar", text))
