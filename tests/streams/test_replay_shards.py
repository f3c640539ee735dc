"""A replay of a long log split over worker processes by subject gives the view one process gives:
the same digest, the same state keys, the same dead letters, whatever the ids hold; a worker that
cannot finish leaves the replay to one process, which meets the same typed error; an interrupted
split replay stops its workers and leaves nothing behind."""
from __future__ import annotations

import json
import subprocess
import uuid
from pathlib import Path

import pytest
from rocksdict import AccessType, Options, Rdict

from conftest import make_turn
from engine import MemoryEngine
from engine.crypto import Sealer
from engine.errors import LostKeysError
from engine.facade import _settings
from engine.processor import OFFLINE
from schemas.events import Event
from streams import replay_shards
from streams.embedded import EmbeddedRuntime
from streams.keystore import RocksKeyStore
from streams.log import EventLog
from streams.replay_shards import shard_of, shard_of_raw
from streams.statestore import StateStore

SPLIT = {"replay_workers": 3, "replay_workers_from": 1}
ONE = {"replay_workers": 1}

SAYINGS = [
    "I started helping out at the dog rescue on Saturdays.",
    "My daughter Ines plays the cello in the school orchestra.",
    "Please keep my replies under five sentences.",
    "I can't eat shellfish, it makes me ill.",
    "We are repainting the hallway a pale green next month.",
]
# Ids that JSON escapes, or that hold what the envelope's own punctuation looks like.
USERS = ["u1", "u2", 'o"neill', "back\\slash", "zoë", "用户", 'x","user_id":"y', "u8"]


def _build(data_dir: Path) -> str:
    with MemoryEngine.open(data_dir) as engine:
        for i, user in enumerate(USERS):
            tenant = "acme" if i % 3 else "globex"
            engine.ingest_many([make_turn(t, n, user=user, tenant=tenant)
                                for n, t in enumerate(SAYINGS[i % 5:] + SAYINGS[:i % 5], 1)])
        engine.flush()
        engine.remember(tenant_id="acme", user_id="u2", text="Prefers tea to coffee in the afternoon.")
        engine.flush()
        first = engine.records("acme", "u2")[0].memory_id
        engine.forget(tenant_id="acme", user_id="u2", memory_id=first)
        engine.forget(tenant_id="acme", user_id="zoë", subject=True)
        return engine.view_digest()


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, str]:
    d = tmp_path_factory.mktemp("shards") / "data"
    return d, _build(d)


def _replay(source: Path, into: Path, progress=None, **settings) -> tuple[str, int]:
    """(digest, processes it was folded by), as MemoryEngine.replay makes it."""
    from engine.digest import view_digest

    rt = EmbeddedRuntime.open(into, _settings(settings), lambda: None, deciders=OFFLINE, replay_from=source)
    try:
        rt.process(decide=False, embed=False, progress=progress)
        return view_digest(rt.digest_parts(), ordered=True), rt.replayed_by
    finally:
        rt.close()


def _state(into: Path) -> tuple[set[bytes], list[dict], bytes]:
    """The replayed state's keys (values are sealed anew, with new nonces), dead letters and offset."""
    db = Rdict(str(into / "state"), Options(raw_mode=True), access_type=AccessType.read_only())
    try:
        keys = set(db.keys())
        letters = [json.loads(v) for k, v in db.items() if k[:1] == b"d"]
        return keys, letters, db[b"o"]
    finally:
        db.close()


def _views(source: Path, into: Path) -> dict:
    """Every subject's records and sessions in the replayed state, opened with the source's keys."""
    keys = RocksKeyStore(source / "keys", read_only=True, create=False)
    store = StateStore(into / "state", Sealer(keys), read_only=True, create=False)
    try:
        out = {}
        for subject in sorted(store.subjects()):
            state = store.load_subject(*subject)
            out[subject] = ({m: r.model_dump() for m, r in state.records.items()},
                            {sid: (s.window, s.summary, s.last_memory_ids) for sid, s in state.sessions.items()})
        return out
    finally:
        store.close()
        keys.close()


def _leftovers(into: Path) -> list[str]:
    return sorted(p.name for p in into.iterdir() if p.name.startswith(".memstream"))


def test_a_split_replay_gives_the_view_one_process_gives(built, tmp_path):
    source, live = built
    seen = []
    one = _replay(source, tmp_path / "one", **ONE)
    split = _replay(source, tmp_path / "split", progress=seen.append, **SPLIT)
    assert one == (live, 1)
    assert split == (live, 3)
    keys, letters, offset = _state(tmp_path / "split")
    assert (keys, letters, offset) == _state(tmp_path / "one")
    assert any(k.startswith(b"r") for k in keys) and letters == []
    # A replayed view is never processed further: it holds no applied markers (either way).
    assert not any(k.startswith(b"a") for k in keys)
    views = _views(source, tmp_path / "split")
    assert views == _views(source, tmp_path / "one")
    assert len(views) == len(USERS) - 1 and ("acme", "zoë") not in views  # a forgotten subject stays gone
    assert sum(seen) == _log_length(source)  # every entry counted once, by the worker of its subject
    assert _leftovers(tmp_path / "split") == []
    # The facade's replay splits the same way, and the replayed view opens and reads.
    assert MemoryEngine.replay(source, tmp_path / "facade", **SPLIT) == live


def _log_length(source: Path) -> int:
    log = EventLog(source / "log", read_only=True, create=False)
    try:
        return log.next_seq
    finally:
        log.close()


def _append_raw(source: Path, entries: list[tuple[str, bytes]]) -> None:
    log = EventLog(source / "log", create=False)
    try:
        log.append([(event_id, raw, []) for event_id, raw in entries])
    finally:
        log.close()


def _copy(source: Path, tmp_path: Path) -> Path:
    import shutil

    d = tmp_path / "copy"
    shutil.copytree(source, d)
    return d


def test_malformed_entries_are_set_aside_as_one_process_sets_them_aside(built, tmp_path):
    d = _copy(built[0], tmp_path)
    _append_raw(d, [
        ("junk-1", b"not an event at all"),
        # Reads as a subject's entry from its bytes, but is no event.
        ("junk-2", b'{"event_id":"junk-2","tenant_id":"acme","user_id":"u2","payload":{}}'),
        ("junk-3", b'{"tenant_id":"acme","user_id":"u8"'),
    ])
    one = _replay(d, tmp_path / "one", **ONE)
    split = _replay(d, tmp_path / "split", **SPLIT)
    assert split[1] == 3 and split[0] == one[0]
    keys, letters, offset = _state(tmp_path / "split")
    assert (keys, letters, offset) == _state(tmp_path / "one")
    assert len(letters) == 3 and {x["reason"].split(":")[0] for x in letters} == {"undecodable"}


def _respelled(source: Path, user: str) -> tuple[str, bytes]:
    """One of `user`'s logged turns as a new event written with spaces after the separators: valid,
    but not in the form the split reads its subject from."""
    log = EventLog(source / "log", read_only=True, create=False)
    try:
        for _, raw in log.read(0):
            data = json.loads(raw)
            if data["user_id"] == user and data["type"] == "turn_received":
                data["event_id"] = str(uuid.uuid4())
                return data["event_id"], json.dumps(data).encode()
    finally:
        log.close()
    raise AssertionError(f"no turn of {user}")


def test_an_entry_the_split_cannot_place_leaves_the_replay_to_one_process(built, tmp_path, caplog):
    d = _copy(built[0], tmp_path)
    # Read from its bytes, it goes to the first worker; decoded, it is the subject of another.
    user = next(u for u in ("u1", "u2", "u8", "back\\slash") if shard_of("acme", u, 3) != 0)
    _append_raw(d, [_respelled(d, user)])
    one = _replay(d, tmp_path / "one", **ONE)
    seen: list[int] = []
    split = _replay(d, tmp_path / "split", progress=seen.append, **SPLIT)
    assert split == (one[0], 1)  # the workers' output thrown away: folded in this process
    assert sum(seen) == _log_length(d)  # what the workers reported is not counted again
    assert _state(tmp_path / "split") == _state(tmp_path / "one")
    assert "replaying in one process" in caplog.text and "form the split does not read" in caplog.text
    assert _leftovers(tmp_path / "split") == []


def test_a_lost_key_stops_a_split_replay_with_the_typed_error_of_one_process(built, tmp_path):
    d = _copy(built[0], tmp_path)
    db = Rdict(str(d / "keys"), Options(raw_mode=True))
    victim = next(k for k in db.keys() if b"/turn/" in k and "u8".encode() in k)
    db.delete(victim)
    db.close()
    with pytest.raises(LostKeysError) as one:
        MemoryEngine.replay(d, tmp_path / "one", **ONE)
    with pytest.raises(LostKeysError) as split:
        MemoryEngine.replay(d, tmp_path / "split", **SPLIT)
    assert split.value.lost == one.value.lost == [victim.decode()]


def test_an_interrupted_split_replay_stops_its_workers_and_leaves_nothing(built, tmp_path, monkeypatch):
    started: list[subprocess.Popen] = []
    real = subprocess.Popen

    def popen(*args, **kwargs):
        started.append(real(*args, **kwargs))
        return started[-1]

    monkeypatch.setattr(replay_shards.subprocess, "Popen", popen)
    monkeypatch.setattr(replay_shards, "_REPORT_EVERY", 1)

    def interrupt(n: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        _replay(built[0], tmp_path / "split", progress=interrupt, **SPLIT)
    assert len(started) == 3 and all(p.poll() is not None for p in started)
    assert _leftovers(tmp_path / "split") == []


def test_workers_run_the_replay_s_own_code_whatever_their_working_directory(built, tmp_path, monkeypatch):
    # A working directory holding packages of the same names (another checkout, say) is not where
    # a worker imports memstream from.
    shadow = tmp_path / "shadow"
    for package in ("engine", "streams", "schemas"):
        (shadow / package).mkdir(parents=True)
        (shadow / package / "__init__.py").write_text("raise ImportError('the shadow copy was imported')\n")
    monkeypatch.chdir(shadow)
    assert _replay(built[0], tmp_path / "split", **SPLIT) == (built[1], 3)


def test_workers_that_cannot_be_started_leave_the_replay_to_one_process(built, tmp_path, monkeypatch, caplog):
    def popen(*args, **kwargs):
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(replay_shards.subprocess, "Popen", popen)
    assert _replay(built[0], tmp_path / "split", **SPLIT) == (built[1], 1)
    assert "could not be started" in caplog.text and _leftovers(tmp_path / "split") == []


def test_an_error_of_the_progress_callback_is_the_caller_s_not_a_failed_worker(built, tmp_path, monkeypatch, caplog):
    monkeypatch.setattr(replay_shards, "_REPORT_EVERY", 1)

    def closed_pipe(n: int) -> None:
        raise BrokenPipeError(32, "Broken pipe")

    with pytest.raises(BrokenPipeError):
        _replay(built[0], tmp_path / "split", progress=closed_pipe, **SPLIT)
    assert "replaying in one process" not in caplog.text and _leftovers(tmp_path / "split") == []


def test_a_worker_report_that_cannot_be_read_leaves_the_replay_to_one_process(built, tmp_path, monkeypatch, caplog):
    class Unreadable:  # the reports the workers wrote read as cut short
        dumps = staticmethod(json.dumps)

        @staticmethod
        def loads(text):
            raise ValueError("Unterminated string")

    monkeypatch.setattr(replay_shards, "json", Unreadable)
    assert _replay(built[0], tmp_path / "split", **SPLIT) == (built[1], 1)
    assert "no readable report" in caplog.text and _leftovers(tmp_path / "split") == []


@pytest.mark.parametrize("bad", [{"replay_workers": -1}, {"replay_workers": 65}, {"replay_workers_from": 0},
                                 {"replay_workers": "two"}])
def test_replay_settings_out_of_range_are_a_typed_error_and_write_nothing(built, tmp_path, bad):
    from engine.errors import InvalidSettingsError

    with pytest.raises(InvalidSettingsError) as err:
        MemoryEngine.replay(built[0], tmp_path / "into", **bad)
    assert next(iter(bad)) in str(err.value)
    assert not (tmp_path / "into").exists()


def test_a_short_log_is_folded_in_one_process(built, tmp_path):
    source, live = built
    assert _replay(source, tmp_path / "short", replay_workers=3) == (live, 1)  # below replay_workers_from
    assert _replay(source, tmp_path / "long", **SPLIT) == (live, 3)


def test_one_worker_a_usable_core(built, tmp_path, monkeypatch):
    """`replay_workers=0` starts one worker a core the process may use: a container's CPU quota
    caps the host's cores (engine.cores), and one core means no split."""
    from engine import cores

    source, live = built
    monkeypatch.setattr(cores.os, "sched_getaffinity", lambda pid: set(range(8)))
    for quota, processes in [("100000 100000", 1), ("200000 100000", 2), ("max 100000", 4)]:
        root = tmp_path / f"cg{processes}"
        root.mkdir()
        (root / "cpu.max").write_text(quota)
        monkeypatch.setattr(cores, "CGROUP_ROOT", root)
        assert _replay(source, tmp_path / f"into{processes}", replay_workers=0, replay_workers_from=1) == (
            live, processes)


IDS = USERS + ["", " ", "a b", "tab\\t", "\\", '"', '\\"', "é\u00e9", "😀", "\u2028x", "{}", ",", ":"]


@pytest.mark.parametrize("shards", [2, 3, 5])
def test_the_subject_read_from_an_entry_s_bytes_is_its_decoded_subject_s(shards):
    from datetime import datetime, timezone

    from schemas.events import TurnReceived

    now = datetime(2026, 3, 2, tzinfo=timezone.utc)
    for tenant in IDS[:6] + ["acme"]:
        for user in IDS:
            event = Event(event_id="e", type="turn_received", tenant_id=tenant or "t", user_id=user or "u",
                          session_id="s", occurred_at=now, recorded_at=now,
                          payload=TurnReceived(turn_id="t1", role="user", text="hi", tokens=1))
            raw = json.dumps(event.model_dump(mode="json"), separators=(",", ":")).encode()  # as encode_event
            assert shard_of_raw(raw, shards) == shard_of(event.tenant_id, event.user_id, shards), (tenant, user)
