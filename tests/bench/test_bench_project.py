"""bench.project end to end on a tiny synthetic input: three projections, one view."""
from __future__ import annotations

from bench.project import main


def test_bench_project_runs_on_a_tiny_input(capsys):
    assert main(["--turns", "30", "--subjects", "2", "--round", "8", "--step", "2"]) == 0
    out = capsys.readouterr().out
    assert "steps, prepared" in out and "same view digest in all three: yes" in out
    assert "reproduce: HF_HUB_OFFLINE=1 python -m bench.project --turns 30 --subjects 2 --round 8 --step 2" in out
