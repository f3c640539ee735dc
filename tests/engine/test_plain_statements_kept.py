"""A plain first-person statement in the present with an object ("I play the trombone.") is kept as a
fact when the classifier reads it as one first, though without certainty; a reply, an opinion or
a greeting is not."""
from __future__ import annotations

import pytest

from two_sessions import records_after

DAYS = ("2026-02-02", "2026-02-09")


def _records(tmp_path, text):
    return records_after(tmp_path, text, "thanks!", speaker="Ola", days=DAYS, at="12:00:00")


@pytest.mark.parametrize("text, word", [
    ("I own a narrowboat.", "narrowboat"),
    ("I play the harp.", "harp"),
    ("I make my own bread.", "bread"),
    ("I sing in a pub band.", "band"),
])
def test_a_plain_statement_is_kept(tmp_path, text, word):
    recs = _records(tmp_path, text)
    assert any(r.tier == "active" and word in (r.text or "").lower() for r in recs), [r.text for r in recs]


@pytest.mark.parametrize("text", [
    "I think so, yes.",
    "I see what you mean.",
    "I hope you are well.",
])
def test_a_reply_is_not(tmp_path, text):
    assert _records(tmp_path, text) == []
