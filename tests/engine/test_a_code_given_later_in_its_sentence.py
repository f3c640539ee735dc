"""A code named first and its digits given later in the sentence as what "it" is ("keep forgetting
the alarm pin when I come in early, it's 582079") is redacted; so is an account number said as "acc
no". Both reached records in clear before. Digits that say what something is ("it's 2019 model")
or how far ("which is 2 miles away") stay."""
from __future__ import annotations

import pytest

from engine.redaction import redact
from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, code", [
    ("I never remember the garage pin when my hands are full, it's 73105.", "73105"),
    ("the combination on Nan's key safe, which is 4829, is also on her fridge", "4829"),
    ("our gate code keeps changing - at the moment it is 1590 - so ask me first", "1590"),
    ("Transfer the deposit to the club account, acc no 40221876, ref MAY.", "40221876"),
    ("my bank pin? it's 3928", "3928"),
    ("gym locker combo, its 19-32-07", "19-32-07"),
    ("the side gate opens with 2 5 8 0", "2 5 8 0"),
])
def test_a_code_given_later_is_redacted(text, code):
    clean, kinds = redact(text)
    assert code not in clean and kinds, clean


@pytest.mark.parametrize("text", [
    "The password rules at work are strict, it's 2024 policy now.",
    "The pin on the map, which is 2 miles away, is the campsite.",
    "My pin changed last year, it's a pain. The bus is 42.",
])
def test_digits_that_are_no_code_stay(text):
    assert redact(text) == (text, [])


def test_the_pin_never_reaches_a_record(tmp_path):
    kept = kept_of_one_turn(tmp_path, "Joaquin", "We run a bakery on Mill Road. I keep forgetting the alarm pin "
                                                  "when I open up at 5am, it's 660213.")
    assert kept and not any("660213" in text for _, text in kept), kept
