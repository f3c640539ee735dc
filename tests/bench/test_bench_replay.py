"""`bench.replay --compare` replays one log in one process and split over workers, and reports both
with equal digests; a count of workers given is used whatever the log's length."""
from __future__ import annotations

from conftest import make_turn
from engine import MemoryEngine

from bench import replay


def test_compare_reports_both_replays_with_equal_digests(tmp_path, capsys):
    d = tmp_path / "data"
    with MemoryEngine.open(d) as engine:
        for u in range(4):
            engine.ingest_many([make_turn(t, n, user=f"u{u}") for n, t in enumerate(
                ["I keep bees on the allotment behind the station.",
                 "Please answer me in Portuguese from now on."], 1)])
        engine.flush()
        live = engine.view_digest()
    assert replay.main(["--src", str(d), "--compare", "--rounds", "1", "--workers", "2"]) == 0
    out = capsys.readouterr().out
    assert "one process:" in out and "split:" in out
    assert f"digests equal ({live[:16]})" in out
    assert "FOLDED IN ONE PROCESS" not in out and "largest worker" in out
    assert "--compare --rounds 1" in out


def test_compare_with_one_worker_is_refused(tmp_path, capsys):
    """One worker is one process: the comparison would label the same replay twice."""
    import pytest

    with pytest.raises(SystemExit) as err:
        replay.main(["--src", str(tmp_path), "--compare", "--workers", "1"])
    assert err.value.code == 2
    assert "--workers 1" in capsys.readouterr().err
