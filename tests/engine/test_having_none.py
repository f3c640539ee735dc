"""Having none of something is a standing fact, as having one is ("we don't own a car", "I have no
kids", "we haven't got a garden"), and it keeps its negation; not having a clue, time or the car
today is no fact about the speaker."""
from __future__ import annotations

import pytest

from bench.decisions import NEGATION
from tests.conftest import engine_after


@pytest.mark.parametrize("text, word", [
    ("We don't own a car, so whatever you suggest has to work by train.", "car"),
    ("honestly I have no kids so weekend slots are easy for me", "kids"),
    ("We haven't got a garden, only a tiny balcony with two planters.", "garden"),
    ("Since the move we no longer have a dog, the new lease forbids it.", "dog"),
])
def test_having_none_is_kept_with_its_negation(tmp_path, text, word):
    with engine_after(tmp_path, [text], "Ines", "2026-06-01", 1) as engine:
        texts = [r.text or "" for r in engine.records("t", "u")]
    mentions = [t for t in texts if word in t.lower()]
    assert mentions, texts
    assert all(NEGATION.search(t) for t in mentions), mentions


@pytest.mark.parametrize("text", [
    "I don't have a clue what to cook tonight.",
    "I don't have any time to walk the dog today, can you find a walker?",
    "Don't have a car? You could rent one at the station.",
])
def test_not_having_a_clue_or_time_is_no_fact(tmp_path, text):
    with engine_after(tmp_path, [text], "Ines", "2026-06-01", 1) as engine:
        records = engine.records("t", "u")
    assert not [r for r in records if r.kind == "fact"], [(r.kind, r.text) for r in records]
