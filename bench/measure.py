"""Memory figures of this process, shared by the benchmarks."""
from __future__ import annotations

import resource
from pathlib import Path


def rss_mb() -> float:
    """Current resident set size of this process (VmRSS), in MiB; 0 where /proc is missing."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def peak_rss_mb(who: int = resource.RUSAGE_SELF) -> float:
    """Peak resident set size (ru_maxrss, KiB on Linux) in MiB."""
    return resource.getrusage(who).ru_maxrss / 1024
