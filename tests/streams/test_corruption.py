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
from engine.errors import DamagedStoreError, ForeignStoreError, LostKeysError, MissingStoreError
from engine.cli import main
from streams.embedded import EmbeddedRuntime
from streams.rocks import IDENTITY_KEY

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
    with pytest.raises(LostKeysError) as err:  # an open checks the keys the log's newest entries need
        MemoryEngine.open(d)
    assert err.value.lost == [victim.decode()]


def test_rebuilding_the_state_is_refused_when_keys_the_log_needs_are_lost(closed_dir, tmp_path, capsys):
    d = _copy(closed_dir[0], tmp_path)
    db = Rdict(str(d / "keys"), Options(raw_mode=True))
    db.delete(next(k for k in db.keys() if b"/turn/" in k and b"3:s9" not in k))
    db.close()
    with pytest.raises(DamagedStoreError) as err:
        EmbeddedRuntime.rebuild_state(d)
    assert err.value.store == "keys" and "lost, not forgotten" in str(err.value)
    assert main(["--data-dir", str(d), "replay", "--rebuild"]) == 2
    assert "lost, not forgotten" in capsys.readouterr().err
    assert not list(d.glob("state.damaged-*"))


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


# -- stores from another data directory ------------------------------------------------------------

OTHER_TURNS = [make_turn(f"I visited town number {n} and liked its harbour with my friend Tomas {n}.", n,
                         user="u7", session="s7", tenant="zeta") for n in range(1, 31)]


@pytest.fixture(scope="module")
def other_dirs(tmp_path_factory) -> tuple[Path, Path]:
    """Two other directories: a smaller one (one turn) and a larger one (more entries and keys than
    closed_dir has)."""
    small = tmp_path_factory.mktemp("small") / "data"
    with MemoryEngine.open(small) as engine:
        engine.ingest(make_turn("I own a parrot called Pico.", 1, tenant="zeta", user="u9"))
        engine.flush()
    large = tmp_path_factory.mktemp("large") / "data"
    with MemoryEngine.open(large) as engine:
        engine.ingest_many(OTHER_TURNS)
        engine.flush()
    return small, large


def _swap(d: Path, source: Path, *stores: str) -> None:
    for store in stores:
        shutil.rmtree(d / store)
        shutil.copytree(source / store, d / store)


def test_a_larger_key_store_from_another_directory_is_refused_by_name(closed_dir, other_dirs, tmp_path, capsys):
    d = _copy(closed_dir[0], tmp_path)
    _swap(d, other_dirs[1], "keys")
    for command in (["digest"], ["recall", "--tenant", "acme", "--user", "u1", "peanuts"]):
        assert main(["--data-dir", str(d), *command]) == 2
        err = capsys.readouterr().err
        assert "keys store" in err and "belongs to another data directory" in err and "Traceback" not in err
    with pytest.raises(ForeignStoreError) as err:
        MemoryEngine.open(d)
    assert err.value.store == "keys" and err.value.others == ()
    assert [f.store for f in EmbeddedRuntime.doctor(d)] == ["keys"]
    with pytest.raises(ForeignStoreError):
        MemoryEngine.replay(d, tmp_path / "replayed")


def test_a_smaller_state_from_another_directory_is_found_and_rebuilt(closed_dir, other_dirs, tmp_path):
    d = _copy(closed_dir[0], tmp_path)
    _swap(d, other_dirs[0], "state")
    with pytest.raises(ForeignStoreError) as err:
        MemoryEngine.open(d)
    assert err.value.store == "state" and "replay --rebuild" in str(err.value)
    [finding] = EmbeddedRuntime.doctor(d)
    assert finding.store == "state" and "another data directory" in finding.problem
    EmbeddedRuntime.rebuild_state(d)
    with MemoryEngine.open(d) as engine:
        assert engine.view_digest() == closed_dir[1]
        assert {t for t, _ in engine.runtime.subjects()} == {"acme"}  # nothing of the other tenant
    assert EmbeddedRuntime.doctor(d) == []


def test_a_larger_state_from_another_directory_is_blamed_not_the_log(closed_dir, other_dirs, tmp_path):
    d = _copy(closed_dir[0], tmp_path)
    _swap(d, other_dirs[1], "state")
    with pytest.raises(ForeignStoreError) as err:
        MemoryEngine.open(d)
    assert err.value.store == "state"
    assert [f.store for f in EmbeddedRuntime.doctor(d)] == ["state"]


def test_a_larger_log_and_keys_from_another_directory_under_the_old_state_are_refused(closed_dir, other_dirs,
                                                                                    tmp_path):
    d = _copy(closed_dir[0], tmp_path)
    _swap(d, other_dirs[1], "log", "keys")
    with pytest.raises(ForeignStoreError) as err:
        MemoryEngine.open(d)
    assert err.value.store == "log" and err.value.others == ("keys",)
    assert sorted(f.store for f in EmbeddedRuntime.doctor(d)) == ["keys", "log"]
    with pytest.raises(DamagedStoreError):
        EmbeddedRuntime.rebuild_state(d)


def _unstamp(d: Path) -> None:
    """What a directory made before data directory ids looks like: no id in its manifest or stores."""
    import json

    for store in ("log", "keys", "state"):
        db = Rdict(str(d / store), Options(raw_mode=True))
        db.delete(IDENTITY_KEY)
        db.close()
    manifest = json.loads((d / "memstream.json").read_text())
    del manifest["id"]
    (d / "memstream.json").write_text(json.dumps(manifest))


def test_a_directory_from_before_ids_is_stamped_once_it_passes_the_checks(closed_dir, other_dirs, tmp_path):
    import json

    d = _copy(closed_dir[0], tmp_path)
    _unstamp(d)
    with MemoryEngine.open(d) as engine:
        assert engine.view_digest() == closed_dir[1]
    data_id = json.loads((d / "memstream.json").read_text())["id"]
    for store in ("log", "keys", "state"):
        db = Rdict(str(d / store), Options(raw_mode=True, ))
        assert db.get(IDENTITY_KEY) == data_id.encode()
        db.close()
    _swap(d, other_dirs[0], "state")  # from now on a foreign store is found by its id
    with pytest.raises(ForeignStoreError):
        MemoryEngine.open(d)


def test_without_ids_a_swapped_key_store_or_state_is_still_found(closed_dir, other_dirs, tmp_path):
    """Directories from before ids: the open's cheap checks (the keys the log's newest entries need,
    the state's last folded entry) find another directory's stores, and nothing is stamped."""
    import json

    for store, error, name in (("keys", LostKeysError, "keys"), ("state", DamagedStoreError, "state")):
        d = _copy(closed_dir[0], tmp_path / store)
        other = _copy(other_dirs[1] if store == "keys" else other_dirs[0], tmp_path / f"other-{store}")
        _unstamp(d)
        _unstamp(other)
        _swap(d, other, store)
        with pytest.raises(error) as err:
            MemoryEngine.open(d)
        assert err.value.store == name
        assert "id" not in json.loads((d / "memstream.json").read_text())  # not adopted
        assert name in [f.store for f in EmbeddedRuntime.doctor(d)]
