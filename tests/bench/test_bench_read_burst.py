"""bench.read_burst end to end on a tiny synthetic input: both servers answer, figures are printed."""
from __future__ import annotations

from bench.read_burst import main


def test_bench_read_burst_runs_on_a_tiny_input(capsys):
    assert main(["--synthetic", "--burst", "20", "--reads", "2"]) == 0
    out = capsys.readouterr().out
    assert "wait for their own subject's writes" in out and "project the whole backlog first" in out
    assert "reproduce: HF_HUB_OFFLINE=1 python -m bench.read_burst --synthetic --burst 20 --reads 2" in out
