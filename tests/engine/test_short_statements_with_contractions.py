"""A short statement with a contraction ("I'm retired.") says as much as without it ("I am
retired."): it is weighed for keeping like any other three-word statement, not dropped as too short.
How someone feels for the moment ("I'm tired.", "I'm sorry.") is still no memory."""
from __future__ import annotations

import pytest

from engine import MemoryEngine


def _texts(tmp_path, said: str) -> list[str]:
    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s", "turn_id": "1", "role": "user",
                       "speaker": "Ayla", "text": said, "occurred_at": "2026-05-02T10:00:00Z"})
        engine.flush()
        return [r.text for r in engine.records("t", "u")]


@pytest.mark.parametrize("said,word", [
    ("I'm retired.", "retired"),
    ("I'm married.", "married"),
    ("I'm widowed.", "widowed"),
])
def test_a_short_statement_with_a_contraction_is_kept(tmp_path, said, word):
    assert any(word in t for t in _texts(tmp_path, said)), said


@pytest.mark.parametrize("said", ["I'm tired.", "I'm sorry.", "I'm back.", "I'm fine.", "It's raining."])
def test_a_passing_state_is_not_kept(tmp_path, said):
    assert _texts(tmp_path, said) == []
