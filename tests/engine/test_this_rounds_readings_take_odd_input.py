"""The readings added this round and the next (a backup code later in its sentence, a reported rule, a
bar until a point, a request read past its preamble, an instruction that points back; a password by
its shape, a number said in words, a demand on what is chosen, a rule asked as care, a role said by
its verb, an instruction for a period of something) take odd text without raising, and lose nothing
of it: a request read past a preamble is a part of the request, every value read of a number is one
of the text's."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engine.extractor import states_a_rule
from engine.meaning import values
from engine.processor import _past_preamble
from engine.redaction import redact
from engine.summarizer import turn_candidates

AT = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)
ODD = [
    "",
    "\x00\x00 backup codes, one of them is \x00",
    "\U0001F600" * 500,
    "ugh, " * 2000 + "can you delete what I said about my sister?",
    "backup codes " + "1234-5678 " * 500,
    "The lease says " + "no " * 3000,
    "I can't " + "go " * 3000 + "until then. Keep that in mind today.",
    # the readings of the round after it: passwords by their shape, numbers in words, demands, roles
    "login ! " + "a-" * 8000,
    "signed in with " + "Ab1!" * 3000,
    "two thousand, " * 1500 + "three hundred and forty",
    "hundred " * 2200,
    "whatever you " + "plan for the wedding " * 700 + "has to stay under 12k",
    "Could you make sure " + "the rota " * 2000 + "never has me on Sundays?",
    "Dr. Imai is supervising me " + "from now on " * 1500,
    "for today's session just throw " + "puzzles " * 3000 + "at me",
    "Could you forget the " + "a" * 200 + " ~",
]


@pytest.mark.parametrize("text", ODD)
def test_odd_text_is_read_without_raising(text):
    clean, kinds = redact(text)
    assert isinstance(clean, str) and isinstance(kinds, list)
    assert isinstance(states_a_rule(text), bool)
    assert isinstance(turn_candidates(text, role="user", speaker="Jo", occurred_at=AT), list)
    assert text.endswith(_past_preamble(text))
    assert all(isinstance(v, str) for v in values(text))
