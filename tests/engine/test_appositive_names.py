"""A name followed by who it is ("Tunde, my brother, lives in Leeds") is the sentence's subject and
stays in the memory; a name followed by what is said to them ("Mum, I got the job!") is someone
addressed, and is dropped."""
from __future__ import annotations

import pytest

from engine import MemoryEngine


def _texts(tmp_path, text: str) -> list[str]:
    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s", "turn_id": "0", "role": "user",
                       "speaker": "Kofi", "text": text, "occurred_at": "2026-04-03T10:00:00Z"})
        engine.flush()
        return [r.text for r in engine.records("t", "u")]


@pytest.mark.parametrize("text,name", [
    ("Biscuit, my golden retriever, is doing great after the surgery.", "Biscuit"),
    ("Kwame, my co-founder, is moving to Berlin in May.", "Kwame"),
    ("Tunde, my brother, lives in Leeds.", "Tunde"),
    ("Priya, our new CTO, starts on Monday.", "Priya"),
])
def test_a_name_with_who_it_is_stays_in_the_memory(tmp_path, text, name):
    texts = _texts(tmp_path, text)
    assert texts and all(name in t for t in texts), texts


@pytest.mark.parametrize("text,name", [
    ("Mum, I got the job!", "Mum"),
    ("Yara, I passed my driving test yesterday.", "Yara"),
])
def test_a_name_addressed_is_dropped(tmp_path, text, name):
    texts = _texts(tmp_path, text)
    assert texts and not any(name in t for t in texts), texts
