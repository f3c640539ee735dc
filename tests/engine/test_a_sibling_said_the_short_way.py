"""A sister or brother said the short way ("my sis", "my bro") is the same kin as said in full: a
fact about them said again that way is one memory, not two. Before, "my bro works at tesco on king
street" beside "My brother works at the Tesco on King Street" was kept as a second record. A word
said to the listener ("thanks bro") is no one's fact."""
from __future__ import annotations

import pytest

from two_sessions import active_after, kept_of_one_turn


@pytest.mark.parametrize("first, again, word", [
    ("My sister lives in Bristol and teaches yoga.", "my sis is in bristol, she teaches yoga there", "yoga"),
    ("My brother works at the Tesco on King Street.", "my bro works at tesco on king street", "tesco"),
    ("My brother is an electrician in Cardiff.", "my bro's an electrician down in cardiff", "electrician"),
])
def test_a_fact_about_a_sibling_said_again_the_short_way_is_one_memory(tmp_path, first, again, word):
    texts = active_after(tmp_path, "Marisol", [first, again])
    assert len([t for t in texts if word in t.lower()]) == 1, texts


@pytest.mark.parametrize("text", ["thanks bro, that helps a lot", "omg sis you won't believe what happened at work"])
def test_a_word_said_to_the_listener_is_no_fact(tmp_path, text):
    assert kept_of_one_turn(tmp_path, "Marisol", text) == []
