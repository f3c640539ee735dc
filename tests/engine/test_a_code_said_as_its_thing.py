"""A thing that opens with a code, said to be the code ("the lockbox on the front gate is 2846",
"Grandad's keysafe: 5519"), has the code redacted though the word "code" is unsaid; it reached
records in clear before. A number that is no code ("our alarm is 15 years old", "the alarm went
off at 3am") stays."""
from __future__ import annotations

import pytest

from engine.redaction import redact
from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, code", [
    ("The lockbox on the front gate is 2846, the cleaner needs it Thursday.", "2846"),
    ("Grandad's keysafe: 5519", "5519"),
    ("FYI the alarm panel is 0093#, you've got 30 seconds.", "0093#"),
    ("the combination lock on the bike shed is 7-2-9-1", "7-2-9-1"),
])
def test_a_code_said_as_its_thing_is_redacted(text, code):
    clean, kinds = redact(text)
    assert code not in clean and "access_code" in kinds, clean


@pytest.mark.parametrize("text", [
    "The alarm went off at 3am again.",
    "Our alarm is 15 years old and beeps constantly.",
    "The key safe cost 45 pounds at the hardware shop.",
])
def test_a_number_that_is_no_code_stays(text):
    assert redact(text) == (text, [])


def test_a_code_said_as_its_thing_never_reaches_a_record(tmp_path):
    kept = kept_of_one_turn(tmp_path, "Ines", "Notes for Dad's carers: his tablets are by the kettle and the lockbox on "
                                              "the front gate is 2846.", inactive=True)
    assert not any("2846" in text for _, text in kept), kept
