"""A question asked without its question mark ("how many litres of paint does a small bedroom
usually take") asks; it tells nothing of the speaker, and nothing of it is kept as a fact. An
exclamation that opens the same way ("how much I love this place") asks nothing."""
from __future__ import annotations

import pytest

from engine.extractor import is_question
from tests.engine.two_sessions import kept_of_one_turn


@pytest.mark.parametrize("said", [
    "how many litres of paint does a small bedroom usually take",
    "how much is a return train to Paris these days",
    "how long does sourdough starter last in the fridge",
    "how many miles can an e-bike battery do on one charge",
    "how far is it from Leeds to York by bike",
    "what time does the pharmacy on Hyde Road close on sundays",
    "which day is the bin collection in Headingley",
])
def test_a_question_without_its_mark_keeps_nothing(tmp_path, said):
    assert is_question(said)
    assert kept_of_one_turn(tmp_path, "Kofi", said) == []


@pytest.mark.parametrize("said", [
    "How much I love this place, honestly",
    "How long it took me to learn to swim, you would not believe",
    "how many people turned up was a surprise",
    "How old my dad would be today, he'd have turned 70 this week",
    "How much my kids have grown this year, Leo is 6 now",
])
def test_an_exclamation_is_no_question(said):
    assert not is_question(said)


def test_a_statement_after_a_how_clause_is_still_kept(tmp_path):
    kept = kept_of_one_turn(tmp_path, "Kofi", "How I met my wife is a long story: we met at a salsa class in Cali.")
    assert kept, kept
