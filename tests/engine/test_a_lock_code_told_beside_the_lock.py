"""A lock's code told beside the lock, in an aside ("the spare is in the key safe by the meter box
(the code's 3390)", "left the van keys in the lockbox (the code is 7765) for Tariq") is redacted
before anything is written, as "the lockbox code is ..." was. Before, "the code's" and an aside
with no "it" in the sentence let the digits through, as did "it's ..." after a lock when no word of a
code or password was in the turn ("the keysafe by the porch (it's 8844)"). A size, a weight, a year or a house number
told of a lock is no code, nor is another kind of code beside it (a zip code, a product code, an
error code). Many lock words in one long sentence cost a search each no more."""
from __future__ import annotations

import pytest

from engine.redaction import redact


@pytest.mark.parametrize("text, code", [
    ("the spare is in the key safe by the meter box (the code's 3390) if the sitter needs it", "3390"),
    ("the gate keypad (the code is 1904) sticks in the cold", "1904"),
    ("left the van keys in the lockbox (the code is 7765) for Tariq", "7765"),
    ("the lockbox on the fence has the spare (the code's 7302)", "7302"),
    # a lock named, then what "it" is, with no word of a code in the turn
    ("the keysafe by the porch (it's 8844)", "8844"),
    ("spare key's in the key safe by the back door, it's 4471 if you need it", "4471"),
    ("left a spare in the lockbox round the side, it's 1188 btw", "1188"),
    ("the garage keypad is on the left (it's 5521 then enter)", "5521"),
])
def test_a_code_told_beside_its_lock_is_redacted(text, code):
    redacted, kinds = redact(text)
    assert code not in redacted and kinds, redacted


@pytest.mark.parametrize("text", [
    "the lockbox holds 2 keys, it's 30 cm wide",
    "I bought a padlock, it's 1500 grams",
    "the lockbox is at number 14, it's by the gate",
    "the lockbox is at number 14, code's on the fridge",
    "the keypad was installed in 2019, it's 2019 model",
    "The key safe is outside 14 Elm Road, the zip code is 90210.",
    "I bought a padlock from Argos, the product code is 4471203",
    "The keypad on the microwave keeps beeping, the error code is 4021.",
])
def test_what_a_lock_measures_is_no_code(text):
    assert redact(text) == (text, [])


def test_many_lock_words_are_searched_once():
    # (each searched on to the sentence's end made this quadratic: seconds at 40,000 characters)
    text = "lockbox " * 5000 + "the code is 12345"
    redacted, kinds = redact(text)
    assert "12345" not in redacted and kinds == ["access_code"]
