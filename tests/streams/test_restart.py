"""State reloaded from disk must decide exactly as state kept in memory."""
from __future__ import annotations

import pytest
from conftest import make_turn
from engine import MemoryEngine

FIRST = [
    "I prefer Python examples.", "I like jazz records.", "I prefer short answers.",
    "For this session, answer in French.", "I live in Porto.", "I like jazz records a lot.",
    "I'm allergic to peanuts.", "We decided to use Postgres for billing.",
]
SECOND = [
    "I like jazz records.", "Actually, I prefer Java examples.", "I prefer short answers.",
    "I moved to Lisbon.", "I'm allergic to peanuts.",
]


def _turns():
    first = [make_turn(t, i) for i, t in enumerate(FIRST)]
    second = [make_turn(t, 100 + i, session="s2") for i, t in enumerate(SECOND)]
    return first, second


def test_restart_between_batches_gives_the_same_view_as_one_run(tmp_path):
    first, second = _turns()
    with MemoryEngine.open(tmp_path / "one", window_max_messages=4) as engine:
        engine.ingest_many(first)
        engine.flush()
        engine.ingest_many(second)
        one_run = engine.view_digest()
    with MemoryEngine.open(tmp_path / "two", window_max_messages=4) as engine:
        engine.ingest_many(first)
        engine.flush()
    with MemoryEngine.open(tmp_path / "two", window_max_messages=4) as engine:
        engine.ingest_many(second)
        assert engine.view_digest() == one_run


def test_duplicate_choice_does_not_depend_on_load_order(tmp_path):
    # Two records equally similar to a later statement: which one it reinforces must not depend on
    # whether the records were just recorded or loaded back from disk (in key order).
    first = [make_turn("Yesterday I played jazz, blues, soul, funk and punk records.", 0),
             make_turn("Yesterday I played jazz, blues, soul, disco and house records.", 1)]
    later = [make_turn("Yesterday I played jazz, blues, soul, funk, punk, disco and house records.", 2,
                       session="s2")]
    with MemoryEngine.open(tmp_path / "one") as engine:
        engine.ingest_many(first)
        engine.flush()
        engine.ingest_many(later)
        one_run = engine.view_digest()
        reinforced = [r.text for r in engine.records("acme", "u1") if r.evidence_count == 2]
    with MemoryEngine.open(tmp_path / "two") as engine:
        engine.ingest_many(first)
        engine.flush()
    with MemoryEngine.open(tmp_path / "two") as engine:
        engine.ingest_many(later)
        assert engine.view_digest() == one_run
    assert len(reinforced) == 1, reinforced


def test_recovery_after_decisions_were_logged_but_state_not_committed_gives_the_same_view(tmp_path):
    """A batch's turns precede their decisions in the log. Recovery must fold each turn's logged
    decisions right after it: later turns were decided on that state (here: window compactions)."""
    from bench.synth import turns

    batch = turns(240, subjects=3, tenant="crash")
    with MemoryEngine.open(tmp_path / "clean") as engine:
        engine.ingest_many(batch)
        engine.flush()
        clean = engine.view_digest()

    crashed = MemoryEngine.open(tmp_path / "crashed")
    crashed.ingest_many(batch)
    real_commit = crashed.runtime.store.commit

    def crash(**kw):  # the pass's decisions are in the log by now; its state never lands
        raise OSError("crash before the state commit")

    crashed.runtime.store.commit = crash
    with pytest.raises(OSError):
        crashed.flush()
    crashed.runtime.store.commit = real_commit
    crashed.close()
    with MemoryEngine.open(tmp_path / "crashed") as engine:
        assert engine.view_digest() == clean
