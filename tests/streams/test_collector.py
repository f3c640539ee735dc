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


def test_what_the_cache_holds_of_a_subject_is_freed_without_a_full_collection(tmp_path):
    with MemoryEngine.open(tmp_path / "data") as engine:
        _fill(engine, 3)
    with MemoryEngine.open(tmp_path / "data") as engine:
        engine.recall(tenant_id="acme", user_id="u0", query="warm up", record_use=False)
        cache = engine.runtime.cache
        cache.clear()
        gc.collect()
        gc.disable()
        try:
            for u in range(3):
                engine.recall(tenant_id="acme", user_id=f"u{u}", query="who plays water polo?", record_use=False)
                engine.context(tenant_id="acme", user_id=f"u{u}", session_id="s1", query="food",
                               budget_tokens=300, record_use=False)
                engine.records("acme", f"u{u}")
                engine.profile(tenant_id="acme", user_id=f"u{u}")
            assert len(cache) == 3
            cache.clear()
            unreachable = gc.collect()  # cyclic garbage the loads and the reads left
        finally:
            gc.enable()
        assert unreachable == 0
