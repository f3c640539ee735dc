"""Damaged data directories: every damage is a typed error naming the store, never a silent loss.

Each test damages a copy of a small real data directory: one closed cleanly (its stores in table
files) or one whose process died without closing (its stores still in their write-ahead logs)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from rocksdict import Options, Rdict

from conftest import make_turn
from engine import MemoryEngine
from engine.errors import DamagedStoreError, LostKeysError, MissingStoreError
from streams.embedded import EmbeddedRuntime

REPO = Path(__file__).resolve().parents[2]

TURNS = [make_turn(text, n, user=user, session=session) for n, (user, session, text) in enumerate([
    ("u1", "s1", "I prefer Python examples over Java ones."),
    ("u1", "s1", "I'm allergic to peanuts."),
    ("u1", "s1", "We decided to use Postgres for the billing service."),
    ("u2", "s9", "My sister lives in Porto."),
    ("u2", "s9", "I work as a nurse at the city hospital."),
    ("u1", "s2", "I live in Lisbon now."),
    ("u2", "s9", "My dog is called Biscuit."),
    ("u1", "s2", "Please always answer briefly."),
], 1)]


@pytest.fixture(scope="module")
def closed_dir(tmp_path_factory) -> tuple[Path, str]:
    """A directory closed cleanly, with a forget in its log (keys destroyed on purpose)."""
    d = tmp_path_factory.mktemp("closed") / "data"
    with MemoryEngine.open(d) as engine:
        engine.ingest_many(TURNS)
        engine.flush()
        [hit] = engine.recall(tenant_id="acme", user_id="u2", query="what is my dog called?", k=1)
        engine.forget(tenant_id="acme", user_id="u2", memory_id=hit.memory_id)
        engine.compact()
        digest = engine.view_digest()
    return d, digest


@pytest.fixture(scope="module")
def killed_dir(tmp_path_factory) -> Path:
    """A directory whose process exited without closing it: the stores' data is in their WALs."""
    d = tmp_path_factory.mktemp("killed") / "data"
    script = ("import json, os, sys\nfrom engine import MemoryEngine\n"
              "e = MemoryEngine.open(sys.argv[1])\n"
              "for t in json.loads(sys.argv[2]):\n    e.ingest(t)\n"
              "e.flush()\nos._exit(0)\n")
    import json

    env = dict(os.environ, PYTHONPATH=str(REPO))
    subprocess.run([sys.executable, "-c", script, str(d), json.dumps(TURNS)], check=True, env=env, cwd=REPO)
    for store in ("log", "keys"):
        assert [p for p in (d / store).glob("*.log") if p.stat().st_size > 0], f"{store} has no WAL to damage"
    return d


def _copy(src: Path, tmp_path: Path) -> Path:
    d = tmp_path / "copy"
    shutil.copytree(src, d)
    return d


def _only(d: Path, pattern: str) -> Path:
    [path] = [p for p in d.glob(pattern) if p.stat().st_size > 0]
    return path


def _garble(path: Path, at: float) -> None:
    size = path.stat().st_size
    with open(path, "r+b") as fh:
        fh.seek(int(size * at))
        fh.write(bytes(48))


def _truncate_half(path: Path) -> None:
    os.truncate(path, path.stat().st_size // 2)


def _doctor_stores(d: Path) -> list[str]:
    return [f.store for f in EmbeddedRuntime.doctor(d)]


def test_a_log_wal_truncated_by_half_is_reported_at_every_open(killed_dir, tmp_path):
    d = _copy(killed_dir, tmp_path)
    _truncate_half(_only(d / "log", "*.log"))
    for _ in range(2):  # and the second open does not take the shortened log as the truth either
        with pytest.raises(DamagedStoreError) as err:
            MemoryEngine.open(d)
        assert err.value.store == "log" and "restore" in str(err.value)
    assert _doctor_stores(d) == ["log"]


def test_a_garbled_log_wal_is_a_typed_error_not_a_shorter_log(killed_dir, tmp_path):
    d = _copy(killed_dir, tmp_path)
    _garble(_only(d / "log", "*.log"), 0.5)
    with pytest.raises(DamagedStoreError) as err:
        MemoryEngine.open(d)
    assert err.value.store == "log"
    assert _doctor_stores(d) == ["log"]


def test_a_log_without_its_current_file_is_never_created_afresh(closed_dir, tmp_path):
    d = _copy(closed_dir[0], tmp_path)
    (d / "log" / "CURRENT").unlink()
    tables = sorted(p.name for p in (d / "log").glob("*.sst"))
    for _ in range(2):
        with pytest.raises(MissingStoreError) as err:
            MemoryEngine.open(d)
        assert err.value.store == "log" and "CURRENT" in str(err.value)
    assert not (d / "log" / "CURRENT").exists()
    assert sorted(p.name for p in (d / "log").glob("*.sst")) == tables
    assert _doctor_stores(d) == ["log"]


def test_a_garbled_log_table_stops_replay_with_a_typed_error(closed_dir, tmp_path):
    d = _copy(closed_dir[0], tmp_path)
    _garble(_only(d / "log", "*.sst"), 0.4)
    with pytest.raises(DamagedStoreError) as err:
        MemoryEngine.replay(d, tmp_path / "replayed")
    assert err.value.store == "log"
    assert _doctor_stores(d) == ["log"]


def test_a_deleted_key_store_is_reported_not_replaced_by_an_empty_one(closed_dir, tmp_path):
    d = _copy(closed_dir[0], tmp_path)
    shutil.rmtree(d / "keys")
    for _ in range(2):
        with pytest.raises(MissingStoreError) as err:
            MemoryEngine.open(d)
        assert err.value.store == "keys" and "backup" in str(err.value)
    assert not (d / "keys").exists()
    with pytest.raises(MissingStoreError):
        MemoryEngine.replay(d, tmp_path / "replayed")
    assert _doctor_stores(d) == ["keys"]


def test_a_truncated_keys_wal_is_found_against_the_log(killed_dir, tmp_path):
    d = _copy(killed_dir, tmp_path)
    _truncate_half(_only(d / "keys", "*.log"))
    with pytest.raises(DamagedStoreError) as err:
        MemoryEngine.open(d)
    assert err.value.store == "keys" and "gone" in str(err.value)
    with pytest.raises(DamagedStoreError):
        MemoryEngine.replay(d, tmp_path / "replayed")
    assert "keys" in _doctor_stores(d)


def test_a_garbled_key_table_is_a_typed_error(closed_dir, tmp_path):
    d = _copy(closed_dir[0], tmp_path)
    _garble(_only(d / "keys", "*.sst"), 0.3)
    with pytest.raises(DamagedStoreError) as err:
        with MemoryEngine.open(d) as engine:
            engine.view_digest()
    assert err.value.store == "keys"
    assert _doctor_stores(d) == ["keys"]


def test_a_key_no_event_destroyed_is_lost_not_forgotten(closed_dir, tmp_path):
    d = _copy(closed_dir[0], tmp_path)
    assert _doctor_stores(d) == []  # the forgotten memory's keys were destroyed by its event
    db = Rdict(str(d / "keys"), Options(raw_mode=True))
    victim = next(k for k in db.keys() if b"/turn/" in k and b"3:s9" not in k)
    db.delete(victim)
    db.close()
    with pytest.raises(LostKeysError) as err:
        MemoryEngine.replay(d, tmp_path / "replayed")
    assert err.value.lost == [victim.decode()]
    [finding] = EmbeddedRuntime.doctor(d)
    assert finding.store == "keys" and "lost, not forgotten" in finding.problem


def test_a_garbled_state_is_rebuilt_from_the_log_and_the_keys(closed_dir, tmp_path):
    d = _copy(closed_dir[0], tmp_path)
    _garble(_only(d / "state", "*.sst"), 0.4)
    [finding] = EmbeddedRuntime.doctor(d)
    assert finding.store == "state" and "replay --rebuild" in finding.advice
    aside = EmbeddedRuntime.rebuild_state(d)
    assert aside is not None and aside.is_dir() and aside.name.startswith("state.damaged-")
    with MemoryEngine.open(d) as engine:
        assert engine.view_digest() == closed_dir[1]
    assert EmbeddedRuntime.doctor(d) == []


def test_rebuilding_is_refused_when_the_log_itself_is_damaged(closed_dir, tmp_path):
    d = _copy(closed_dir[0], tmp_path)
    _garble(_only(d / "log", "*.sst"), 0.4)
    with pytest.raises(DamagedStoreError) as err:
        EmbeddedRuntime.rebuild_state(d)
    assert err.value.store == "log"
    assert not list(d.glob("state.damaged-*"))
