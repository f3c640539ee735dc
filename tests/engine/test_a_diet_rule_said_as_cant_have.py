"""What the speaker can't have ("I can't have garlic", "I cannot have caffeine, but ...") is a rule
of theirs, kept as a constraint alone and beside other statements. Before, it was kept only as a
turn of its own when the classifier was near-sure, and beside another statement it was lost or kept
as a fact. What one can't own or get ("a dog in this flat"), amounts ("everything"), what one should
not have done ("I shouldn't have eaten the whole cake") and one occasion ("can't have lunch with you
tomorrow") are no rule, and "can't do" a day or a thing stays unread ("I can't do Thursday")."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("I can't have garlic. Planning a dinner party for Saturday, eight of us.", "garlic"),
    ("I cannot have caffeine, but my wife drinks four coffees a day", "caffeine"),
    ("I can't have onions, they set off my IBS. We're eating out on Friday.", "onions"),
    ("We can't have peanuts in the house; my son carries an EpiPen", "peanuts"),
    ("honestly I shouldn't have sugar after six, my dentist says", "sugar"),
])
def test_what_one_cant_have_is_a_rule(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Teodor", text)
    assert any(kind == "constraint" and word in t for kind, t in kept), kept


@pytest.mark.parametrize("text", [
    "I can't have a dog in this flat, the landlord said no.",
    "I can't have everything I want, I know.",
    "I shouldn't have eaten the whole cake last night.",
    "I can't have lunch with you tomorrow, sorry.",
    "I can't do Thursday.",
    "I can't do much about the noise next door.",
])
def test_what_one_cant_own_or_should_not_have_done_is_no_rule(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Teodor", text)
    assert not any(kind == "constraint" for kind, _ in kept), kept
