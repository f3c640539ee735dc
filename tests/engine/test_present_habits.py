"""A habit the speaker states in the present is kept as a standing fact even where the rules have
no pattern for it and the classifier is unsure of its wording ("I go to a pottery class on
Thursday evenings" was kept as nothing). Thoughts, wishes and past habits are not."""
from __future__ import annotations

import pytest

from engine import MemoryEngine
from engine.processor import _habit_statement


def _records(tmp_path, text):
    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s", "turn_id": "1", "role": "user",
                       "speaker": "Wren", "text": text, "occurred_at": "2026-06-03T09:00:00Z"})
        engine.flush()
        return [r.text for r in engine.records("t", "u")]


@pytest.mark.parametrize("text, word", [
    ("I take a ceramics workshop on Tuesday evenings.", "ceramics"),
    ("these days I walk the dog before work", "dog"),
    ("i feed the neighbour's chickens twice a day while they're away", "chickens"),
    ("We do a big grocery shop every Sunday.", "grocery"),
])
def test_a_present_habit_is_kept(tmp_path, text, word):
    recs = _records(tmp_path, text)
    assert any(word in t for t in recs), recs


@pytest.mark.parametrize("sentence", [
    "I usually agree with you on that",
    "I always wonder what the neighbours think",
    "I went swimming every day last summer",
    "we played cards every night on the trip",
    "I will call her every week",
    "do I need to water it every day?",
])
def test_not_a_present_habit(sentence):
    assert not _habit_statement(sentence)


@pytest.mark.parametrize("text,word", [
    ("I see a therapist every Wednesday evening for my anxiety.", "therapist"),
    ("I see my counsellor on Mondays after work.", "counsellor"),
    ("I see a dietitian once a month at the clinic.", "dietitian"),
])
def test_seeing_someone_regularly_is_a_habit(tmp_path, text, word):
    texts = _records(tmp_path, text)
    assert any(word in t for t in texts), texts


@pytest.mark.parametrize("text", ["I see what you mean, that makes sense.", "I see, thanks for explaining.",
                                  "I see why people like it now."])
def test_i_see_for_i_understand_is_no_habit(text):
    assert not _habit_statement(text)
