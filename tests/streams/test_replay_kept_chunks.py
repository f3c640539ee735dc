"""A replay keeps the digest chunk of every subject its bounded cache lets go, so the digest at its end
reads none of them from the state store again; a subject the log comes back to after it was let go
has its chunk dropped, and the digest is the live one whatever the cache held."""
from __future__ import annotations

from conftest import make_turn
from engine import MemoryEngine
from engine.digest import view_digest
from engine.facade import _settings
from engine.processor import OFFLINE
import streams.embedded as embedded
from streams.embedded import EmbeddedRuntime
from streams.kept_chunks import KeptChunks
from streams.statestore import StateStore

SAYINGS = [
    "I moved to Valencia last spring and I love the beach there.",
    "My sister Carmen teaches chemistry at a high school.",
    "Please never schedule anything for me before 10am.",
    "I'm allergic to walnuts, so no desserts with nuts.",
]
USERS = 6


def _ingest(engine, user: str, first: int, sayings) -> None:
    engine.ingest_many([make_turn(text, n, user=user) for n, text in enumerate(sayings, first)])
    engine.flush()


def _one_subject_at_a_time(data_dir) -> str:
    """Each subject's turns, then the next subject's: a one-subject cache lets each go once."""
    with MemoryEngine.open(data_dir) as engine:
        for u in range(USERS):
            _ingest(engine, f"u{u}", 1, SAYINGS[u % 3:] + SAYINGS[:u % 3])
        engine.forget(tenant_id="acme", user_id="u2", subject=True)
        return engine.view_digest()


def _replayed_runtime(source, into, **settings) -> EmbeddedRuntime:
    cfg = _settings(settings)
    rt = EmbeddedRuntime.open(into, cfg, lambda: None, deciders=OFFLINE, replay_from=source)
    rt.process(decide=False, embed=False)
    return rt


def test_the_digest_after_a_replay_through_a_one_subject_cache_reads_no_subject_again(data_dir, tmp_path, monkeypatch):
    live = _one_subject_at_a_time(data_dir)
    monkeypatch.setattr(embedded, "COMMIT_EVERY", 3)
    rt = _replayed_runtime(data_dir, tmp_path / "replayed", subject_cache_subjects=1)
    try:
        loads: list = []
        real_load = StateStore.load_subject

        def load_subject(self, tenant_id, user_id):
            loads.append((tenant_id, user_id))
            return real_load(self, tenant_id, user_id)

        monkeypatch.setattr(StateStore, "load_subject", load_subject)
        assert len(rt.cache) == 1
        assert view_digest(rt.digest_parts(), ordered=True) == live
        assert loads == []  # every subject but the cached one had its chunk kept
        # The same digest as reading every subject's state (how it was made before chunks were kept).
        assert view_digest((rt.state(*s) for s in rt.subjects()), ordered=True) == live
        assert loads == [s for s in rt.subjects() if s not in rt.cache] and len(loads) >= USERS - 2
    finally:
        rt.close()
    assert MemoryEngine.replay(data_dir, tmp_path / "again", subject_cache_subjects=1) == live


def _interleaved(data_dir) -> str:
    """Subjects come back after others: u0's turns, u1's, then u0 again (more turns, a forgotten
    memory), then u1's whole subject forgotten."""
    with MemoryEngine.open(data_dir) as engine:
        _ingest(engine, "u0", 1, SAYINGS[:2])
        _ingest(engine, "u1", 1, SAYINGS)
        _ingest(engine, "u0", 3, SAYINGS[2:])
        _ingest(engine, "u2", 1, SAYINGS[1:])
        first = engine.records("acme", "u0")[0].memory_id
        engine.forget(tenant_id="acme", user_id="u0", memory_id=first)
        _ingest(engine, "u1", 5, SAYINGS[:1])
        engine.forget(tenant_id="acme", user_id="u1", subject=True)
        return engine.view_digest()


def test_a_subject_the_log_comes_back_to_has_its_kept_chunk_dropped(data_dir, tmp_path, monkeypatch):
    live = _interleaved(data_dir)
    monkeypatch.setattr(embedded, "COMMIT_EVERY", 1)
    kept: list = []
    real_keep = KeptChunks.keep

    def keep(self, subject, state):
        kept.append(subject)
        return real_keep(self, subject, state)

    monkeypatch.setattr(KeptChunks, "keep", keep)
    rt = _replayed_runtime(data_dir, tmp_path / "replayed", subject_cache_subjects=1)
    try:
        assert kept.count(("acme", "u0")) >= 1 and kept.count(("acme", "u1")) >= 1  # let go, then back
        assert view_digest(rt.digest_parts(), ordered=True) == live
        assert view_digest((rt.state(*s) for s in rt.subjects()), ordered=True) == live
        # A subject dropped once is given no chunk again: at most one chunk written per subject.
        assert rt._kept.writes <= 3
    finally:
        rt.close()
    assert MemoryEngine.replay(data_dir, tmp_path / "again", subject_cache_subjects=1) == live


def test_kept_chunks_hand_back_what_they_kept_until_dropped(tmp_path):
    from engine.digest import subject_chunk
    from engine.state import SubjectState

    chunks = KeptChunks(tmp_path)
    empty = SubjectState("acme", "u9")
    try:
        chunks.keep(("acme", "u9"), empty)
        assert chunks.get(("acme", "u9")) == subject_chunk(empty) == b""
        assert chunks.get(("acme", "u8")) is None
        chunks.drop(("acme", "u9"))
        assert chunks.get(("acme", "u9")) is None
        chunks.keep(("acme", "u9"), empty)  # came back once: not kept again
        assert chunks.get(("acme", "u9")) is None
        assert list(tmp_path.iterdir()) == []  # the file is unlinked: nothing is left behind
    finally:
        chunks.close()
