"""Projecting in slices (`flush(limit=N)`, what the API server does so that writers get the log's
lock between slices) folds the same view as projecting at once, on the durable and the in-memory
runtime alike, and a slice never handles more than it was given; preparing turns ahead of the
slices (`prepare(N)`, the server's batch embedding outside the lock) changes no decision."""
from __future__ import annotations

import pytest

from conftest import make_turn
from engine import MemoryEngine
from engine.errors import InvalidCommandError

SAID = [
    "I'm a nurse on night shifts at the children's hospital.",
    "Please keep your answers short, bullet points are fine.",
    "My sister Wren is getting married in Porto next June.",
    "Actually, I switched to day shifts last week.",
    "I can't have dairy, it makes me ill.",
    "We adopted a grey rescue cat called Pebble.",
    "Forget that, about the cat.",
    "I'd rather you call me Sam than Samantha.",
]


def _turns(user: str) -> list[dict]:
    return [make_turn(text, n, user=user, session="s1" if n < 4 else "s2") for n, text in enumerate(SAID)]


@pytest.mark.parametrize("runtime", ["embedded", "streams.memory:MemoryRuntime"])
@pytest.mark.parametrize("limit", [1, 3])
@pytest.mark.parametrize("prepare", [False, True])
def test_slices_fold_the_same_view_as_one_pass(tmp_path, runtime, limit, prepare):
    whole = MemoryEngine.open(tmp_path / "whole", runtime=runtime)
    sliced = MemoryEngine.open(tmp_path / "sliced", runtime=runtime)
    try:
        for eng in (whole, sliced):
            eng.ingest_many(_turns("u1") + _turns("u2"))
        whole.flush()
        slices = []
        while prepare and sliced.prepare(5):  # everything warmed before the first slice
            pass
        while (handled := sliced.flush(limit=limit)):
            assert handled <= limit
            slices.append(handled)
        assert len(slices) > 1
        assert sliced.pending() == 0
        assert sliced.view_digest() == whole.view_digest()
        assert [r.text for r in sliced.records("acme", "u1")] == [r.text for r in whole.records("acme", "u1")]
    finally:
        whole.close()
        sliced.close()


def test_a_limit_must_be_a_positive_whole_number(engine):
    for bad in (0, -2, 1.5, "3"):
        with pytest.raises(InvalidCommandError):
            engine.flush(limit=bad)


def test_prepare_warms_each_pending_turn_once_and_in_order(engine):
    engine.ingest_many(_turns("u1"))
    assert [engine.prepare(3), engine.prepare(3), engine.prepare(3), engine.prepare(3)] == [3, 3, 2, 0]
    engine.flush(limit=2)
    assert engine.prepare(5) == 0  # what is left was warmed already
    engine.ingest_many([make_turn("We moved the wedding to Lisbon.", 20, user="u1", session="s3")])
    assert engine.prepare(5) == 1
    engine.flush()
    assert engine.prepare(5) == 0 and engine.pending() == 0


def test_prepare_does_nothing_without_deciding_by_meaning(tmp_path):
    with MemoryEngine.open(tmp_path / "d", decide_by_meaning=False) as eng:
        eng.ingest_many(_turns("u1"))
        assert eng.prepare(8) == 0
        eng.flush()
        assert eng.records("acme", "u1")


def test_a_limit_to_prepare_must_be_a_positive_whole_number(engine):
    for bad in (0, -2, 1.5, "3"):
        with pytest.raises(InvalidCommandError):
            engine.prepare(bad)


def test_appended_turns_kept_for_later_slices_are_bounded(tmp_path, monkeypatch):
    import streams.embedded as embedded

    monkeypatch.setattr(embedded, "PENDING_MAX", 5)
    whole = MemoryEngine.open(tmp_path / "whole")
    sliced = MemoryEngine.open(tmp_path / "sliced")
    try:
        for eng in (whole, sliced):
            eng.ingest_many(_turns("u1") + _turns("u2"))
        assert len(sliced.runtime._pending) == 5  # the rest is read back from the log when reached
        whole.flush()
        sliced.prepare(16)
        while sliced.flush(limit=2):
            assert len(sliced.runtime._pending) <= 5
        assert sliced.view_digest() == whole.view_digest()
        assert not sliced.runtime._pending
    finally:
        whole.close()
        sliced.close()
