"""The readings this round added take odd input without an error and without losing a plain
statement beside it: long runs of spaces and tabs, long runs without spaces, repeated marks,
unusual characters and near-empty text, through a role filled in lower case, a bound a thing has
to keep to, a rule labelled without a mark, a request from now on, a span said without "for the",
a reason beside a request to forget, what is said in place of a thing taken back, and a national
identifier's shape."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engine.dates import find_periods
from engine.extractor import extract, lower_role_filled
from engine.processor import _without_reason
from engine.redaction import redact
from tests.engine.two_sessions import assert_kept_beside_odd_text

AT = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)
ODD = [
    "",
    " ",
    "my manager is " + " " * 5000 + "tom",
    "my" + "\t" * 2000 + "manager is tom now",
    "next " + "x" * 20_000,
    "house rule no " + "!" * 5000,
    "from now on" + " " * 20_000 + "send it",
    "connections have to be at least " + "9" * 5000,
    "wipe the bit about " + " - " * 3000,
    "scratch that re: " + "a" * 20_000 + " - b",
    "my SIN is " + "1 " * 3000,
    "my manager is \u0000\u200b" + "\u202e" * 100,
    "new landlord is a guy called \U0001f600",
]


@pytest.mark.parametrize("text", ODD)
def test_the_new_readings_take_odd_text(text):
    lower_role_filled(text)
    _without_reason(text)
    find_periods(text, AT, timezone.utc)
    extract(text, role="user", speaker="Ines", occurred_at=AT)
    clean, _ = redact(text)
    assert isinstance(clean, str)


@pytest.mark.parametrize("odd", [
    "my   manager   is\t\ttom   now" + " " * 500 + ".",
    "next hour or so" + " " * 500 + "keep it short!!!!!!!!",
    "scratch that re: \u00a0physio\u00a0-\u00a0??? ???",
])
def test_a_plain_statement_beside_odd_text_is_kept(tmp_path, odd):
    assert_kept_beside_odd_text(tmp_path, odd)
