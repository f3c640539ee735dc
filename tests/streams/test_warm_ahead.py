"""Warming up a pass's turns a chunk ahead of deciding them (streams.warm_ahead) changes when texts
are embedded, never what is decided: each chunk is read before its first turn is decided, the next
one is warmed meanwhile, a warm-up that fails is a cache missed, and the view folded is the one a
pass without any warm-up folds, forgets and all."""
from __future__ import annotations

import threading

import pytest

from conftest import make_turn
from engine import MemoryEngine
from streams.warm_ahead import WarmAhead

SAID = [
    "I work as a sound engineer at a theatre in Leeds.",
    "My partner Ilse teaches chemistry; we share a flat with two cats, Miso and Tofu.",
    "Please answer in British spelling from now on.",
    "I stopped drinking coffee last month, it was wrecking my sleep.",
    "We never book flights with more than one stop, Ilse gets anxious in transit.",
    "Actually I moved to the Bradford venue in March.",
    "Forget what I said about the cats.",
    "My brother Tomasz is visiting from Gdansk in May.",
    "I'm allergic to penicillin, so keep that in mind if I ask about medicine.",
    "Drinking coffee again, one cup before noon.",
]


class _Event:
    def __init__(self, event_id: str):
        self.event_id = event_id


def _events(n: int) -> list[tuple[int, _Event]]:
    return [(10 + k, _Event(f"e{k}")) for k in range(n)]


def test_each_chunk_is_read_before_its_first_entry_and_the_next_is_warmed_meanwhile():
    warmed: list[list[str]] = []
    next_started = threading.Event()

    def warm(events):
        warmed.append([e.event_id for e in events])
        if len(warmed) == 2:
            next_started.set()
        return {e.event_id: [e.event_id.upper()] for e in events}

    ahead = WarmAhead(_events(7), warm, chunk=3)
    try:
        assert ahead.reach(9) == {}  # an entry before the first warmed turn waits for nothing
        assert ahead.reach(10) == {"e0": ["E0"], "e1": ["E1"], "e2": ["E2"]}
        assert next_started.wait(10)  # the chunk after the one reached warms in the background
        assert ahead.reach(11) == {} and ahead.reach(12) == {}  # read already
        assert ahead.reach(15) == {"e3": ["E3"], "e4": ["E4"], "e5": ["E5"]}  # seqs 13 to 15
        assert ahead.reach(99) == {"e6": ["E6"]}
        assert ahead.reach(100) == {}
    finally:
        ahead.close()
    assert warmed == [["e0", "e1", "e2"], ["e3", "e4", "e5"], ["e6"]]


def test_a_warm_up_that_fails_is_only_a_cache_missed():
    def warm(events):
        if events[0].event_id == "e2":
            raise RuntimeError("the embedder went away")
        return {e.event_id: [] for e in events}

    ahead = WarmAhead(_events(6), warm, chunk=2)
    try:
        assert set(ahead.reach(15)) == {"e0", "e1", "e4", "e5"}
    finally:
        ahead.close()


def test_no_thread_to_warm_on_warms_nothing_and_deciding_goes_on(tmp_path, monkeypatch):
    """At interpreter shutdown (a flush in an atexit handler) no thread can start: a warm-up is
    only a cache, so the pass decides without it."""
    import streams.warm_ahead as warm_ahead
    from concurrent.futures import ThreadPoolExecutor

    class Refusing(ThreadPoolExecutor):
        def submit(self, *a, **k):
            raise RuntimeError("cannot schedule new futures after interpreter shutdown")

    monkeypatch.setattr(warm_ahead, "ThreadPoolExecutor", Refusing)
    ahead = WarmAhead(_events(4), lambda events: pytest.fail("nothing can be warmed"), chunk=2)
    assert ahead.reach(99) == {}
    ahead.close()
    with MemoryEngine.open(tmp_path / "d") as eng:
        eng.ingest_many(_turns("u1")[:4])
        assert eng.flush() > 0
        assert not eng.dead_letters()
        assert eng.records("acme", "u1")


def test_nothing_to_warm_starts_no_thread():
    ahead = WarmAhead([], lambda events: pytest.fail("nothing should be warmed"))
    assert ahead.reach(5) == {}
    ahead.close()
    assert not any(t.name.startswith("memstream-warm") for t in threading.enumerate())


def _turns(user: str) -> list[dict]:
    return [make_turn(text, n, user=user, speaker="Kasia") for n, text in enumerate(SAID)]


@pytest.mark.parametrize("chunk", [1, 3])
def test_warming_ahead_folds_the_view_a_pass_without_warm_up_folds(tmp_path, monkeypatch, chunk):
    import streams.embedded as embedded
    import streams.warm_ahead as warm_ahead

    monkeypatch.setattr(warm_ahead, "CHUNK", chunk)
    with MemoryEngine.open(tmp_path / "ahead") as eng:
        eng.ingest_many(_turns("u1") + _turns("u2"))
        eng.flush()
        ahead_digest, ahead_texts = eng.view_digest(), [r.text for r in eng.records("acme", "u1")]
    monkeypatch.setattr(embedded, "warm_up", lambda *a, **k: {})
    with MemoryEngine.open(tmp_path / "cold") as eng:
        eng.ingest_many(_turns("u1") + _turns("u2"))
        eng.flush()
        assert eng.view_digest() == ahead_digest
        assert [r.text for r in eng.records("acme", "u1")] == ahead_texts
    assert not any("cats" in t or "Miso" in t for t in ahead_texts)  # the forget was decided in the pass


def test_every_user_turn_is_decided_with_what_warm_up_read_of_it(tmp_path, monkeypatch):
    import streams.embedded as embedded
    import streams.warm_ahead as warm_ahead

    monkeypatch.setattr(warm_ahead, "CHUNK", 2)
    given: list[bool] = []
    decide = embedded.decide_turn

    def recording(state, turn, settings, deciders, read=None):
        given.append(read is not None)
        return decide(state, turn, settings, deciders, read)

    monkeypatch.setattr(embedded, "decide_turn", recording)
    with MemoryEngine.open(tmp_path / "d") as eng:
        eng.ingest_many(_turns("u1"))
        eng.flush()
    assert len(given) == len(SAID) and all(given)
