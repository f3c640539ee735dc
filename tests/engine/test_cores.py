"""The cores memstream sizes its thread pools and replay workers by: the process's CPU affinity,
capped by a container's CPU quota (cgroup v2 `cpu.max`, cgroup v1 CFS quota), never below one."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine import cores
from engine.cores import cgroup_cpu_quota, usable_cores


def _v2(root: Path, text: str) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "cpu.max").write_text(text)
    return root


def _v1(root: Path, quota: str, period: str) -> Path:
    (root / "cpu").mkdir(parents=True, exist_ok=True)
    (root / "cpu" / "cpu.cfs_quota_us").write_text(quota + "\n")
    (root / "cpu" / "cpu.cfs_period_us").write_text(period + "\n")
    return root


@pytest.fixture
def eight_cores(monkeypatch):
    monkeypatch.setattr(cores.os, "sched_getaffinity", lambda pid: set(range(8)))


@pytest.mark.parametrize("text, want", [("200000 100000\n", 2), ("150000 100000", 2), ("50000 100000", 1),
                                        ("400000 100000", 4), ("max 100000\n", 8), ("1600000 100000", 8)])
def test_a_cgroup_v2_quota_caps_the_cores(tmp_path, eight_cores, text, want):
    assert usable_cores(_v2(tmp_path / "cg", text)) == want


@pytest.mark.parametrize("quota, period, want", [("300000", "100000", 3), ("25000", "50000", 1),
                                                 ("-1", "100000", 8), ("100000", "0", 8)])
def test_a_cgroup_v1_quota_caps_the_cores(tmp_path, eight_cores, quota, period, want):
    assert usable_cores(_v1(tmp_path / "cg", quota, period)) == want


@pytest.mark.parametrize("text", ["", "garbage", "12 ab", "1 2 3", "-5 100000"])
def test_an_unreadable_quota_is_no_quota(tmp_path, eight_cores, text):
    root = _v2(tmp_path / "cg", text)
    assert cgroup_cpu_quota(root) is None
    assert usable_cores(root) == 8


def test_no_cgroup_files_is_no_quota(tmp_path, eight_cores):
    assert cgroup_cpu_quota(tmp_path / "nothing") is None
    assert usable_cores(tmp_path / "nothing") == 8


def test_v2_is_read_before_v1(tmp_path, eight_cores):
    root = _v1(_v2(tmp_path / "cg", "100000 100000"), "500000", "100000")
    assert usable_cores(root) == 1


def test_affinity_below_the_quota_wins(tmp_path, monkeypatch):
    monkeypatch.setattr(cores.os, "sched_getaffinity", lambda pid: {3})
    assert usable_cores(_v2(tmp_path / "cg", "400000 100000")) == 1


def test_the_embedder_follows_the_quota(tmp_path, monkeypatch):
    """A container limited to one CPU gets one embedding worker however many cores the host shows
    (the replay's workers: tests/streams/test_replay_shards.py)."""
    from engine.embedder import OnnxEmbedder

    monkeypatch.setattr(cores.os, "sched_getaffinity", lambda pid: set(range(8)))
    monkeypatch.setattr(cores, "CGROUP_ROOT", _v2(tmp_path / "cg", "100000 100000"))
    assert OnnxEmbedder()._workers == 1
    monkeypatch.setattr(cores, "CGROUP_ROOT", _v2(tmp_path / "cg4", "400000 100000"))
    assert OnnxEmbedder()._workers == 4
