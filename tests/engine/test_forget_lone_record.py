"""A request to forget a topic that no memory holds forgets nothing, even when the subject has only
one memory: that one memory does not stand out from the others by meaning, since there are none
(and a forget cannot be undone)."""
from __future__ import annotations

import pytest

from engine import MemoryEngine


def _texts_after(tmp_path, said: str, asked: str) -> list[str]:
    with MemoryEngine.open(tmp_path / "d") as engine:
        for i, (text, day) in enumerate(((said, "2026-04-06"), (asked, "2026-04-12"))):
            engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": f"s{day}", "turn_id": str(i),
                           "role": "user", "speaker": "Olu", "text": text, "occurred_at": f"{day}T10:0{i}:00Z"})
        engine.flush()
        return [r.text for r in engine.records("t", "u")]


@pytest.mark.parametrize("said, asked, word", [
    ("I prefer meetings in the morning, I'm useless after 3pm.",
     "Please wipe what I told you about my counselling sessions, I'd rather keep that private.", "morning"),
    ("My car is a blue Ford Fiesta.", "Can you forget what I said about my knee surgery?", "Fiesta"),
    ("I'm vegetarian, no fish either.", "delete what I told you about my ex, please", "vegetarian"),
    ("I work late on Wednesdays.", "delete what I told you about my night terrors", "Wednesdays"),
])
def test_a_topic_no_memory_holds_forgets_nothing(tmp_path, said, asked, word):
    texts = _texts_after(tmp_path, said, asked)
    assert any(word in t for t in texts), texts


@pytest.mark.parametrize("said, asked, word", [
    ("I'm seeing a physio for my shoulder every Tuesday.", "forget what I said about the physio", "physio"),
    ("My sister Ama lives in Accra.", "please delete what I told you about my sister", "Accra"),
])
def test_a_topic_the_lone_memory_holds_is_forgotten(tmp_path, said, asked, word):
    texts = _texts_after(tmp_path, said, asked)
    assert not any(word in t for t in texts), texts
