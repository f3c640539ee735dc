"""What the speaker can't have or can't do, said of a food or a drink ("I can't have dairy", "I
cannot do gluten"), is a rule of their diet, kept as a constraint alone and beside other
statements. Before, it was kept only as a turn of its own, and then only when the classifier was
near-sure; beside another statement it was lost or kept as a fact. What one can't own, get or do
once ("I can't have a dog here", "can't have the day off", "can't do the school run") and amounts
("can't do much") are no diet rule."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn, records_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("I can't have garlic. Planning a dinner party for Saturday, eight of us.", "garlic"),
    ("I cannot have caffeine, but my wife drinks four coffees a day", "caffeine"),
    ("We can't have peanuts in the house; my son carries an EpiPen", "peanuts"),
    ("I can't do gluten. My mum is coming for lunch on Sunday.", "gluten"),
    ("honestly I shouldn't have sugar after six, my dentist says", "sugar"),
])
def test_what_one_cant_have_is_a_diet_rule(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Teodor", text)
    assert any(kind == "constraint" and word in t for kind, t in kept), kept


@pytest.mark.parametrize("text", [
    "I can't have a dog in this flat, the landlord said no.",
    "I can't have the day off on Friday, we're short staffed.",
    "I can't do the school run tomorrow, can you ask Sam?",
    "I can't do much about the noise next door.",
    "I can't have everything I want, I know.",
])
def test_what_one_cant_own_or_do_once_is_no_diet_rule(tmp_path, text):
    records = records_of_one_turn(tmp_path, "Teodor", text)
    assert not any((r.slot or "").startswith("constraint:diet") for r in records), [(r.kind, r.slot, r.text) for r in records]
