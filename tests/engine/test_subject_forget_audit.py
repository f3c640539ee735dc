"""A forget of a whole subject names the memories it erased (ids only): each memory's audit trail
ends with it, and the change stream says which memories went."""
from __future__ import annotations

import pytest

from engine import MemoryEngine

CONVERSATIONS = [
    ["I'm allergic to walnuts.", "My partner Ravi teaches chemistry.", "I live in a houseboat in Utrecht."],
    ["Please never schedule calls before 9am.", "I play the cello in an amateur orchestra."],
    ["We chose Rust for the new ingestion service.", "My daughter Mirela is learning to swim."],
]


@pytest.mark.parametrize("texts", CONVERSATIONS)
def test_each_memory_of_a_forgotten_subject_has_the_forget_in_its_trail(tmp_path, texts):
    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest_many([{"tenant_id": "t", "user_id": "u", "session_id": "s", "turn_id": str(i), "role": "user",
                             "text": text, "occurred_at": f"2026-04-07T10:0{i}:00Z"} for i, text in enumerate(texts)])
        engine.flush()
        held = sorted(r.memory_id for r in engine.records("t", "u", include_inactive=True))
        assert held
        start = engine.projected()
        forgotten = engine.forget(tenant_id="t", user_id="u", subject=True)
        assert sorted(forgotten) == held
        assert engine.records("t", "u", include_inactive=True) == []
        for memory_id in held:
            trail = engine.audit(memory_id, tenant_id="t")
            assert trail[0].type == "memory_recorded" and trail[-1].type == "subject_forgotten"
            assert trail[-1].detail["memory_ids"] == held
            assert trail[0].detail["content"] == "shredded"
        changes, _ = engine.changes(start, tenant_id="t")
        gone = [e for _, e in changes if e.type == "subject_forgotten"]
        assert len(gone) == 1 and sorted(gone[0].payload.memory_ids) == held
        for text in texts:  # ids only: nothing of what was said
            assert text.split()[-1].strip(".") not in gone[0].model_dump_json()
