"""Odd text through this round's readings (seed phrases, start times, placings, told rules,
questions without their mark, street-first addresses, great- kin, lower-case names after a title,
"back Sunday"): very long, repeated, unbalanced, empty or unusual input is read without an error,
and what comes back has the type each reading promises."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engine.dates import find_periods
from engine.extractor import is_question, rule_given, states_a_rule
from engine.meaning import contact_values, old_quantities, switched_to, values
from engine.redaction import redact
from engine.textnorm import terms

ODD = [
    "",
    " ",
    "great great great great",
    "great-" * 500,
    "A-" * 5000,
    "from 7 " * 2000,
    "moved me to " * 500,
    "seed phrase: " + "word " * 3000,
    "mnemonic\r\n" * 200,
    "Rua " * 1000 + "42",
    "how many " * 1000,
    "mr " * 1000,
    "İstanbul'da Straße 5 — ünïcödé 🚀 back Sunday",
    "\x00\x01 (((( [[[ :::: ---",
]


@pytest.mark.parametrize("text", ODD)
def test_the_rounds_readings_take_odd_input(text):
    clean, kinds = redact(text)
    assert isinstance(clean, str) and all(isinstance(k, str) for k in kinds)
    assert isinstance(old_quantities(text), frozenset)
    assert isinstance(switched_to(text, "Ana"), frozenset)
    assert isinstance(contact_values(text), dict)
    assert isinstance(values(text, "Ana"), frozenset)
    assert all(isinstance(t, str) for t in terms(text))
    assert isinstance(is_question(text), bool)
    assert isinstance(rule_given(text), bool) and isinstance(states_a_rule(text), bool)
    assert isinstance(find_periods(text, datetime(2026, 3, 2, 9, tzinfo=timezone.utc)), list)
