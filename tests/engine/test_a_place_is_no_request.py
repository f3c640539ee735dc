"""A clause that opens with a preposition of place ("group walk today, along the cliffs", "long
ride today across the moors", "dog walk this morning around the reservoir") tells where something
happened; it is never a request to the assistant. Before, such a clause beside a time word made
the sentence an instruction for that day, which lapsed with it, so the outing was never kept. A
request said with the period still is one."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("Group walk today along the cliffs, about eight miles.", "cliffs"),
    ("Long ride today across the moors, 60 km with the club.", "moors"),
    ("Dog walk this morning around the reservoir, very muddy.", "reservoir"),
    ("Run tonight through the park, 10k in 52 minutes.", "park"),
])
def test_an_outing_told_with_its_place_is_an_episode(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Robin", text)
    assert any(k == "episode" and word in t for k, t in kept), kept
    assert not any(k == "temporary_instruction" for k, _ in kept), kept


@pytest.mark.parametrize("text, word", [
    ("Today, walk me through the budget line by line.", "budget"),
    ("Just for tonight, along with the recipe, give me a wine pairing.", "wine"),
    ("For this chat only, answer in Spanish.", "Spanish"),
])
def test_a_request_for_a_period_is_still_one(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Robin", text)
    assert any(k == "temporary_instruction" and word in t for k, t in kept), kept
