"""Crypto-shredding: forgotten content is unreadable everywhere it was stored."""
from __future__ import annotations

from datetime import timedelta

from conftest import T0, make_turn
from engine import MemoryEngine
from engine.cli import replay_verify

CANARY = "zebracanary7731"


def _files_containing(root, needle: bytes) -> list[str]:
    return [str(p) for p in root.rglob("*") if p.is_file() and needle in p.read_bytes()]


def test_forgotten_canary_is_in_no_file_under_the_data_dir(data_dir):
    with MemoryEngine.open(data_dir, window_max_messages=4) as engine:
        engine.ingest_many([make_turn(f"My favorite band is {CANARY}.", 1)] +
                           [make_turn(f"I like topic number {i} a lot.", i + 2) for i in range(8)])
        engine.flush()
        [rec] = [r for r in engine.records("acme", "u1") if CANARY in r.text]
        engine.compact()
        # Encrypted at rest even before it is forgotten: readable through the engine, not on disk.
        assert _files_containing(data_dir, CANARY.encode()) == []
        hits = engine.recall(tenant_id="acme", user_id="u1", query=f"{CANARY} band", session_id="s1")
        assert hits[0].memory_id == rec.memory_id
        engine.forget(tenant_id="acme", user_id="u1", session_id="s1")  # "forget that"
        engine.compact()
        assert CANARY not in engine.context(tenant_id="acme", user_id="u1", session_id="s1", query="band").text
        assert all(CANARY not in (r.text or "") for r in engine.records("acme", "u1", include_inactive=True))
    assert _files_containing(data_dir, CANARY.encode()) == []


def test_forgotten_memory_key_and_source_turn_key_are_destroyed(data_dir):
    with MemoryEngine.open(data_dir) as engine:
        engine.ingest(make_turn(f"I prefer {CANARY} notebooks.", 1))
        engine.flush()
        [rec] = engine.records("acme", "u1")
        rt = engine.runtime
        from streams.codec import mem_ref, turn_ref

        mem_key = rt.keys.get(mem_ref("acme", "u1", rec.memory_id))
        turn_key = rt.keys.get(turn_ref("acme", "u1", "s1", "s1-t1"))
        assert mem_key and turn_key
        engine.forget(tenant_id="acme", user_id="u1", memory_id=rec.memory_id)
        engine.compact()
        assert rt.keys.get(mem_ref("acme", "u1", rec.memory_id)) is None
        # The turn itself is still in the log, but unreadable.
        from streams.codec import decode_event

        turns = [decode_event(raw, rt.sealer) for _, raw in rt.log.read()]
        turn = next(e for e in turns if e.type == "turn_received")
        assert turn.payload.text is None
    for key in (mem_key, turn_key):
        assert _files_containing(data_dir, key) == []


def test_forgetting_a_subject_shreds_all_of_it_and_spares_other_subjects(data_dir):
    with MemoryEngine.open(data_dir) as engine:
        engine.ingest_many([make_turn(f"I live in {CANARY}ville.", 1, user="gone"),
                            make_turn("I live in Lisbon.", 1, user="stays")])
        engine.flush()
        engine.forget(tenant_id="acme", user_id="gone", subject=True)
        engine.compact()
        assert engine.records("acme", "gone", include_inactive=True) == []
        assert [r.text for r in engine.records("acme", "stays")] != []
        assert engine.recall(tenant_id="acme", user_id="gone", query="where do I live") == []
    assert _files_containing(data_dir, CANARY.encode()) == []


def test_replay_after_forgets_and_sweeps_reproduces_the_digest(data_dir, tmp_path):
    with MemoryEngine.open(data_dir, window_max_messages=4) as engine:
        engine.ingest_many([
            make_turn("I prefer Python examples over Java ones.", 1),
            make_turn("For this session, answer in French.", 2),
            make_turn(f"My favorite band is {CANARY}.", 3),
            make_turn("I'm allergic to peanuts.", 4),
            make_turn("I prefer Python examples over Java ones.", 5),
            make_turn("Yesterday I went hiking with my sister.", 6),
            make_turn("Actually, I prefer Rust examples now.", 1, session="s2", at=T0 + timedelta(hours=2)),
        ])
        engine.flush()
        engine.recall(tenant_id="acme", user_id="u1", query="examples", session_id="s2", now=T0 + timedelta(hours=3))
        engine.forget(tenant_id="acme", user_id="u1", query=f"favorite band {CANARY}")
        engine.sweep(T0 + timedelta(days=400))
        live = engine.view_digest()
    before, replayed = replay_verify(data_dir, tmp_path / "replayed", show_progress=False)
    assert before == live == replayed
    assert _files_containing(tmp_path / "replayed", CANARY.encode()) == []
