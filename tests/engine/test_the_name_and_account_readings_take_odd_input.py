"""Odd text through this round's readings (an account number after whose account it is, a password
given in the sentence after its name, a record in the speaker's own words, the days a request names,
the words of a request to forget): very long, repeated, unbalanced, empty or unusual input, and
speakers whose names hold a pattern's characters, are read without an error."""
from __future__ import annotations

import pytest

from engine.processor import _may_ask_to_forget, _weekdays
from engine.redaction import redact
from engine.statements import in_own_words

ODD = [
    "",
    " ",
    "my account " * 2000 + "12345678",
    "our joint savings account " * 500,
    "password expired. " * 500 + "The old one was Lime$Tree44",
    "login: " + "a!1" * 3000,
    "tues tuesday weds " * 1000,
    "forget keep hold " * 1000,
    "İstanbul'da my account 12345678 — ünïcödé 🚀 şifre",
    "\x00\x01 (((( [[[ :::: ---",
]
SPEAKERS = ["", "Ana", "A.J. (Jr)", "[Bob]", "Zoë+Luc", "Will", "*"]


@pytest.mark.parametrize("text", ODD)
def test_the_rounds_readings_take_odd_input(text):
    clean, kinds = redact(text)
    assert isinstance(clean, str) and all(isinstance(k, str) for k in kinds)
    assert isinstance(_weekdays(text), set)
    assert isinstance(_may_ask_to_forget(text), bool)


@pytest.mark.parametrize("speaker", SPEAKERS)
@pytest.mark.parametrize("text", ODD[:4] + [f"{'A.J. (Jr)'}'s flat; A.J. (Jr): likes tea"])
def test_a_record_in_own_words_takes_any_speaker(text, speaker):
    assert isinstance(in_own_words(text, speaker), str)


def test_a_name_with_a_patterns_characters_is_read_as_written():
    assert in_own_words("A.J. (Jr)'s flat is on the 3rd floor", "A.J. (Jr)") == "My flat is on the 3rd floor"
    assert in_own_words("AxJx (Jr)'s flat", "A.J. (Jr)") == "AxJx (Jr)'s flat"
