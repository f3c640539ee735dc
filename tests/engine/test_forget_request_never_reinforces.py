"""A sentence telling the assistant to forget something is never evidence for it: whether or not
the meaning layer judges it a request, the memory it names is forgotten or left as it was, never
made stronger by it. A request to keep something ("don't forget that ...") still is evidence."""
from __future__ import annotations

import pytest

from conftest import make_turn
from engine import MemoryEngine

# (a statement, a later request to forget it in words of its own)
ASKED = [
    ("We chose the walnut dining table for the new flat.", "Could you forget that we chose the walnut table?"),
    ("My nephew Teodor is starting at the conservatory.", "Forget about Teodor and the conservatory, please."),
    ("I signed up for the half marathon in Bristol.", "Scrap what I said about signing up for the Bristol half marathon."),
]


@pytest.mark.parametrize("said, asked", ASKED)
def test_a_request_to_forget_never_strengthens_the_memory_it_names(tmp_path, said, asked):
    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest_many([make_turn(said, 1), make_turn("Sounds good.", 2, role="assistant")])
        engine.flush()
        [before] = [r for r in engine.records("acme", "u1")]
        engine.ingest(make_turn(asked, 3, session="s2"))
        engine.flush()
        after = {r.memory_id: r for r in engine.records("acme", "u1", include_inactive=True)}
        rec = after.get(before.memory_id)
        if rec is not None and rec.tier == "active":  # not judged a request: left exactly as it was
            assert rec.confidence == before.confidence and rec.evidence_count == before.evidence_count
            assert rec.sources == before.sources
        # and nothing new was recorded from the request itself
        assert not [r for r in after.values() if any(s.session_id == "s2" for s in r.sources)]


def test_asking_to_keep_something_is_still_evidence(tmp_path):
    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest(make_turn("Don't forget that I'm allergic to sesame.", 1))
        engine.flush()
        assert any("sesame" in r.text for r in engine.records("acme", "u1"))
