"""Projecting in slices (`flush(limit=N)`, what the API server does so that writers get the log's
lock between slices) folds the same view as projecting at once, on the durable and the in-memory
runtime alike, and a slice never handles more than it was given."""
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
def test_slices_fold_the_same_view_as_one_pass(tmp_path, runtime, limit):
    whole = MemoryEngine.open(tmp_path / "whole", runtime=runtime)
    sliced = MemoryEngine.open(tmp_path / "sliced", runtime=runtime)
    try:
        for eng in (whole, sliced):
            eng.ingest_many(_turns("u1") + _turns("u2"))
        whole.flush()
        slices = []
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
