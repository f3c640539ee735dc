"""A code, PIN or password said in words, digit by digit, as dictated or transcribed speech writes
it ("the code is seven three five one", "PIN's oh four double two") is redacted before anything is
written, as the same code in digits is. Before, the words went into the log and the records. Fewer
than four digits, number words that are no code ("the dress code is one of those things"), and a
zip code said in words stay."""
from __future__ import annotations

import pytest

from engine.redaction import redact
from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, said", [
    ("we're in the holiday cottage now and the key box code is four eight two six if you need it", "four eight two six"),
    ("my bank card PIN is nine oh oh three, don't let me forget it", "nine oh oh three"),
    ("the bike lock combination is two, seven, one, five", "two, seven, one, five"),
    ("work alarm code's six double one nine, press it twice", "six double one nine"),
    ("the password for the router is eight eight three three one", "eight eight three three one"),
    ("Gym locker code: zero five triple nine.", "zero five triple nine"),
])
def test_a_code_said_in_words_is_redacted(text, said):
    redacted, kinds = redact(text)
    assert said not in redacted and kinds, redacted


@pytest.mark.parametrize("text", [
    "the dress code is one of those things I never get right",
    "the code is one two three, that's all I remember of it",
    "the zip code is nine oh two one oh",
    "my pin badge has two or three stars on it",
    "I wrote code for four or five hours today",
])
def test_number_words_that_are_no_code_stay(text):
    assert redact(text) == (text, [])


def test_the_words_of_a_code_reach_no_record(tmp_path):
    kept = kept_of_one_turn(tmp_path, "Wren", "we're staying at Fernbank campsite, pitch twelve, and the toilet block "
                                              "keypad code is three one one seven, the kids love it here")
    assert kept and not any("three one one seven" in text for _, text in kept), kept


def test_a_sound_of_hesitation_between_the_digits_hides_no_code():
    redacted, kinds = redact("The key box code for the cottage is four um eight two six.")
    assert "eight two six" not in redacted and kinds, redacted
