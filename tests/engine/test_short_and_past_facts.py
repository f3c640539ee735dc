"""What the rules keep nothing of and the classifier reads: a three-word sentence is kept only as a
fact ("I breed rabbits"), never as a preference or a rule ("I agree completely"); a habit the
speaker says is over ("I used to coach rugby") is a standing fact that ended, kept as a fact."""
from __future__ import annotations

import pytest

from engine import MemoryEngine


def _records(tmp_path, text: str) -> list:
    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s", "turn_id": "0", "role": "user",
                       "speaker": "Ayla", "text": text, "occurred_at": "2026-09-01T10:00:00Z"})
        engine.flush()
        return engine.records("t", "u")


@pytest.mark.parametrize("text,word", [
    ("I breed rabbits.", "rabbits"),
    ("I teach yoga.", "yoga"),
    ("I brew beer.", "beer"),
    # a one-word object the classifier reads as a fact, unsure (a plain present statement)
    ("I repair bicycles.", "bicycles"),
    ("We keep bees.", "bees"),
    ("I coach netball.", "netball"),
])
def test_a_three_word_fact_is_kept(tmp_path, text, word):
    records = _records(tmp_path, text)
    assert [r.kind for r in records] == ["fact"] and word in records[0].text, [r.text for r in records]


@pytest.mark.parametrize("text", ["I agree completely.", "I see that.", "I like that.", "I'm so tired.",
                                  "I give up.", "I lose again.", "I try hard.", "I hear you.", "I swear down."])
def test_three_words_of_conversation_keep_nothing(tmp_path, text):
    assert _records(tmp_path, text) == []


@pytest.mark.parametrize("text,word", [
    ("I used to coach rugby.", "rugby"),
    ("I used to work nights at a warehouse.", "warehouse"),
    ("I used to collect stamps.", "stamps"),
])
def test_a_habit_that_is_over_is_kept_as_a_fact(tmp_path, text, word):
    records = _records(tmp_path, text)
    assert [r.kind for r in records] == ["fact"] and "used to" in records[0].text and word in records[0].text
