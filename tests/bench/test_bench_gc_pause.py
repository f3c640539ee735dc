"""bench.gc_pause end to end on a tiny build: both policies run, each in a process of its own, and
the table names what each measured."""
from __future__ import annotations

from bench.gc_pause import main


def test_gc_pause_runs_both_policies(capsys):
    assert main(["--subjects", "6", "--records", "20", "--pool", "60", "--recalls", "40",
                 "--cache-subjects", "2"]) == 0
    out = capsys.readouterr().out
    assert "python (gc_full_every_s=0)" in out
    assert "paced (default), every 300 s" in out
    assert "reproduce: HF_HUB_OFFLINE=1 python -m bench.gc_pause --subjects 6 --records 20" in out
