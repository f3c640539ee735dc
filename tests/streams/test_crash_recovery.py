"""SIGKILL during ingest: nothing acknowledged is lost, nothing is applied twice."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine import MemoryEngine
from engine.ids import turn_event_id

CHILD = Path(__file__).with_name("crash_ingest_child.py")
sys.path.insert(0, str(CHILD.parent))
from crash_ingest_child import turn  # noqa: E402


@pytest.mark.slow
def test_sigkill_during_ingest_loses_no_acknowledged_turn_and_applies_none_twice(tmp_path):
    data_dir = tmp_path / "data"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(Path.cwd()), os.environ.get("PYTHONPATH", "")]))
    proc = subprocess.Popen([sys.executable, str(CHILD), str(data_dir), "100000"], stdout=subprocess.PIPE,
                            text=True, env=env)
    acked: list[str] = []
    deadline = time.monotonic() + 120
    while len(acked) < 60 and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        acked.append(line.split()[1])
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    # Acks printed before the kill but not read yet are still in the pipe.
    acked.extend(line.split()[1] for line in proc.stdout.read().splitlines() if line.startswith("acked"))
    assert len(acked) >= 60, "the child did not get far enough to be killed mid-stream"

    with MemoryEngine.open(data_dir, window_max_messages=8) as engine:
        engine.flush()
        log = engine.runtime.log
        n_logged = sum(1 for i in range(len(acked) + 5) if log.contains(
            turn_event_id("acme", f"u{i % 3}", f"s{i // 40}", f"t{i}")))
        # Every acknowledged turn is in the log (at most one more got in before the kill).
        for tid in acked:
            i = int(tid[1:])
            assert log.contains(turn_event_id("acme", f"u{i % 3}", f"s{i // 40}", tid)), tid
        assert n_logged in (len(acked), len(acked) + 1)
        # No event id twice in the log.
        ids = [json.loads(raw)["event_id"] for _, raw in log.read()]
        assert len(ids) == len(set(ids))
        recovered = engine.view_digest()
        # Re-sending every acknowledged turn (what a client does after a crash) changes nothing.
        assert engine.ingest_many([turn(int(t[1:])) for t in acked]) == 0
        engine.flush()
        assert engine.view_digest() == recovered

    # The same turns ingested cleanly, without a crash, give the same view.
    with MemoryEngine.open(tmp_path / "clean", window_max_messages=8) as clean:
        clean.ingest_many([turn(i) for i in range(n_logged)])
        clean.flush()
        assert clean.view_digest() == recovered
