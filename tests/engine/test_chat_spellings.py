"""A message typed on a phone is decided as the same message typed carefully.

Contractions without their apostrophe ("im", "dont", "thats") and abbreviations that cannot be read
another way ("u", "pls", "tmrw", "w/") are written out before a user's turn is decided; words that
are words of their own ("its", "were", "ill") and capitals ("IM", a grade "U") stay.
"""
from __future__ import annotations

import pytest

from engine.textnorm import plain_chat
from tests.conftest import engine_after


@pytest.mark.parametrize("chat, plain", [
    ("im driving the minibus for the away game", "I'm driving the minibus for the away game"),
    ("Ive got two ferrets, thats why", "I've got two ferrets, that's why"),
    ("can u pls check the tide times", "can you please check the tide times"),
    ("shes off tmrw w/ her sister", "she's off tomorrow with her sister"),
    ("coffee w/o sugar, we dont do dairy", "coffee without sugar, we don't do dairy"),
])
def test_chat_spellings_are_written_out(chat, plain):
    assert plain_chat(chat) == plain


@pytest.mark.parametrize("text", [
    "its collar is red and we were late",   # words of their own
    "ill since Monday, well enough now",
    "IM me when the U20 squad is out",      # capitals and a team name
    "I got a U in chemistry and made a U-turn",
    "see https://example.org/u/ur-page",    # inside a link
])
def test_words_of_their_own_stay(text):
    assert plain_chat(text) == text


def _records(tmp_path, texts: list[str]) -> list[tuple[str, str]]:
    with engine_after(tmp_path, texts, "Ola", "2026-06-01", 0) as engine:
        return sorted((r.kind, r.text) for r in engine.records("t", "u"))


@pytest.mark.parametrize("chat, careful", [
    ("im the treasurer of the rowing club now, need help w/ the budget",
     "I'm the treasurer of the rowing club now, need help with the budget"),
    ("pls dont ever book me on flights b4 9am", "Please don't ever book me on flights before 9am"),
    ("thats my sister Wen, shes a midwife in Leeds", "That's my sister Wen, she's a midwife in Leeds"),
    ("for the rest of this chat can u answer in metric", "For the rest of this chat can you answer in metric"),
])
def test_a_chat_typed_message_keeps_what_the_careful_one_keeps(tmp_path, chat, careful):
    want = _records(tmp_path / "careful", [careful])
    assert want, "the careful wording is kept"
    got = _records(tmp_path / "chat", [chat])
    assert [k for k, _ in got] == [k for k, _ in want]
    assert [t.lower() for _, t in got] == [t.lower() for _, t in want]
