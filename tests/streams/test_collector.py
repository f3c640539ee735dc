"""Python's full garbage collections, paced while an engine is open (streams.collector): held off
while subjects come and go through the cache, run when one is due, and given back at close. Its
premise is tested too: what the cache holds of a subject has no reference cycles, so reference
counting frees it when the cache lets it go, without a full collection."""
from __future__ import annotations

import gc
import time
from collections import deque

import pytest

from conftest import make_turn
from engine import MemoryEngine
from streams import collector

SAYINGS = [
    "My daughter Ines plays water polo for the county under-14s.",
    "I can't eat shellfish; prawns put me in hospital once.",
    "We're repainting the hallway a pale sage green next month.",
    "I'd like replies in British English, please.",
    "I started a pottery class at the community centre on Mondays.",
]


def _fill(engine: MemoryEngine, users: int) -> None:
    engine.ingest_many([make_turn(text, n, user=f"u{u}") for u in range(users)
                        for n, text in enumerate(SAYINGS, 1)])
    engine.flush()


class FullCollections:
    """Counts the collections of the oldest generation while it is open."""

    def __init__(self) -> None:
        self.count = 0

    def _seen(self, phase: str, info: dict) -> None:
        if phase == "stop" and info["generation"] == 2:
            self.count += 1

    def __enter__(self) -> "FullCollections":
        gc.callbacks.append(self._seen)
        return self

    def __exit__(self, *exc) -> None:
        gc.callbacks.remove(self._seen)


def _churn(rounds: int) -> None:
    """What a turning subject cache does to the collector: batches of container objects that live
    long enough to reach the oldest generation, then are let go as new ones come."""
    held: deque = deque()
    for r in range(rounds):
        held.append([{"id": f"{r}-{i}", "sources": [("s", i)]} for i in range(2_000)])
        for _ in range(30):  # survive the young collections
            [[] for _ in range(700)]
        if len(held) > 20:
            held.popleft()


@pytest.fixture
def python_policy():
    """The thresholds as they were, for tests that change them."""
    saved = gc.get_threshold()
    yield saved
    gc.set_threshold(*saved)


def test_full_collections_are_held_off_while_an_engine_is_open_and_given_back_at_close(tmp_path, python_policy):
    if collector.holding():
        pytest.skip("another engine in this process is still open")
    before = gc.get_threshold()
    with MemoryEngine.open(tmp_path / "a") as a:
        assert a.settings.gc_full_every_s > 0  # on by default
        assert gc.get_threshold()[2] == collector.HELD_OFF
        assert gc.get_threshold()[:2] == before[:2]  # the young generations as before
        with MemoryEngine.open(tmp_path / "b"):
            assert gc.get_threshold()[2] == collector.HELD_OFF
        assert gc.get_threshold()[2] == collector.HELD_OFF  # one engine still open
    assert gc.get_threshold() == before
    assert not collector.holding()


def test_zero_leaves_pythons_own_policy(tmp_path, python_policy):
    if collector.holding():
        pytest.skip("another engine in this process is still open")
    before = gc.get_threshold()
    with MemoryEngine.open(tmp_path / "data", gc_full_every_s=0):
        assert gc.get_threshold() == before
        with FullCollections() as seen:
            _churn(300)
        assert seen.count > 0  # what the pacing is there to spare a recall
    assert gc.get_threshold() == before


def test_a_turning_cache_meets_no_full_collection_until_one_is_due(tmp_path, python_policy):
    with MemoryEngine.open(tmp_path / "data", subject_cache_subjects=2) as engine:
        _fill(engine, 6)
        engine.records("acme", "u0")  # one that was due (another engine still open) runs here
        with FullCollections() as seen:
            _churn(300)
            for u in range(6):  # loads and evictions
                engine.recall(tenant_id="acme", user_id=f"u{u}", query="what can't I eat?", record_use=False)
        assert engine.runtime.cache.evictions > 0
        assert seen.count == 0


def test_a_due_full_collection_runs_at_the_next_read_of_a_subject(tmp_path, python_policy):
    with MemoryEngine.open(tmp_path / "data", gc_full_every_s=1.0) as engine:
        _fill(engine, 2)
        time.sleep(1.1)
        with FullCollections() as seen:
            engine.records("acme", "u0")
        assert seen.count == 1
        with FullCollections() as seen:
            engine.records("acme", "u1")  # the next one is not due yet
        assert seen.count == 0
        time.sleep(1.1)
        with FullCollections() as seen:
            engine.recall(tenant_id="acme", user_id="u1", query="hallway colour", record_use=False)
        assert seen.count == 1


def _left_unreachable(engine: MemoryEngine) -> int:
    """Lets the cache go, and counts the cyclic garbage that leaves (what only a full collection frees)."""
    gc.collect()
    gc.disable()
    try:
        engine.runtime.cache.clear()
        return gc.collect()
    finally:
        gc.enable()


MORE = ["Actually the hallway will be dark blue, not sage green.",
        "My manager is Priya; she runs the Leeds office.",
        "Remind me to renew my passport before March.",
        "I'm allergic to penicillin."]


def test_what_the_cache_holds_of_a_subject_is_freed_without_a_full_collection(tmp_path):
    with MemoryEngine.open(tmp_path / "data") as engine:
        # Processed live: windows, summaries, the processor's indexes on each state.
        engine.ingest_many([make_turn(text + f" ({s} {n})", n, user=f"u{u}", session=s)
                            for u in range(3) for s in ("s1", "s2") for n, text in enumerate(SAYINGS + MORE, 1)])
        engine.flush()
        for u in range(3):
            engine.recall(tenant_id="acme", user_id=f"u{u}", query="who plays water polo?")
            engine.context(tenant_id="acme", user_id=f"u{u}", session_id="s1", query="food", budget_tokens=300)
        assert len(engine.runtime.cache) == 3
        assert _left_unreachable(engine) == 0
        # Loaded again, then changed: new turns, forgets, a remembered statement.
        engine.ingest_many([make_turn(text, 40 + n, user=f"u{u}", session="s3")
                            for u in range(3) for n, text in enumerate(MORE)])
        engine.flush()
        assert _left_unreachable(engine) == 0
        engine.forget(tenant_id="acme", user_id="u0", memory_id=engine.records("acme", "u0")[0].memory_id)
        engine.forget(tenant_id="acme", user_id="u1", query="shellfish")
        engine.remember(tenant_id="acme", user_id="u2", text="My sister Ana lives in Porto.")
        engine.flush()
        for u in range(3):
            engine.recall(tenant_id="acme", user_id=f"u{u}", query="hallway colour", record_use=False)
            engine.profile(tenant_id="acme", user_id=f"u{u}")
            engine.records("acme", f"u{u}")
        assert _left_unreachable(engine) == 0


def test_an_engine_dropped_unclosed_gives_the_hold_back(tmp_path, python_policy):
    if collector.holding():
        pytest.skip("another engine in this process is still open")
    before = gc.get_threshold()
    engine = MemoryEngine.open(tmp_path / "data")
    _fill(engine, 1)
    assert collector.holding()
    del engine  # never closed: freed by reference count (the runtime holds no cycle of its own)
    assert not collector.holding()
    assert gc.get_threshold() == before
    MemoryEngine.open(tmp_path / "data").close()  # its stores were closed with it


def test_thresholds_set_while_an_engine_is_open_are_kept(tmp_path, python_policy):
    if collector.holding():
        pytest.skip("another engine in this process is still open")
    before = gc.get_threshold()
    with MemoryEngine.open(tmp_path / "data"):
        gc.set_threshold(5_000)  # the young generation's, as a user may set it
    assert gc.get_threshold() == (5_000, before[1], before[2])
    with MemoryEngine.open(tmp_path / "data"):
        gc.set_threshold(5_000, 10, 50)  # the oldest generation's too: theirs, not given back over
    assert gc.get_threshold() == (5_000, 10, 50)
