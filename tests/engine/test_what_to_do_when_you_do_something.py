"""What to do, said after "when you <do something>" with no comma between ("this week only when you
file my expenses put the taxis under travel", "when you book hotels always ask for a quiet room"),
is read as an instruction for the period said with it. Before, the imperative after the "when"
clause went unread: the turn kept nothing, an event or a fact. Said for good, it stays a rule. A noun after its determiner ("when you
check the list you'll see") is no imperative, and what the speaker likes the assistant to do is no
instruction."""
from __future__ import annotations

import pytest

from engine.extractor import _comma_after_when_you
from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("for the next two hours when you answer me keep it to bullet points", "bullet"),
    ("this week only when you file my expenses put the taxis under travel", "taxis"),
    ("until the weekend each time you write to the landlord copy in my partner", "partner"),
    ("tonight whenever you recommend a film suggest something under two hours", "two hours"),
])
def test_what_to_do_for_a_while_when_you_do_something_is_an_instruction(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Bao", text)
    assert any(kind == "temporary_instruction" and word in t for kind, t in kept), kept


@pytest.mark.parametrize("text, word", [
    ("when you book hotels always ask for a quiet room", "quiet room"),
    ("whenever you draft emails to clients use British spelling", "British"),
    ("when you plan a route avoid toll roads", "toll roads"),
])
def test_what_to_do_for_good_when_you_do_something_stays_a_rule(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Bao", text)
    assert any(kind == "constraint" and word in t for kind, t in kept), kept


@pytest.mark.parametrize("text", [
    "when you check the list you'll see my name near the top",
    "I love it when you explain things slowly",
    "when you reply, keep it short",
    "it's funny when you say that",
    "when you check Sam's list you'll see my name",
])
def test_no_comma_is_put_where_no_imperative_follows(text):
    assert _comma_after_when_you(text) == text


@pytest.mark.parametrize("text", [
    "this week when you filed my expenses you put the taxis under food",
    "tonight when you booked the taxi you forgot to add my name",
    "this week only when you file my expenses I'll check them after",
    "When you said you would call me back I waited all afternoon.",
])
def test_what_was_done_or_who_does_it_is_no_instruction(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Bao", text)
    assert not any(kind == "temporary_instruction" for kind, _ in kept), kept
