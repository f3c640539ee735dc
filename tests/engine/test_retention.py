"""Raw-turn retention and archiving: raw turns' keys are destroyed, records and summaries stay, and
replay reproduces the view."""
from __future__ import annotations

from datetime import timedelta

import pytest

from conftest import T0, make_turn
from engine import MemoryEngine
from engine.errors import InvalidCommandError, InvalidSettingsError

MEMORY = "streams.memory:MemoryRuntime"
RUNTIMES = ["embedded", MEMORY]


def _turn_texts(engine, tenant="acme", user="u1") -> dict[str, str | None]:
    return {e.payload.turn_id: e.payload.text for e in engine.runtime.events(0)
            if e.type == "turn_received" and e.tenant_id == tenant and e.user_id == user}


def _expired(engine) -> list:
    return [e for e in engine.runtime.events(0) if e.type == "turns_expired"]


def _history(engine) -> None:
    old = T0 - timedelta(days=40)
    engine.ingest_many([
        make_turn("I live in Porto.", 1, session="old", at=old),
        make_turn("Nice, Porto has great food.", 2, session="old", role="assistant", at=old + timedelta(minutes=1)),
        make_turn("I work as a nurse.", 1, session="new", at=T0),
    ])
    engine.flush()


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_by_default_raw_turns_are_kept_for_ever(tmp_path, runtime):
    with MemoryEngine.open(tmp_path / "d", runtime=runtime) as engine:
        _history(engine)
        engine.sweep(T0 + timedelta(days=3650))
        assert _expired(engine) == []
        assert None not in _turn_texts(engine).values()


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_turns_older_than_the_tenants_retention_expire_and_records_stay(tmp_path, runtime):
    with MemoryEngine.open(tmp_path / "d", runtime=runtime, retention={"acme": 30}) as engine:
        _history(engine)
        before = {r.memory_id: r for r in engine.records("acme", "u1")}
        counts = engine.sweep(T0 + timedelta(days=1), request_id="sweep-1")
        assert counts.get("turns_expired") == 1
        texts = _turn_texts(engine)
        assert texts["old-t1"] is None and texts["old-t2"] is None and texts["new-t1"] == "I work as a nurse."
        [event] = _expired(engine)
        assert event.session_id == "old" and event.payload.turn_ids == ["old-t1", "old-t2"]
        assert event.payload.reason == "retention" and event.payload.policy == "retention_days=30 (tenant acme)"
        after = {r.memory_id: r for r in engine.records("acme", "u1")}
        assert after.keys() == before.keys()  # records and their provenance ids stay
        assert all(after[m].text == before[m].text and after[m].sources == before[m].sources for m in after)
        assert engine.recall(tenant_id="acme", user_id="u1", query="where do I live", record_use=False)
        assert engine.sweep(T0 + timedelta(days=2)).get("turns_expired") is None  # nothing left to expire
        live = engine.view_digest()
    if runtime == "embedded":
        assert MemoryEngine.replay(tmp_path / "d", tmp_path / "replay") == live


def test_a_subjects_retention_overrides_its_tenants(tmp_path):
    settings = {"retention_days": 30, "retention": {"acme": 10, "acme/keeper": None}}
    with MemoryEngine.open(tmp_path / "d", **settings) as engine:
        for user in ("u1", "keeper"):
            engine.ingest(make_turn("I live in Porto.", 1, user=user, at=T0 - timedelta(days=20)))
        engine.ingest(make_turn("I live in Porto.", 1, tenant="other", at=T0 - timedelta(days=20)))
        engine.flush()
        engine.sweep(T0)
        assert _turn_texts(engine, user="u1") == {"s1-t1": None}
        assert _turn_texts(engine, user="keeper") == {"s1-t1": "I live in Porto."}
        assert _turn_texts(engine, tenant="other") == {"s1-t1": "I live in Porto."}  # 20 < 30 days


def test_the_raw_turn_index_survives_a_reopen(tmp_path):
    with MemoryEngine.open(tmp_path / "d") as engine:
        _history(engine)
        folded = engine.runtime.state("acme", "u1").raw_turns
        assert {s: set(t) for s, t in folded.items()} == {"old": {"old-t1", "old-t2"}, "new": {"new-t1"}}
        folded = {s: dict(t) for s, t in folded.items()}
    with MemoryEngine.open(tmp_path / "d", retention={"acme": 30}) as engine:
        state = engine.runtime.state("acme", "u1")
        assert state.raw_turns_complete and state.raw_turns == folded
        engine.sweep(T0 + timedelta(days=1))
        assert engine.runtime.state("acme", "u1").raw_turns == {"new": folded["new"]}
    with MemoryEngine.open(tmp_path / "d") as engine:
        assert engine.runtime.state("acme", "u1").raw_turns == {"new": folded["new"]}


def test_retention_after_reopen_reads_the_turns_a_state_without_the_index_lacks(tmp_path):
    """A directory whose state store was written before the raw-turn index was kept."""
    with MemoryEngine.open(tmp_path / "d") as engine:
        _history(engine)
        from rocksdict import WriteBatch

        db = engine.runtime.store.db
        batch = WriteBatch(raw_mode=True)
        for key in [k for k, _ in db.items() if k[:1] == b"c"]:
            batch.delete(key)
        db.write(batch, engine.runtime.store._write)
    with MemoryEngine.open(tmp_path / "d", retention={"acme": 30}) as engine:
        assert not engine.runtime.state("acme", "u1").raw_turns_complete
        engine.sweep(T0 + timedelta(days=1))
        texts = _turn_texts(engine)
        assert texts["old-t1"] is None and texts["new-t1"] is not None
        live = engine.view_digest()
    assert MemoryEngine.replay(tmp_path / "d", tmp_path / "replay") == live


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_archiving_a_session_shreds_its_raw_turns_and_keeps_its_summary_and_records(tmp_path, runtime):
    with MemoryEngine.open(tmp_path / "d", runtime=runtime, window_max_messages=4) as engine:
        turns = [make_turn(text, n, session="debug") for n, text in enumerate([
            "I prefer Python for scripts.", "My build fails with a linker error.", "I use Ubuntu 24.04 at work.",
            "The error mentions libssl.", "I decided to pin OpenSSL 3.0.", "Thanks, that fixed it."], 1)]
        engine.ingest_many(turns + [make_turn("I live in Porto.", 1, session="other")])
        engine.flush()
        records = {r.memory_id for r in engine.records("acme", "u1")}
        summary_before = engine.session_summary(tenant_id="acme", user_id="u1", session_id="debug")
        assert engine.summary("acme", "u1", "debug")  # a running summary was built of those turns
        assert engine.archive_session("acme", "u1", "debug") == 6
        texts = _turn_texts(engine)
        assert all(texts[f"debug-t{n}"] is None for n in range(1, 7)) and texts["other-t1"] == "I live in Porto."
        assert engine.summary("acme", "u1", "debug") == []
        assert {r.memory_id for r in engine.records("acme", "u1")} == records
        after = engine.session_summary(tenant_id="acme", user_id="u1", session_id="debug")
        assert after.lines == summary_before.lines and after.source_turn_ids == summary_before.source_turn_ids
        [event] = _expired(engine)
        assert event.payload.reason == "archived" and event.payload.policy == "archive_session"
        assert engine.archive_session("acme", "u1", "debug") == 0
        with pytest.raises(InvalidCommandError, match="no session"):
            engine.archive_session("acme", "u1", "nope")
        live = engine.view_digest()
    if runtime == "embedded":
        assert MemoryEngine.replay(tmp_path / "d", tmp_path / "replay") == live


def test_a_retention_must_be_a_positive_number_of_days(tmp_path):
    with pytest.raises(InvalidSettingsError):
        MemoryEngine.open(tmp_path / "d", retention={"acme": 0})
    with pytest.raises(InvalidSettingsError):
        MemoryEngine.open(tmp_path / "d2", retention_days=-1)


@pytest.mark.parametrize("shred", ["archive", "retention"])
def test_rederive_leaves_the_records_of_archived_or_expired_turns_alone(tmp_path, shred):
    settings = {"retention": {"acme": 30}} if shred == "retention" else {}
    with MemoryEngine.open(tmp_path / "d", **settings) as engine:
        _history(engine)
        before = {r.memory_id: r.text for r in engine.records("acme", "u1")}
        assert any("Porto" in t for t in before.values())
        if shred == "archive":
            assert engine.archive_session("acme", "u1", "old") == 2
        else:
            assert engine.sweep(T0 + timedelta(days=1)).get("turns_expired") == 1
        diff = engine.rederive(tenant_id="acme", user_id="u1", dry_run=True)
        assert not any(d.superseded or d.forgotten for d in diff), diff
        engine.rederive(tenant_id="acme", user_id="u1")
        assert {r.memory_id: r.text for r in engine.records("acme", "u1")} == before
