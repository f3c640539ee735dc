"""User-caused errors are typed; commands that are repeated do what they say."""
from __future__ import annotations

from datetime import timedelta

import pytest

from conftest import T0, make_turn
from engine import MemoryEngine
from engine.errors import (
    BadTimestampError,
    DataDirError,
    InvalidCommandError,
    InvalidSettingsError,
    InvalidTurnError,
    TenantMismatchError,
    UnknownMemoryError,
)


@pytest.mark.parametrize("when", ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z"])
def test_timestamps_out_of_range_are_refused(engine, when):
    with pytest.raises(BadTimestampError, match="outside"):
        engine.ingest({**make_turn("I went hiking yesterday.", 1), "occurred_at": when})
    assert len(engine.runtime.log) == 0


@pytest.mark.parametrize("field, value", [("tenant_id", "a\x1fb"), ("user_id", "tab\there"), ("turn_id", "x" * 200)])
def test_ids_with_control_characters_or_too_long_are_refused(engine, field, value):
    with pytest.raises(InvalidTurnError, match=field):
        engine.ingest({**make_turn("I live in Porto.", 1), field: value})


def test_text_with_a_lone_surrogate_is_refused(engine):
    with pytest.raises(InvalidTurnError, match="surrogate"):
        engine.ingest(make_turn("bad \ud800 text", 1))


@pytest.mark.parametrize("call", [
    lambda e: e.recall(tenant_id="acme", user_id="u1", query=None),
    lambda e: e.recall(tenant_id="acme", user_id="u1", query="x", max_privacy="top"),
    lambda e: e.recall(tenant_id="acme", user_id="u1", query="x", now="yesterday-ish"),
    lambda e: e.recall(tenant_id="acme", user_id="u1", query="x", k=0),
    lambda e: e.context(tenant_id="acme", user_id="u1", query="x", budget_tokens="400"),
    lambda e: e.sweep("not a time"),
    lambda e: e.remember(tenant_id="acme", user_id="u1", text="   ?! "),
    lambda e: e.remember(tenant_id="acme", user_id="u1", text="x" * 20_000),
    lambda e: e.remember(tenant_id="acme", user_id="u1"),
    lambda e: e.forget(tenant_id="acme", user_id="u1", mode="wat"),
    lambda e: e.recall(tenant_id="a\x1fb", user_id="u1", query="x"),
])
def test_bad_arguments_raise_invalid_command(engine, call):
    with pytest.raises(InvalidCommandError):
        call(engine)


def test_ingest_many_needs_a_list(engine):
    with pytest.raises(InvalidTurnError, match="list of turns"):
        engine.ingest_many(None)


def test_bad_settings_and_data_dirs_get_typed_errors(tmp_path):
    with pytest.raises(InvalidSettingsError, match="windw"):
        MemoryEngine.open(tmp_path / "d", windw=3)
    with pytest.raises(InvalidSettingsError, match="window_max_messages"):
        MemoryEngine.open(tmp_path / "d", window_max_messages=-1)
    a_file = tmp_path / "file"
    a_file.write_text("x")
    with pytest.raises(DataDirError, match="is a file"):
        MemoryEngine.open(a_file)


def test_forgetting_a_subject_twice_forgets_what_came_in_between(engine):
    at = T0 + timedelta(days=1)
    engine.ingest(make_turn("I live in Porto.", 1))
    assert engine.forget(tenant_id="acme", user_id="u1", subject=True, occurred_at=at)
    engine.ingest(make_turn("I'm allergic to peanuts.", 2))
    assert engine.forget(tenant_id="acme", user_id="u1", subject=True, occurred_at=at)
    assert engine.records("acme", "u1", include_inactive=True) == []


def test_sweeping_twice_at_the_same_time_still_expires_what_is_due(engine):
    at = T0 + timedelta(days=3)
    engine.sweep(at)
    engine.remember(tenant_id="acme", user_id="u1", text="Use metric units", kind="temporary_instruction",
                    occurred_at=T0, expires_at=T0 + timedelta(days=1))
    assert engine.sweep(at) == {"memory_expired": 1}
    assert engine.records("acme", "u1") == []


def test_forget_that_after_restart_and_sweep_is_a_typed_error(data_dir):
    with MemoryEngine.open(data_dir) as engine:
        engine.remember(tenant_id="acme", user_id="u1", session_id="s1", text="Use metric units",
                        kind="temporary_instruction", occurred_at=T0, expires_at=T0 + timedelta(hours=1))
        engine.sweep(T0 + timedelta(days=1))
    with MemoryEngine.open(data_dir) as engine:
        with pytest.raises(UnknownMemoryError):
            engine.forget(tenant_id="acme", user_id="u1", session_id="s1")


def test_forget_by_query_erases_superseded_copies_and_spares_the_new_fact(engine):
    engine.ingest(make_turn("I live in Zqtown.", 1))
    engine.ingest(make_turn("Actually, I live in Berlin now.", 2, at=T0 + timedelta(days=1)))
    gone = engine.forget(tenant_id="acme", user_id="u1", query="live in Zqtown")
    left = [r.text for r in engine.records("acme", "u1", include_inactive=True)]
    assert len(gone) == 1 and all("Zqtown" not in t for t in left) and any("Berlin" in t for t in left)


def test_a_sweep_bound_to_one_tenant_refuses_another(tmp_path):
    with MemoryEngine.open(tmp_path / "d", tenant_id="acme") as engine:
        with pytest.raises(TenantMismatchError):
            engine.sweep(T0, tenant_id="other", user_id="u1")


def test_speaker_names_are_sealed_and_shredded_with_the_subject(data_dir):
    with MemoryEngine.open(data_dir) as engine:
        engine.ingest(make_turn("I live in Porto.", 1, speaker="Adazqlovelace"))
        engine.flush()
        engine.compact()
        found = [p for p in data_dir.rglob("*") if p.is_file() and b"Adazqlovelace" in p.read_bytes()]
        assert found == []
        engine.forget(tenant_id="acme", user_id="u1", subject=True)
        engine.compact()
    assert not [p for p in data_dir.rglob("*") if p.is_file() and b"Adazqlovelace" in p.read_bytes()]


@pytest.mark.parametrize("query, spared", [
    ("I live in Lisbon", "Porto"),
    ("allergic to shellfish", "peanuts"),
    ("my cat named Tom", "Rex"),
    ("I work as a teacher", "nurse"),
    ("my sister Maria", "Ana"),
])
def test_forget_by_query_spares_related_but_different_memories(engine, query, spared):
    engine.ingest_many([make_turn(t, i) for i, t in enumerate([
        "I live in Porto.", "I'm allergic to peanuts.", "I have a dog named Rex.", "I work as a nurse.",
        "My sister is called Ana.",
    ])])
    engine.forget(tenant_id="acme", user_id="u1", query=query)
    assert any(spared in r.text for r in engine.records("acme", "u1"))


def test_forget_by_query_dry_run_lists_and_changes_nothing(engine):
    engine.ingest_many([make_turn("I live in Porto.", 1), make_turn("I prefer tea over coffee.", 2)])
    before = engine.view_digest()
    ids = engine.forget(tenant_id="acme", user_id="u1", query="where I live in Porto", dry_run=True)
    assert len(ids) == 1 and engine.view_digest() == before
    assert engine.forget(tenant_id="acme", user_id="u1", query="where I live in Porto") == ids


def test_remembering_again_after_a_forget_records_again(engine):
    args = dict(tenant_id="acme", user_id="u1", text="I prefer tea over coffee", occurred_at=T0)
    first = engine.remember(**args)
    engine.forget(tenant_id="acme", user_id="u1", memory_id=first)
    second = engine.remember(**args)
    assert [r.memory_id for r in engine.records("acme", "u1")] == [second]


def test_a_retried_recall_with_a_request_id_counts_its_use_once(engine):
    engine.ingest(make_turn("I live in Porto.", 1))
    for _ in range(2):
        engine.recall(tenant_id="acme", user_id="u1", query="Porto", request_id="req-1")
    [rec] = engine.records("acme", "u1")
    assert rec.use_count == 1


@pytest.mark.parametrize("call", [
    lambda e: e.audit(None),
    lambda e: e.audit("\ud800"),
    lambda e: e.recall(tenant_id="acme", user_id="u1", query="x", max_privacy=[]),
    lambda e: e.recall(tenant_id="acme", user_id="u1", query="bad \ud800"),
    lambda e: e.recall(tenant_id="acme", user_id="u1", query="x", session_id=123),
    lambda e: e.context(tenant_id="acme", user_id="u1", session_id=[], query="x"),
    lambda e: e.summary("acme", "u1", []),
    lambda e: e.forget(123),
    lambda e: e.remember(123),
    lambda e: e.remember(tenant_id="acme", user_id="u1", session_id="\ud800", text="I like tea"),
])
def test_odd_argument_types_raise_invalid_command(engine, call):
    with pytest.raises(InvalidCommandError):
        call(engine)


def test_unusable_data_dirs_get_a_typed_error(tmp_path):
    with pytest.raises(DataDirError):
        MemoryEngine.open(None)
    with pytest.raises(DataDirError):
        MemoryEngine.open("/proc/1/nope/data")
    (tmp_path / "future").mkdir()
    (tmp_path / "future" / "FORMAT").write_text("memstream-data 9\n")
    with pytest.raises(DataDirError, match="memstream-data 9"):
        MemoryEngine.open(tmp_path / "future")
