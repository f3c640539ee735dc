"""A replay keeps to the subject cache's bounds while it folds, and its view digest reads each subject
once: those the fold left in the cache are not read from the state store again."""
from __future__ import annotations

from conftest import make_turn
from engine import MemoryEngine
import streams.embedded as embedded
from streams.statestore import StateStore

SAYINGS = [
    "I moved to Valencia last spring and I love the beach there.",
    "My sister Carmen teaches chemistry at a high school.",
    "Please never schedule anything for me before 10am.",
    "I'm allergic to walnuts, so no desserts with nuts.",
]
USERS = 8


def _source(data_dir) -> str:
    with MemoryEngine.open(data_dir) as engine:
        turns = [make_turn(text, n, user=f"u{u}") for u in range(USERS)
                 for n, text in enumerate(SAYINGS[u % 2:] + SAYINGS[:u % 2], 1)]
        engine.ingest_many(turns)
        engine.flush()
        engine.forget(tenant_id="acme", user_id="u3", subject=True)
        return engine.view_digest()


def test_the_digest_pass_reads_each_subject_once_and_not_those_the_fold_left_cached(data_dir, tmp_path, monkeypatch):
    live = _source(data_dir)
    loads: list[tuple[str, str]] = []
    left_cached: list = []
    kept: list = []
    real_load, real_process = StateStore.load_subject, embedded.EmbeddedRuntime.process

    def load_subject(self, tenant_id, user_id):
        loads.append((tenant_id, user_id))
        return real_load(self, tenant_id, user_id)

    def process(self, **kw):
        handled = real_process(self, **kw)
        left_cached.extend(s for s, _ in self.cache.items())
        kept.extend(s for s in self.subjects() if s in self._kept)
        loads.clear()  # what the fold loaded is not the digest's
        return handled

    monkeypatch.setattr(StateStore, "load_subject", load_subject)
    monkeypatch.setattr(embedded.EmbeddedRuntime, "process", process)
    assert MemoryEngine.replay(data_dir, tmp_path / "replayed", subject_cache_subjects=3) == live
    assert left_cached and len(left_cached) <= 3
    assert len(loads) == len(set(loads))
    assert not set(loads) & set(left_cached)
    # Every subject with a view (u3 is forgotten) was read, or had its digest chunk kept when the
    # fold's cache let it go (streams.kept_chunks): those are not read again.
    assert len(set(loads) | set(left_cached) | set(kept)) >= USERS - 1


def test_a_long_fold_counts_what_it_added_against_the_cache_bound(data_dir, tmp_path, monkeypatch):
    live = _source(data_dir)
    mismatches: list = []
    real_evict = embedded.SubjectCache.evict

    def evict(self, keep=None):
        # Whenever the runtime evicts outside a step, the cache's count of bytes is what its
        # subjects hold now, so the bound is kept on their real size.
        counted = self.nbytes
        actual = sum(entry.nbytes() for _, entry in self.items())
        if counted != actual:
            mismatches.append((counted, actual))
        return real_evict(self, keep)

    monkeypatch.setattr(embedded, "COMMIT_EVERY", 5)
    monkeypatch.setattr(embedded.SubjectCache, "evict", evict)
    assert MemoryEngine.replay(data_dir, tmp_path / "replayed") == live
    assert not mismatches
