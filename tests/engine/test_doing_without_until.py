"""Doing without something until a point, of one's own accord ("I'm not buying any new clothes
until March", "not spending a penny on takeaways until payday") is a rule of the speaker's, a
constraint, which lapses at the point it names when that is a date. Before, it was kept as a
decision or not at all. A sister's, a past one, and "not buying any of that until I see reviews"
(of a thing, not a rule) are not the speaker's rules."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from two_sessions import records_of_one_turn


def _records(tmp_path, text):
    return records_of_one_turn(tmp_path, "Yuki", text)


@pytest.mark.parametrize("text, word, lapses", [
    ("I'm not buying any new clothes until March, it's a no-spend challenge.", "clothes", True),
    ("Not spending a penny on takeaways until payday, I promised myself.", "takeaways", False),
    ("i'm reading from my own shelves only, not buying a single book until june", "book", True),
    ("We're not booking anything else till the car is paid off.", "booking", False),
])
def test_doing_without_until_is_a_constraint(tmp_path, text, word, lapses):
    found = [r for r in _records(tmp_path, text) if r.kind == "constraint" and word in (r.text or "")]
    assert found, [(r.kind, r.text) for r in _records(tmp_path, text)]
    if lapses:
        assert found[0].expires_at is not None and found[0].expires_at > datetime(2026, 3, 2, tzinfo=timezone.utc)


@pytest.mark.parametrize("text", [
    "My sister's not buying anything new until she gets paid.",
    "Last year I was not buying any books until the summer sale, which was silly.",
    "I'm not buying any of that until I see some proper reviews.",
])
def test_no_rule_of_the_speakers(tmp_path, text):
    assert not any(r.kind == "constraint" for r in _records(tmp_path, text))


@pytest.mark.parametrize("text, word", [
    ("I won't order any new books till my birthday.", "books"),
    ("We've sworn off takeaways until the loan is paid.", "takeaways"),
    ("I'm not eating out until payday, money's tight.", "eating out"),
])
def test_doing_without_said_otherwise(tmp_path, text, word):
    found = [r for r in _records(tmp_path, text) if r.kind == "constraint" and word in (r.text or "")]
    assert found, [(r.kind, r.text) for r in _records(tmp_path, text)]
