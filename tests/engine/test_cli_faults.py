"""CLI faults: a bad line costs only itself, odd paths and signals end in one typed line, not a traceback."""
from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import make_turn
from engine import MemoryEngine
from engine.cli import main
from engine.jsonl import read_jsonl

REPO = Path(__file__).resolve().parents[2]


def _line(turn: dict) -> bytes:
    return json.dumps(turn, ensure_ascii=False).encode()


def test_ingest_rejects_each_bad_line_alone_and_keeps_every_good_one(tmp_path, capsys):
    rows = [
        _line(make_turn("I live in Porto.\u2028Since last May.", 1)),   # a line separator inside a string
        b"[" * 50_000 + b"]" * 50_000,                                  # nested deeper than the parser goes
        _line(make_turn("caf", 2)).replace(b"caf", b"caf\xe9"),          # not UTF-8
        _line(make_turn("I prefer tea\u0085over coffee.", 3)),           # NEL inside a string
        b'{"a": ' * 3_000 + b"1" + b"}" * 3_000,                       # an object nested too deeply
        b"",
        b"42",
        _line(make_turn("My sister works\u000cin Lisbon.", 4)),         # form feed inside a string
    ]
    path = tmp_path / "turns.jsonl"
    path.write_bytes(b"\n".join(rows) + b"\n")
    rejects = tmp_path / "rejects.jsonl"
    data = tmp_path / "d"
    assert main(["--data-dir", str(data), "ingest", str(path), "--rejects", str(rejects)]) == 1
    out, err = capsys.readouterr()
    assert "ingested 3 turns" in out and "rejected 4" in out and "Traceback" not in err
    reasons = {r["line"]: r["reason"] for r in map(json.loads, rejects.read_text().splitlines())}
    assert sorted(reasons) == [2, 3, 5, 7]
    assert "nested too deeply" in reasons[2] and "nested too deeply" in reasons[5]
    assert "UTF-8" in reasons[3] and "0xe9" in reasons[3]
    assert "one JSON object" in reasons[7]
    with MemoryEngine.open(data) as engine:
        texts = [e.payload.text for e in engine.runtime.events() if e.payload.type == "turn_received"]
    assert texts == ["I live in Porto.\u2028Since last May.", "I prefer tea\u0085over coffee.",
                     "My sister works\u000cin Lisbon."]


def test_ingest_exits_zero_only_when_every_line_went_in(tmp_path):
    path = tmp_path / "turns.jsonl"
    path.write_text(json.dumps(make_turn("I live in Porto.", 1)) + "\r\n\n")
    assert main(["--data-dir", str(tmp_path / "d"), "ingest", str(path)]) == 0


def test_the_jsonl_reader_splits_on_newlines_only():
    import tempfile

    with tempfile.NamedTemporaryFile("wb", suffix=".jsonl", delete=False) as fh:
        fh.write(b'\xef\xbb\xbf{"a": "x\xe2\x80\xa8y"}\n{"b": "\xc2\x85"}\r\n\n')
    try:
        lines = list(read_jsonl(fh.name))
    finally:
        os.unlink(fh.name)
    assert [(ln.lineno, ln.value, ln.reason) for ln in lines] == [(1, {"a": "x\u2028y"}, None),
                                                                (2, {"b": "\u0085"}, None)]


def _one_typed_line(capsys) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:"), err
    return lines[0]


@pytest.mark.parametrize("command", [["digest"], ["doctor"], ["replay", "--verify"], ["ingest", "FILE"]])
def test_a_directory_name_longer_than_the_file_system_allows_is_one_typed_line(tmp_path, capsys, command):
    path = tmp_path / "turns.jsonl"
    path.write_text(json.dumps(make_turn("I live in Porto.", 1)) + "\n")
    command = [str(path) if c == "FILE" else c for c in command]
    assert main(["--data-dir", str(tmp_path / ("d" * 256)), *command]) == 2
    assert "too long" in _one_typed_line(capsys)


def test_replay_into_a_regular_file_is_one_typed_line(tmp_path, capsys):
    data = tmp_path / "d"
    with MemoryEngine.open(data) as engine:
        engine.ingest(make_turn("I live in Porto.", 1))
    target = tmp_path / "a-file"
    target.write_text("mine")
    assert main(["--data-dir", str(data), "replay", "--into", str(target)]) == 2
    assert "is a file" in _one_typed_line(capsys)
    assert target.read_text() == "mine"


def _as_another_user(fn):
    """Runs fn() in a child process as an unprivileged user (root ignores file modes); returns what
    it returned, or the repr of what it raised."""
    import pickle

    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover (the child)
        try:
            os.close(read)
            if os.geteuid() == 0:
                os.setgid(65534)
                os.setuid(65534)
            try:
                result = fn()
            except BaseException as exc:
                result = f"{type(exc).__name__}: {exc}"
            os.write(write, pickle.dumps(result))
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as fh:
        data = fh.read()
    os.waitpid(pid, 0)
    return pickle.loads(data) if data else "the child died"


def test_a_directory_without_permission_is_not_called_in_use(tmp_path):
    import engine.errors  # noqa: F401 (imported before the child loses access to the environment)
    import pickle  # noqa: F401
    import streams.embedded  # noqa: F401
    from engine.settings import Settings
    from streams.embedded import EmbeddedRuntime

    data = tmp_path / "d"
    with MemoryEngine.open(data) as engine:
        engine.ingest(make_turn("I live in Porto.", 1))
    settings = Settings()
    os.chmod(tmp_path, 0o755)
    os.chmod(data, 0o000)
    try:
        if os.geteuid() != 0 and os.access(data, os.R_OK):
            pytest.skip("file modes are not enforced here")
        result = _as_another_user(lambda: EmbeddedRuntime(data, settings, lambda: None).close())
    finally:
        os.chmod(data, 0o755)
    assert result.startswith("DataDirPermissionError") and "permission denied" in result
    assert "another memstream process" not in result


def test_a_held_directory_is_called_in_use(tmp_path):
    from engine.errors import DataDirLockedError

    with MemoryEngine.open(tmp_path / "d"):
        with pytest.raises(DataDirLockedError, match="another memstream process"):
            MemoryEngine.open(tmp_path / "d")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_an_interrupted_replay_leaves_no_temporary_directory(tmp_path, sig):
    data = tmp_path / "d"
    with MemoryEngine.open(data) as engine:
        engine.ingest(make_turn("I live in Porto.", 1))
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    started = tmp_path / "started"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), str(Path(__file__).parent)]), TMPDIR=str(tmp),
               MEMSTREAM_RUNTIME="slow_replay_runtime:SlowReplayRuntime",
               MEMSTREAM_TEST_REPLAY_STARTED=str(started))
    proc = subprocess.Popen([sys.executable, "-m", "engine.cli", "--data-dir", str(data), "replay", "--verify"],
                            cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while not started.exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert started.exists(), proc.communicate()[1]
        replay_dir = Path(started.read_text())
        assert replay_dir.parent == tmp and replay_dir.name.startswith("memstream-replay-") and replay_dir.is_dir()
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130 and "interrupted" in err and "Traceback" not in err
    assert "()" not in err  # the interruption is named (Ctrl-C or SIGTERM), never left blank
    assert not list(tmp.glob("memstream-replay-*"))


def _slow_replay(data: Path, tmp_path: Path, *args: str) -> subprocess.Popen:
    started = tmp_path / "started"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), str(Path(__file__).parent)]),
               MEMSTREAM_RUNTIME="slow_replay_runtime:SlowReplayRuntime", MEMSTREAM_TEST_REPLAY_STARTED=str(started))
    proc = subprocess.Popen([sys.executable, "-m", "engine.cli", "--data-dir", str(data), "replay", *args],
                            cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not started.exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert started.exists(), proc.communicate()[1]
    return proc


@pytest.mark.parametrize("existed", [False, True], ids=["new-into", "empty-into"])
def test_an_interrupted_replay_into_a_directory_leaves_it_as_it_was_and_reusable(tmp_path, existed):
    data = tmp_path / "d"
    with MemoryEngine.open(data) as engine:
        engine.ingest(make_turn("I live in Porto.", 1))
    into = tmp_path / "into"
    if existed:
        into.mkdir()
    proc = _slow_replay(data, tmp_path, "--verify", "--into", str(into))
    try:
        assert into.is_dir() and any(into.iterdir())  # the replay is building its view there
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130 and "Traceback" not in err
    if existed:
        assert into.is_dir() and not any(into.iterdir())
    else:
        assert not into.exists()
    assert main(["--data-dir", str(data), "replay", "--verify", "--into", str(into)]) == 0


@pytest.mark.parametrize("sig", ["SIGINT", "SIGTERM"])
def test_a_signal_after_the_rebuild_committed_does_not_turn_success_into_failure(tmp_path, sig):
    data = tmp_path / "d"
    with MemoryEngine.open(data) as engine:
        engine.ingest(make_turn("I live in Porto.", 1))
        engine.flush()
        digest = engine.view_digest()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), str(Path(__file__).parent)]),
               MEMSTREAM_RUNTIME="signal_after_rebuild_runtime:SignalAfterRebuildRuntime",
               MEMSTREAM_TEST_SIGNAL=sig)
    proc = subprocess.run([sys.executable, "-m", "engine.cli", "--data-dir", str(data), "replay", "--rebuild"],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert f"view digest: {digest}" in proc.stdout and "interrupted" not in proc.stderr


def test_the_rejects_file_is_checked_before_anything_is_ingested(tmp_path, capsys):
    path = tmp_path / "turns.jsonl"
    body = json.dumps(make_turn("I live in Porto.", 1)) + "\n" + "not json\n"
    path.write_text(body)
    (tmp_path / "a-dir").mkdir()
    data = tmp_path / "d"
    for rejects, says in ((tmp_path / "a-dir", "is a directory"),
                          (tmp_path / "missing" / "rejects.jsonl", "does not exist"),
                          (path, "is the input file")):
        assert main(["--data-dir", str(data), "ingest", str(path), "--rejects", str(rejects)]) == 2
        line = _one_typed_line(capsys)
        assert says in line and line.count("--rejects") == 1
        assert not data.exists()  # nothing was ingested
        assert path.read_text() == body
    assert main(["--data-dir", str(data), "ingest", str(path), "--rejects", str(tmp_path / "rejects.jsonl")]) == 1
    assert [r["line"] for r in map(json.loads, (tmp_path / "rejects.jsonl").read_text().splitlines())] == [2]


def test_ingest_of_a_directory_says_it_is_a_directory(tmp_path, capsys):
    assert main(["--data-dir", str(tmp_path / "d"), "ingest", str(tmp_path)]) == 2
    assert "is a directory" in _one_typed_line(capsys)


@pytest.mark.parametrize("command", [["digest"], ["doctor"], ["replay", "--verify"], ["ingest", "FILE"],
                                     ["recall", "--tenant", "acme", "--user", "u1", "Porto"]])
def test_a_deleted_log_is_the_typed_missing_store_error_for_every_command(tmp_path, capsys, command):
    import shutil

    path = tmp_path / "turns.jsonl"
    path.write_text(json.dumps(make_turn("I live in Porto.", 2)) + "\n")
    data = tmp_path / "d"
    with MemoryEngine.open(data) as engine:
        engine.ingest(make_turn("I live in Porto.", 1))
    shutil.rmtree(data / "log")
    rc = main(["--data-dir", str(data), *[str(path) if c == "FILE" else c for c in command]])
    out, err = capsys.readouterr()
    text = err if rc == 2 else out
    assert rc in (1, 2) and "Traceback" not in err
    assert ("log store" in text or "[log]" in text) and "missing" in text and "check --data-dir" not in text
    assert not (data / "log").exists()


def test_a_number_too_long_to_read_is_a_plain_reject(tmp_path):
    path = tmp_path / "turns.jsonl"
    path.write_text('{"n": ' + "9" * 5000 + "}\n")
    [line] = list(read_jsonl(path))
    assert "number" in line.reason and "too long" in line.reason and "set_int_max_str_digits" not in line.reason


def test_a_repeated_turn_id_with_other_text_is_reported_and_the_first_text_kept(tmp_path, capsys):
    data = tmp_path / "d"
    first = tmp_path / "first.jsonl"
    first.write_text("".join(json.dumps(t) + "\n" for t in [
        make_turn("I live in Porto.", 1), make_turn("I live in Porto.", 1), make_turn("My dog is Rex.", 2),
        make_turn("My dog is Max.", 2)]))
    assert main(["--data-dir", str(data), "ingest", str(first)]) == 0
    out, err = capsys.readouterr()
    assert "ingested 4 turns (2 new, 2 already present)" in out
    assert "warning: 1 of the turns already present had the same turn_id" in err
    again = tmp_path / "again.jsonl"
    again.write_text(json.dumps(make_turn("I live in Lisbon.", 1)) + "\n" + json.dumps(make_turn("My dog is Rex.", 2))
                     + "\n")
    assert main(["--data-dir", str(data), "ingest", str(again)]) == 0
    out, err = capsys.readouterr()
    assert "(0 new, 2 already present)" in out and "warning: 1 of the turns" in err
    assert main(["--data-dir", str(data), "ingest", str(again)]) == 0
    assert "warning: 1 of" in capsys.readouterr().err  # the logged text stays the first one
    with MemoryEngine.open(data) as engine:
        texts = [e.payload.text for e in engine.runtime.events() if e.payload.type == "turn_received"]
    assert texts == ["I live in Porto.", "My dog is Rex."]


@pytest.mark.parametrize("sig", ["SIGINT", "SIGTERM"])
def test_a_signal_just_after_the_replay_finished_does_not_report_it_interrupted(tmp_path, monkeypatch, capsys, sig):
    """The replay is done and --into keeps its view: a signal then must not exit 130 ("interrupted")."""
    import engine.cli as cli

    data = tmp_path / "d"
    with MemoryEngine.open(data) as engine:
        engine.ingest(make_turn("I keep my bike in the hallway.", 1))
    real = cli._sigterm_interrupts

    @contextlib.contextmanager
    def signalled_at_the_end():
        with real():
            yield
        os.kill(os.getpid(), getattr(signal, sig))  # arrives after the replay returned

    monkeypatch.setattr(cli, "_sigterm_interrupts", signalled_at_the_end)
    handlers = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}

    def interrupted(signum, frame):  # a SIGTERM not ignored fails the test, instead of ending pytest
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupted)
    try:
        assert main(["--data-dir", str(data), "replay", "--verify", "--into", str(tmp_path / "into")]) == 0
    finally:
        for s, h in handlers.items():
            signal.signal(s, h)
    assert (tmp_path / "into" / "state").is_dir()
    assert "interrupted" not in capsys.readouterr().err
