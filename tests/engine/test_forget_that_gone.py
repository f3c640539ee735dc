"""'Forget that' when the memory it names has already left the view (a temporary instruction that
expired) says it may have, and what to do, instead of claiming the session recorded nothing."""
from __future__ import annotations

import pytest

from engine import MemoryEngine
from engine.errors import UnknownMemoryError


@pytest.mark.parametrize("text", [
    "For the rest of today, answer in bullet points.",
    "Just for this session, call me Captain.",
    "Until tonight, keep every reply under three sentences.",
])
def test_forget_that_after_its_memory_expired(tmp_path, text):
    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s", "turn_id": "1", "role": "user",
                       "text": text, "occurred_at": "2026-04-07T10:00:00Z"})
        engine.flush()
        (record,) = engine.records("t", "u")
        assert record.kind == "temporary_instruction" and record.expires_at is not None
        engine.sweep(now="2026-04-20T10:00:00Z")
        assert engine.records("t", "u", include_inactive=True) == []
        for session in ("s", "never-used"):
            with pytest.raises(UnknownMemoryError, match="may have expired.*forget one by memory_id or query"):
                engine.forget(tenant_id="t", user_id="u", session_id=session)
