"""The readings added this round and the next (a backup code later in its sentence, a reported rule, a
bar until a point, a request read past its preamble, an instruction that points back; a password by
its shape, a number said in words, a demand on what is chosen, a rule asked as care, a role said by
its verb, an instruction for a period of something) take odd text without raising, and lose nothing
of it: a request read past a preamble is a part of the request, every value read of a number is one
of the text's. So do the next round's (a thing in place of another, a topic named before a request,
a state that holds now, an opener for a new chat, a code a thing opens with or given later, a label
naming a rule, an amount called the limit, a telling said to recur)."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engine.extractor import called_a_limit, labelled_rule, states_a_rule, without_opener
from engine.meaning import ended, recurs, values
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
    # the readings of the round after those: replacements, openers, "now", labels, codes, limits
    "fitted " + "new parts in place of " * 1500 + "the old ones",
    "About my cousin. " + "Honestly. " * 1500 + "Don't keep any of that.",
    "I still " + "still " * 3000,
    "Quick context since " + "it's a new chat " * 800 + ": I keep bees",
    "the key safe opens with " + "1 " * 3000,
    "the alarm pin, it's " + "9" * 5000,
    "acc no " + "12345678 " * 800,
    "R9000 and that's the ceiling, " * 600,
    "My rule: " + "rule: " * 2000,
    "again " * 3000,
    "from this week (" + "(" * 2000 + " onwards",
]


@pytest.mark.parametrize("text", ODD)
def test_odd_text_is_read_without_raising(text):
    clean, kinds = redact(text)
    assert isinstance(clean, str) and isinstance(kinds, list)
    assert isinstance(states_a_rule(text), bool)
    assert isinstance(turn_candidates(text, role="user", speaker="Jo", occurred_at=AT), list)
    assert text.endswith(_past_preamble(text))
    assert all(isinstance(v, str) for v in values(text))
    assert isinstance(labelled_rule(text), bool) and isinstance(called_a_limit(text), bool)
    assert isinstance(recurs(text), bool) and isinstance(without_opener(text), str)
    ended(text)  # an end or None, never an error
