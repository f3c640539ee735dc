"""How many cores this process can use: its CPU affinity, capped by a container's CPU quota.

`os.sched_getaffinity` counts the cores the process may be scheduled on, which in a container is
usually every core of the host: a pod limited to 2 CPUs on a 64-core node would start 64 embedding
threads and 4 replay workers, and the kernel would throttle them all to 2 cores' worth of time.
The quota is read where a container sees its own cgroup: cgroup v2's `cpu.max` ("QUOTA PERIOD" or
"max PERIOD") and cgroup v1's `cpu/cpu.cfs_quota_us` and `cpu/cpu.cfs_period_us` (quota -1: none).
A fractional quota rounds up (1.5 CPUs can keep 2 threads busy part of the time); a file that is
missing or unreadable means no quota.
"""
from __future__ import annotations

import math
import os
from pathlib import Path

CGROUP_ROOT = Path("/sys/fs/cgroup")


def _ratio(quota: str, period: str) -> float | None:
    try:
        q, p = int(quota), int(period)
    except ValueError:
        return None
    return q / p if q > 0 and p > 0 else None


def cgroup_cpu_quota(root: Path | None = None) -> float | None:
    """CPUs' worth of time the cgroup may use per period, or None when unlimited or unknown."""
    root = CGROUP_ROOT if root is None else root
    try:
        parts = (root / "cpu.max").read_text().split()
    except OSError:
        parts = None
    if parts is not None:
        return _ratio(parts[0], parts[1]) if len(parts) == 2 and parts[0] != "max" else None
    try:
        quota = (root / "cpu" / "cpu.cfs_quota_us").read_text().strip()
        period = (root / "cpu" / "cpu.cfs_period_us").read_text().strip()
    except OSError:
        return None
    return _ratio(quota, period)


def usable_cores(root: Path | None = None) -> int:
    """The cores this process may be scheduled on, no more than its CPU quota allows; at least 1."""
    cores = len(os.sched_getaffinity(0))
    quota = cgroup_cpu_quota(root)
    if quota is not None:
        cores = min(cores, math.ceil(quota))
    return max(1, cores)
