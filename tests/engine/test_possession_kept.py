"""A thing the speaker has, said plainly ("I have a ...", "I've got a ..."), is kept as a fact when
the classifier reads it as a fact first, however unsure; what they have to do or ask ("I have a
favour to ask") it reads otherwise, and nothing is kept of it."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from conftest import active_texts_after

AT = datetime(2026, 3, 9, 9, tzinfo=timezone.utc)


@pytest.mark.parametrize("said, word", [
    ("I have a prosthetic leg.", "prosthetic"),
    ("I have an ileostomy bag.", "ileostomy"),
    ("I have a metal plate in my wrist.", "metal plate"),
    ("I've got a birthmark on my neck.", "birthmark"),
])
def test_a_thing_the_speaker_has_is_kept(tmp_path, said, word):
    active = active_texts_after(tmp_path, [said], "Wren", AT)
    assert any(word in t for t in active), active


@pytest.mark.parametrize("said", [
    "I have a quick question.",
    "I have a favour to ask.",
    "I have an idea for dinner.",
    "I've got a few minutes now.",
])
def test_what_the_speaker_has_to_ask_or_do_is_not_kept(tmp_path, said):
    assert active_texts_after(tmp_path, [said], "Wren", AT) == []
