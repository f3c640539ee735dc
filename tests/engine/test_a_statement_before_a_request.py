"""What a sentence tells before the request it ends with is kept: "the cat needs feeding twice a
day, could you tell the sitter?" keeps that the cat needs feeding twice a day, with or without the
question mark. Before, the request's "you" made the whole sentence read as said to the listener,
and nothing was kept. A request alone, or after a comment or a supposition, keeps nothing."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("the cat needs feeding twice a day, could you tell the sitter?", "feeding"),
    ("my flight lands at 6, can you let my brother know?", "lands at 6"),
    ("The spare fuses are in the blue tin under the stairs, can u remind Tom when he comes", "fuses"),
    ("Our wifi router is in the hall cupboard, please tell the babysitter", "router"),
])
def test_the_statement_before_a_request_is_kept(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Odile", text)
    assert any(word in t for _, t in kept), kept
    assert not any("tell" in t or "remind" in t or "let" in t.split() for _, t in kept), kept


@pytest.mark.parametrize("text", [
    "that's so cool, can you send me a picture?",
    "if it rains tomorrow, can you remind me to take the car?",
    "ok, can you book it",
])
def test_a_request_after_a_comment_or_a_supposition_keeps_nothing(tmp_path, text):
    assert kept_of_one_turn(tmp_path, "Odile", text) == []
