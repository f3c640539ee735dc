"""view_digest over an ordered run that holds some subjects' chunks (engine.digest.subject_chunk, made
earlier from their states) in their places is the digest of the states themselves."""
from __future__ import annotations

from conftest import make_turn
from engine import MemoryEngine
from engine.digest import subject_chunk, view_digest
from engine.state import SubjectState


def test_chunks_in_place_of_states_give_the_same_digest(data_dir):
    with MemoryEngine.open(data_dir) as engine:
        engine.ingest_many([make_turn(text, n, user=user) for user in ("u1", "u2", "u3") for n, text in enumerate([
            "I moved to Valencia last spring and I love the beach there.",
            "Please never schedule anything for me before 10am.",
        ], 1)])
        engine.flush()
        rt = engine.runtime
        states = [rt.state(*s) for s in rt.subjects()]
        assert len(states) == 3 and all(s.records for s in states)
        digest = engine.view_digest()
        assert view_digest(states) == digest
        mixed = [subject_chunk(s) if i % 2 == 0 else s for i, s in enumerate(states)]
        assert view_digest(mixed, ordered=True) == digest
        assert view_digest([subject_chunk(s) for s in states], ordered=True) == digest
        # An empty subject adds nothing, as a state or as its chunk.
        empty = SubjectState("acme", "u0")
        assert subject_chunk(empty) == b""
        assert view_digest([empty, *mixed], ordered=True) == digest
        # Another order is another digest: the chunks must come in (tenant, user) order.
        assert view_digest([subject_chunk(s) for s in reversed(states)], ordered=True) != digest
