"""How answers are to be, asked for a period without a verb as chat asks it ("next hour only: max 2
sentences per answer", "for the next 30 mins pls short answers", "next 20 min: one line answers")
is an instruction for that period, which lapses with it. Before, with no imperative to read, it was
kept as a plain fact with no end, and served in every later session. Without a period ("short
answers please, bullet points if possible") nothing is made temporary."""
from __future__ import annotations

import pytest

from tests.conftest import engine_after


def _kept(tmp_path, said: str):
    with engine_after(tmp_path, [said], "Robin", "2026-03-02", 1) as eng:
        return [(r.kind, r.expires_at) for r in eng.records("t", "u", include_inactive=True)]


@pytest.mark.parametrize("said", [
    "next hour only: max 2 sentences per answer, on the train w bad signal",
    "for the next 30 mins pls short answers, on my phone",
    "next 20 min: one line answers, in a meeting",
])
def test_a_verbless_ask_for_a_period_lapses_with_it(tmp_path, said):
    kept = _kept(tmp_path, said)
    assert kept and all(kind == "temporary_instruction" and until is not None for kind, until in kept), kept


@pytest.mark.parametrize("said", [
    "short answers please, bullet points if possible. I read these on the bus",
    "bullets over paragraphs, always",
    "short answers work best for me",
])
def test_without_a_period_nothing_is_made_temporary(tmp_path, said):
    assert not any(kind == "temporary_instruction" for kind, _ in _kept(tmp_path, said))
