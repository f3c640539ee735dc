"""An instruction asked politely ("I would appreciate it if you could ...", "it would help if you
could ...", "I'd be grateful if you could ...") is an instruction as "please ..." is: said for today
or this afternoon, it is a temporary instruction that no later session is given."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from engine import MemoryEngine


@pytest.mark.parametrize("said, word", [
    ("Just for today, I would appreciate it if you could call me Captain.", "Captain"),
    ("For this afternoon only, it would help if you could answer me in German.", "German"),
    ("I'd be grateful if you could keep your answers under fifty words today.", "fifty"),
])
def test_a_polite_instruction_for_today_is_gone_two_days_later(tmp_path, said, word):
    start = datetime(2026, 7, 6, 13, tzinfo=timezone.utc)
    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s1", "turn_id": "1", "role": "user",
                       "speaker": "Pia", "text": said, "occurred_at": start.isoformat()})
        engine.flush()
        kinds = {r.kind for r in engine.records("t", "u") if word in (r.text or "")}
        engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s2", "turn_id": "2", "role": "user",
                       "speaker": "Pia", "text": "Morning! Can you help me plan the week?",
                       "occurred_at": (start + timedelta(days=2)).isoformat()})
        engine.flush()
        ctx = engine.context(tenant_id="t", user_id="u", session_id="s2", query="how should you answer me",
                             budget_tokens=400)
        hits = engine.recall(tenant_id="t", user_id="u", query="how should you answer me", k=5)
    assert kinds == {"temporary_instruction"}, kinds
    assert word not in ctx.text
    assert not any(word in (h.text or "") for h in hits)
