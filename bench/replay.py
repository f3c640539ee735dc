"""Replay throughput: `MemoryEngine.replay(src, into)` rebuilds the view from a log, in events/s.

    python -m bench.replay [--turns 5000] [--subjects 50]       # ingests a synthetic log, then replays it
    python -m bench.replay --src DIR [--profile] [--verify]      # replays an existing data directory

Events/s is given two ways: the replay call alone, and from this process's start (interpreter,
imports and opening included, as `memstream replay` costs a user). `--profile` adds a second replay
under cProfile (slower than the plain one) and prints the top functions by own time.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import shutil
import sys
import tempfile
import time
from pathlib import Path

from bench.measure import peak_rss_mb, rss_mb


def process_age_s() -> float:
    """Seconds since this process started (from /proc; nan where it is missing)."""
    try:
        start_ticks = int(Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()[19])
        uptime = float(Path("/proc/uptime").read_text().split()[0])
        return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return float("nan")


def _replay(src: Path, into: Path, log_every: int = 100_000) -> tuple[str, int, float, float]:
    """(digest, events, seconds, seconds after the last event was folded: the view digest's)."""
    from engine import MemoryEngine

    count = [0]
    t0 = time.perf_counter()
    last = [t0]

    def progress(n: int) -> None:
        count[0] += n
        last[0] = time.perf_counter()
        if count[0] % log_every < n:
            el = time.perf_counter() - t0
            print(f"replay: {count[0]:,} events, {el:.0f}s ({count[0] / el:,.0f} events/s), rss {rss_mb():,.0f} MiB",
                  file=sys.stderr, flush=True)

    digest = MemoryEngine.replay(src, into, progress=progress)
    end = time.perf_counter()
    return digest, count[0], end - t0, end - last[0]


def load_average() -> str:
    try:
        return "/".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def top_functions(stats: pstats.Stats, n: int = 25, sort: str = "tottime") -> str:
    buf = io.StringIO()
    stats.stream = buf
    stats.sort_stats(sort).print_stats(n)
    return buf.getvalue()


def measure(src: Path, profile: bool, verify: bool) -> dict:
    out: dict = {"src": str(src)}
    tmp = Path(tempfile.mkdtemp(prefix="memstream-replay-"))
    try:
        load_before = load_average()
        digest, events, secs, digest_s = _replay(src, tmp / "plain")
        out.update(digest=digest, events=events, replay_s=secs, digest_s=digest_s, since_start_s=process_age_s(),
                   peak_rss_mb=peak_rss_mb(), rss_mb=rss_mb(), load=f"{load_before} -> {load_average()}")
        if verify:
            from engine import MemoryEngine

            with MemoryEngine.open(src) as engine:
                out["live_digest"] = engine.view_digest()
        if profile:
            prof = cProfile.Profile()
            t = time.perf_counter()
            prof.enable()
            _replay(src, tmp / "profiled")
            prof.disable()
            out["profiled_s"] = time.perf_counter() - t
            stats = pstats.Stats(prof)
            out["profile_tottime"] = top_functions(stats, 25, "tottime")
            out["profile_cumtime"] = top_functions(stats, 25, "cumulative")
            prof.dump_stats(str(Path(tempfile.gettempdir()) / "memstream-replay.prof"))
            out["profile_file"] = str(Path(tempfile.gettempdir()) / "memstream-replay.prof")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out


def report(r: dict, console) -> None:
    console.print(f"replay of {r['src']}: {r['events']:,} events in {r['replay_s']:.1f}s = "
                  f"{r['events'] / r['replay_s']:,.0f} events/s (replay call); "
                  f"{r['events'] / r['since_start_s']:,.0f} events/s from process start "
                  f"({r['since_start_s']:.1f}s); fold {r['replay_s'] - r['digest_s']:.1f}s, digest {r['digest_s']:.1f}s; "
                  f"peak RSS {r['peak_rss_mb']:,.0f} MiB; load average (1/5/15 min) {r['load']}; digest {r['digest'][:16]}"
                  + (f", live {r['live_digest'][:16]} ({'equal' if r['live_digest'] == r['digest'] else 'DIFFERENT'})"
                     if "live_digest" in r else ""))
    if "profile_tottime" in r:
        console.print(f"profiled replay (cProfile, slower than the plain one): {r['profiled_s']:.1f}s; "
                      f"stats in {r['profile_file']}")
        print(r["profile_tottime"])
        print(r["profile_cumtime"])


def _ingest_log(data: Path, turns: int, subjects: int) -> None:
    from engine import MemoryEngine

    from bench.synth import turns as synth_turns

    batch = synth_turns(turns, subjects=subjects)
    with MemoryEngine.open(data, sync_writes=False) as engine:
        for i in range(0, len(batch), 1000):
            engine.ingest_many(batch[i: i + 1000])
            engine.flush()
        print(f"replay: source log of {turns:,} turns -> {engine.runtime.position():,} events",
              file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--src", type=Path, help="data directory to replay (default: ingest a synthetic one)")
    ap.add_argument("--turns", type=int, default=5_000)
    ap.add_argument("--subjects", type=int, default=50)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--verify", action="store_true", help="compare with the source's live digest")
    ap.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    tmp = None
    src = args.src
    if src is None:
        tmp = Path(tempfile.mkdtemp(prefix="memstream-replay-src-"))
        src = tmp / "data"
        _ingest_log(src, args.turns, args.subjects)
    try:
        if tmp is None:
            result = measure(src, args.profile, args.verify)
        else:  # replay in a fresh process, so that "from process start" is the replay's own
            import subprocess

            fd, path = tempfile.mkstemp(suffix=".json")
            os.close(fd)
            subprocess.run([sys.executable, "-m", "bench.replay", "--src", str(src), "--out", path,
                            *(["--profile"] if args.profile else []), *(["--verify"] if args.verify else [])],
                           check=True)
            result = json.loads(Path(path).read_text())
            Path(path).unlink(missing_ok=True)
            result["src"] = f"a synthetic log ({args.turns:,} turns, {args.subjects} subjects)"
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
    if args.out:
        args.out.write_text(json.dumps(result, default=str))
        return 0
    from rich.console import Console

    report(result, Console(width=160))
    line = "python -m bench.replay " + (f"--src {args.src}" if args.src else
                                        f"--turns {args.turns} --subjects {args.subjects}")
    print(f"reproduce: HF_HUB_OFFLINE=1 {line}" + (" --profile" if args.profile else "")
          + (" --verify" if args.verify else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
