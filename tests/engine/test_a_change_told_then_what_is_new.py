"""A change told in a few words, then what is new in the next sentence ("big update, new job!!
I'm at the bike shop on the high street now", "we moved! new house is 14 Orchard Close"), is one
statement of the change. Before, "big update" opened no change, the new place had to be said in
six words at most, and "new house is ..." was not read as the new one: the change was lost and the
new place read alone, so the old one stood. A bare change followed by a feeling ("moved house! I'm
exhausted") is not joined to it."""
from __future__ import annotations

import pytest

from engine.extractor import split_sentences
from two_sessions import records_after


@pytest.mark.parametrize("text", [
    "big update, new job!! I'm at the vet surgery on the ring road now, mostly reception",
    "we moved! new house is 14 Orchard Close, the kids have a garden at last",
    "quick update, new flat!! I'm in a studio just off Leith Walk now, tiny but mine",
])
def test_a_change_and_what_is_new_are_one_statement(text):
    assert len(split_sentences(text)) == 1


@pytest.mark.parametrize("old, new, word", [
    ("I work at the garden centre on Saturdays",
     "big update, new job!! I'm at the vet surgery on the ring road now, mostly reception", "vet surgery"),
    ("I rent a room in a flat in Gorgie", "quick update, new flat!! I'm in a studio just off Leith Walk now, tiny but mine",
     "Leith Walk"),
])
def test_a_change_then_what_is_new_updates(tmp_path, old, new, word):
    records = records_after(tmp_path, old, new, speaker="Nkem", days=("2026-03-02", "2026-03-16"), at="09:00:00")
    assert [r.tier for r in records if word not in (r.text or "")] == ["superseded"], [(r.text, r.tier) for r in records]
    assert any(r.tier == "active" and word in (r.text or "") for r in records), [(r.text, r.tier) for r in records]


@pytest.mark.parametrize("text", ["moved house! I'm exhausted.", "new job! Nervous but excited."])
def test_a_change_then_a_feeling_stays_apart(text):
    assert len(split_sentences(text)) == 2
