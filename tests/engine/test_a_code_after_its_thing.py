"""A code said after the thing it opens, in the same sentence, with no word of its own before it
("there's a lockbox on the porch, code's 2231"): the thing says what the code is for, and the code
is redacted. It reached records in clear before. A "code" of something else ("zip code", "error
code"), a code word with no value, or a code in another sentence stays as it was."""
from __future__ import annotations

import pytest

from engine.redaction import redact
from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, code", [
    ("there's a lockbox on the porch, code's 2231, so the cleaner can get in", "2231"),
    ("Side door has a keypad, code 7719.", "7719"),
    ("We fitted a key box next to the bins - code is 6604 if you need it", "6604"),
    ("Mum has a lock box by the porch light (code is 7731) for the nurses", "7731"),
    ("The allotment shed has a padlock, the code is 0418, spare gloves inside.", "0418"),
    # the thing said to be the code, and "keysafe" as one word
    ("The side gate is code 5531, just push hard after.", "5531"),
    ("Keysafe code 8817 by the back door, the spare is on the red fob.", "8817"),
    ("For the cleaner: the back door's keypad is code 1290.", "1290"),
])
def test_a_code_after_the_thing_it_opens_is_redacted(text, code):
    clean, kinds = redact(text)
    assert code not in clean and "access_code" in kinds, clean


@pytest.mark.parametrize("text", [
    "The alarm panel beeps, zip code is 90210 if the installer asks.",
    "The door was jammed again, code is a mess in that repo.",
    "The front door sticks in winter, code 2 on the repair list.",
    "Our garage door opener shows error code 4401 when it jams.",
    "The gate opens at nine. Code review is at 1030 on Fridays.",
    "This bug is code 4401 in the logs, the door sensor is fine.",
    "The old gate is a code 3 hazard according to the council.",
])
def test_a_code_of_something_else_stays(text):
    assert redact(text) == (text, [])


def test_the_code_never_reaches_a_record(tmp_path):
    kept = kept_of_one_turn(tmp_path, "Oskar", "The dog walker starts Monday: there's a keypad on the side gate, "
                                               "code 3358, and the lead hangs by the door.", inactive=True)
    assert not any("3358" in text for _, text in kept), kept
