"""A turn of no session (what `remember` logs of what it was told) is kept in the view's session of
id "", and that session reaches the state store like any other: the view reads the same after the
engine is closed and opened again, or after the subject was let go by the cache, and a replay of the
log verifies."""
from __future__ import annotations

import pytest

from conftest import make_turn
from engine import MemoryEngine

TOLD = [
    "I take my coffee black, no sugar.",
    "My allotment is plot 14 at Ferry Lane.",
    "I'm training for the Lakeland 50 in July.",
]


@pytest.mark.parametrize("text", TOLD)
def test_a_remembered_thing_reads_the_same_after_a_reopen(tmp_path, text):
    d = tmp_path / "data"
    with MemoryEngine.open(d) as engine:
        engine.remember(tenant_id="acme", user_id="u1", text=text)
        engine.flush()
        live = engine.view_digest()
        assert "" in engine.runtime.state("acme", "u1").sessions
    with MemoryEngine.open(d) as engine:
        assert engine.view_digest() == live
        assert [t.text for t in engine.runtime.state("acme", "u1").sessions[""].window] == [text]
    assert MemoryEngine.replay(d, tmp_path / "replayed") == live


def test_a_remembered_thing_survives_the_subject_being_let_go(tmp_path):
    d = tmp_path / "data"
    with MemoryEngine.open(d, subject_cache_subjects=1) as engine:
        for text in TOLD:
            engine.remember(tenant_id="acme", user_id="u1", text=text)
        engine.ingest_many([make_turn(t, n, user="u2") for n, t in enumerate(TOLD, 1)])  # u1 is let go
        engine.flush()
        window = [t.text for t in engine.runtime.state("acme", "u1").sessions[""].window]
        assert window == TOLD
        live = engine.view_digest()
    assert MemoryEngine.replay(d, tmp_path / "one", replay_workers=1, subject_cache_subjects=1) == live
    assert MemoryEngine.replay(d, tmp_path / "split", replay_workers=2, replay_workers_from=1,
                               subject_cache_subjects=2) == live
