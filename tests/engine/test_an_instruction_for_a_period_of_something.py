"""An instruction for what a period is of ("for this week's practice give me only scales", "for
tonight's lesson quiz me only on verbs", "for tomorrow's call send me the agenda an hour before"):
the words after the period ("'s practice") are what it is of, not part of the instruction, which
lapses with the period. Before, they hid the instruction's verb and the sentence was kept as an
event. Not instructions: a period's thing told of ("today's lesson was great"), what one did then."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("For this week's practice give me only scales.", "scales"),
    ("for tonight's lesson quiz me only on irregular verbs", "verbs"),
    ("For today's class please keep the examples short.", "examples"),
    ("for tomorrow's call send me the agenda an hour before", "agenda"),
])
def test_an_instruction_for_what_a_period_is_of_lapses_with_it(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Arjun", text)
    assert any(kind == "temporary_instruction" and word in t for kind, t in kept), kept


@pytest.mark.parametrize("text", [
    "Today's lesson was great, the teacher gave us scales.",
    "For today's lunch I had soup and a roll.",
    "This week's practice went badly, I kept missing the high notes.",
])
def test_a_period_told_of_is_no_instruction(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Arjun", text)
    assert not any(kind == "temporary_instruction" for kind, _ in kept), kept


@pytest.mark.parametrize("text, word", [
    ("for tonight just fire questions at me about the Tudors", "Tudors"),
    ("This week, hurl vocab at me every morning.", "vocab"),
    ("For today's drill, lob easy serves to me.", "serves"),
])
def test_an_instruction_whose_verb_is_done_to_the_speaker_lapses_with_its_period(tmp_path, text, word):
    """A verb the rules do not list, done to the speaker ("... at me", "... to me") for a period."""
    kept = kept_of_one_turn(tmp_path, "Arjun", text)
    assert any(kind == "temporary_instruction" and word in t for kind, t in kept), kept


@pytest.mark.parametrize("text", [
    "for today's lunch the chef brought soup to me",
    "For today, puppies are climbing on me",
    "For this week's shift the manager yelled at me",
])
def test_something_done_to_the_speaker_for_a_period_is_no_instruction(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Arjun", text)
    assert not any(kind == "temporary_instruction" for kind, _ in kept), kept

