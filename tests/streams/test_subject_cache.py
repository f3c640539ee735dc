"""The subject cache is bounded, and dropping a subject changes nothing anyone can read: its state,
records, recall and context come back from the state store exactly as they were."""
from __future__ import annotations

from datetime import timedelta

import numpy as np

from conftest import T0, make_turn
from engine import MemoryEngine
from engine.state import SubjectState
from schemas.records import MemoryRecord
from streams.subject_cache import Entry, SubjectCache

SAYINGS = [
    "I moved to Valencia last spring and I love the beach there.",
    "My sister Carmen teaches chemistry at a high school.",
    "Please never schedule anything for me before 10am.",
    "I'm allergic to walnuts, so no desserts with nuts.",
    "We decided to build the prototype in Go rather than Java.",
    "I'd rather have short answers with code first.",
]

NOW = T0 + timedelta(days=2)


def _fill(engine: MemoryEngine, users: int) -> None:
    turns = []
    for u in range(users):
        for n, text in enumerate(SAYINGS[u % 3:] + SAYINGS[:u % 3], 1):
            turns.append(make_turn(text, n, user=f"u{u}"))
    engine.ingest_many(turns)
    engine.flush()


def _reads(engine: MemoryEngine, users: int) -> list:
    out = []
    for u in range(users):
        hits = engine.recall(tenant_id="acme", user_id=f"u{u}", query="what food must be avoided?", now=NOW,
                             record_use=False)
        ctx = engine.context(tenant_id="acme", user_id=f"u{u}", session_id="s1", query="where do I live?",
                             budget_tokens=300, now=NOW, record_use=False)
        out.append(([(h.memory_id, h.score) for h in hits], ctx.text,
                    [r.model_dump() for r in engine.records("acme", f"u{u}")]))
    return out


def test_a_tiny_cache_reads_the_same_view_as_a_large_one(tmp_path):
    users = 5
    with MemoryEngine.open(tmp_path / "large") as large, \
            MemoryEngine.open(tmp_path / "tiny", subject_cache_subjects=2) as tiny:
        _fill(large, users)
        _fill(tiny, users)
        assert len(tiny.runtime.cache) <= 2
        assert tiny.runtime.cache.evictions > 0
        assert tiny.view_digest() == large.view_digest()
        assert _reads(tiny, users) == _reads(large, users)
        # Use recorded while subjects come and go is kept too.
        for engine in (large, tiny):
            for u in range(users):
                engine.recall(tenant_id="acme", user_id=f"u{u}", query="allergy", now=NOW, request_id=f"r{u}")
        assert tiny.view_digest() == large.view_digest()
        assert len(tiny.runtime.cache) <= 2


def test_an_evicted_subject_comes_back_with_its_view_and_index_unchanged(tmp_path):
    with MemoryEngine.open(tmp_path / "data", subject_cache_subjects=1) as engine:
        _fill(engine, 1)
        before = _reads(engine, 1)
        digest = engine.view_digest()
        engine.records("acme", "someone-else")  # loads another subject: u0 is dropped
        assert ("acme", "u0") not in engine.runtime.cache
        assert _reads(engine, 1) == before
        assert engine.view_digest() == digest


def test_forgetting_across_evictions_stays_forgotten(tmp_path):
    with MemoryEngine.open(tmp_path / "data", subject_cache_subjects=1) as engine:
        _fill(engine, 3)
        forgotten = engine.forget(tenant_id="acme", user_id="u1", query="allergic to walnuts")
        assert forgotten
        for u in range(3):
            engine.records("acme", f"u{u}")
        texts = [r.text for r in engine.records("acme", "u1")]
        assert not any("walnut" in (t or "") for t in texts)
        assert any("walnut" in (r.text or "") for r in engine.records("acme", "u2"))


def _entry(n_records: int, text_len: int = 50) -> Entry:
    state = SubjectState("t", "u")
    for i in range(n_records):
        state.records[f"m{i}"] = MemoryRecord(
            memory_id=f"m{i}", tenant_id="t", user_id="u", kind="fact", text="x" * text_len, source="user_explicit",
            sources=[], confidence=1.0, importance=0.5, created_at=T0, updated_at=T0)
    return Entry(state, vectors={f"m{i}": np.zeros(384, dtype=np.float16) for i in range(n_records)})


def test_the_cache_evicts_least_recently_used_by_count_and_by_bytes():
    cache = SubjectCache(max_subjects=3, max_bytes=10**9)
    for i in range(4):
        cache.put(("t", str(i)), _entry(1))
    assert [s for s, _ in cache.items()] == [("t", "0"), ("t", "1"), ("t", "2"), ("t", "3")]
    cache.get(("t", "0"))  # used: now the most recent
    cache.evict()
    assert [s for s, _ in cache.items()] == [("t", "2"), ("t", "3"), ("t", "0")]

    one = _entry(100).nbytes()
    by_bytes = SubjectCache(max_subjects=100, max_bytes=int(2.5 * one))
    for i in range(5):
        by_bytes.put(("t", str(i)), _entry(100))
        by_bytes.evict()
    assert len(by_bytes) == 2 and by_bytes.nbytes <= int(2.5 * one)
    # The subject being read is never the one dropped, even when it alone passes the bound.
    huge = SubjectCache(max_subjects=100, max_bytes=1)
    huge.put(("t", "a"), _entry(10))
    huge.put(("t", "b"), _entry(10))
    huge.get(("t", "a"))
    huge.evict(keep=("t", "a"))
    assert [s for s, _ in huge.items()] == [("t", "a")]


def test_a_replayed_view_is_not_opened_as_a_store_of_its_own(tmp_path):
    import pytest

    from engine.errors import DataDirError

    with MemoryEngine.open(tmp_path / "data") as engine:
        _fill(engine, 1)
        digest = engine.view_digest()
    assert MemoryEngine.replay(tmp_path / "data", tmp_path / "replayed") == digest
    with pytest.raises(DataDirError, match="replayed from another directory"):
        MemoryEngine.open(tmp_path / "replayed")
    assert not (tmp_path / "replayed" / "log").exists()
