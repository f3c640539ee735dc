"""`memstream doctor`: a healthy directory has no findings, a damaged one has, and checking changes nothing."""
from __future__ import annotations

import hashlib
import shutil
import struct
from pathlib import Path

import pytest
from rocksdict import Options, Rdict

from conftest import make_turn
from engine import MemoryEngine
from engine.cli import main
from engine.errors import DamagedStoreError, DataDirError, DataDirLockedError
from streams.embedded import EmbeddedRuntime


@pytest.fixture(scope="module")
def healthy(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("doctor") / "data"
    with MemoryEngine.open(d) as engine:
        engine.ingest_many([make_turn("I'm allergic to peanuts.", 1), make_turn("My sister lives in Porto.", 2),
                            make_turn("I prefer tea over coffee.", 3, user="u2")])
        engine.flush()
        engine.forget(tenant_id="acme", user_id="u2", subject=True)
    return d


def _contents(d: Path) -> dict[str, tuple]:
    """Every file's and directory's name, kind, size, modification time and (files) bytes."""
    out = {".": ("dir", d.stat().st_mtime_ns)}
    for p in sorted(d.rglob("*")):
        st = p.lstat()
        if p.is_file():
            out[str(p.relative_to(d))] = ("file", st.st_size, st.st_mtime_ns, hashlib.sha256(p.read_bytes()).hexdigest())
        else:
            out[str(p.relative_to(d))] = ("dir", st.st_mtime_ns)
    return out


def test_a_healthy_directory_has_no_findings_and_is_left_as_it_was(healthy, capsys):
    before = _contents(healthy)
    assert EmbeddedRuntime.doctor(healthy) == []
    assert main(["doctor", "--data-dir", str(healthy)]) == 0
    assert "no findings" in capsys.readouterr().out
    assert _contents(healthy) == before


def test_a_healthy_directory_named_by_a_relative_path_has_no_findings(healthy, capsys, monkeypatch):
    monkeypatch.chdir(healthy.parent)
    assert main(["doctor", "--data-dir", healthy.name]) == 0
    assert "no findings" in capsys.readouterr().out


def test_a_gap_in_the_log_is_a_finding_and_reading_across_it_a_typed_error(healthy, tmp_path, capsys):
    d = tmp_path / "copy"
    shutil.copytree(healthy, d)
    db = Rdict(str(d / "log"), Options(raw_mode=True))
    db.delete(b"e" + struct.pack(">Q", 2))
    db.close()
    findings = EmbeddedRuntime.doctor(d)
    assert [(f.store, f.problem) for f in findings if "missing" in f.problem] == [("log", "entry 2 is missing")]
    assert main(["doctor", "--data-dir", str(d)]) == 1
    assert "finding: [log] entry 2 is missing" in capsys.readouterr().out
    with pytest.raises(DamagedStoreError, match="entries 2 to 2 are missing"):
        MemoryEngine.replay(d, tmp_path / "replayed")


def test_doctor_refuses_a_directory_in_use_and_one_that_is_not_a_store(healthy, tmp_path, capsys):
    d = tmp_path / "copy"
    shutil.copytree(healthy, d)
    with MemoryEngine.open(d):
        with pytest.raises(DataDirLockedError, match="in use"):
            EmbeddedRuntime.doctor(d)
    (tmp_path / "empty").mkdir()
    with pytest.raises(DataDirError, match="holds no memstream data directory"):
        EmbeddedRuntime.doctor(tmp_path / "empty")
    assert main(["doctor", "--data-dir", str(tmp_path / "empty")]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_a_directory_made_before_manifests_is_adopted_when_its_stores_are_all_there(healthy, tmp_path):
    d = tmp_path / "old"
    shutil.copytree(healthy, d)
    (d / "memstream.json").unlink()
    assert EmbeddedRuntime.doctor(d) == []
    assert not (d / "memstream.json").exists()  # doctor writes nothing
    with MemoryEngine.open(d):
        pass
    assert (d / "memstream.json").exists()
    shutil.copytree(healthy, tmp_path / "old-without-keys")
    (tmp_path / "old-without-keys" / "memstream.json").unlink()
    shutil.rmtree(tmp_path / "old-without-keys" / "keys")
    with pytest.raises(DamagedStoreError, match="keys store"):
        MemoryEngine.open(tmp_path / "old-without-keys")
    assert not (tmp_path / "old-without-keys" / "keys").exists()


def _empty_store(store: str):
    def damage(d: Path) -> None:
        for p in (d / store).iterdir():
            p.unlink()
    return damage


@pytest.mark.parametrize("damage", [
    lambda d: (d / "log" / "rocksdict-config.json").unlink(),
    lambda d: (d / "keys" / "rocksdict-config.json").write_text("zz"),
    _empty_store("state"),
    _empty_store("keys"),
    lambda d: (d / "log" / "CURRENT").unlink(),
], ids=["rocksdict-config-deleted", "rocksdict-config-garbled", "state-emptied", "keys-emptied", "log-current-deleted"])
def test_doctor_changes_no_byte_name_or_time_in_a_damaged_directory(healthy, tmp_path, damage, capsys):
    d = tmp_path / "copy"
    shutil.copytree(healthy, d)
    damage(d)
    before = _contents(d)
    main(["doctor", "--data-dir", str(d)])
    assert "Traceback" not in capsys.readouterr().err
    assert _contents(d) == before


def test_doctor_names_the_data_directory_not_its_scratch_view(healthy, tmp_path):
    d = tmp_path / "copy"
    shutil.copytree(healthy, d)
    [table] = [p for p in (d / "log").glob("*.sst")]
    with open(table, "r+b") as fh:
        fh.write(bytes(64))
    findings = EmbeddedRuntime.doctor(d)
    assert findings and all("memstream-doctor-" not in f.problem for f in findings)
    assert any(str(d / "log") in f.problem for f in findings)
