"""Replay throughput: `MemoryEngine.replay(src, into)` rebuilds the view from a log, in events/s.

    python -m bench.replay [--turns 5000] [--subjects 50]       # ingests a synthetic log, then replays it
    python -m bench.replay --src DIR [--profile] [--verify]      # replays an existing data directory
    python -m bench.replay --src DIR --compare [--rounds 2]      # one process against the split replay, alternately

Events/s is given two ways: the replay call alone, and from this process's start (interpreter,
imports and opening included, as `memstream replay` costs a user). `--profile` adds a second replay
under cProfile (slower than the plain one) and prints the top functions by own time. `--workers N`
sets the engine's `replay_workers` (the log is split over N worker processes by subject, whatever
its length; 0 is one a core; without it the engine's defaults apply, which split only a log of
50,000 entries or more); `--compare` replays in one process and split, alternately, `--rounds`
times each, and prints the ratio.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import json
import logging
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


class _Fallbacks(logging.Handler):
    """What the engine tells of a split replay: its workers' peak RSS, and the warnings that it was
    folded in one process after all."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.messages: list[str] = []
        self.worker_rss: list[float] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.WARNING:
            self.messages.append(record.getMessage())
        self.worker_rss.extend(r for r in getattr(record, "worker_peak_rss_mb", ()) if r is not None)

    def __enter__(self) -> "_Fallbacks":
        logger = logging.getLogger("memstream.replay")
        self._level = logger.level
        logger.setLevel(logging.INFO)
        logger.addHandler(self)
        return self

    def __exit__(self, *exc: object) -> None:
        logger = logging.getLogger("memstream.replay")
        logger.removeHandler(self)
        logger.setLevel(self._level)


def _replay(src: Path, into: Path, log_every: int = 100_000, workers: int | None = None) -> tuple[str, int, float, float]:
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

    # A count given is used whatever the log's length (the engine splits only long logs by itself).
    settings = {} if workers is None else {"replay_workers": workers, "replay_workers_from": 1}
    digest = MemoryEngine.replay(src, into, progress=progress, **settings)
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


def measure(src: Path, profile: bool, verify: bool, workers: int | None = None) -> dict:
    out: dict = {"src": str(src), "workers": workers}
    tmp = Path(tempfile.mkdtemp(prefix="memstream-replay-"))
    with _Fallbacks() as fallbacks:
        try:
            load_before = load_average()
            digest, events, secs, digest_s = _replay(src, tmp / "plain", workers=workers)
            out.update(digest=digest, events=events, replay_s=secs, digest_s=digest_s, since_start_s=process_age_s(),
                       peak_rss_mb=peak_rss_mb(), worker_peak_rss_mb=max(fallbacks.worker_rss, default=0),
                       rss_mb=rss_mb(), load=f"{load_before} -> {load_average()}", fallbacks=list(fallbacks.messages))
            if verify:
                from engine import MemoryEngine

                with MemoryEngine.open(src) as engine:
                    out["live_digest"] = engine.view_digest()
            if profile:
                prof = cProfile.Profile()
                t = time.perf_counter()
                prof.enable()
                _replay(src, tmp / "profiled", workers=workers)
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


def compare(src: Path, rounds: int, workers: int | None) -> dict:
    """One process against the split replay, alternately on the same log, in this process."""
    runs: dict[str, list] = {"one process": [], "split": []}
    tmp = Path(tempfile.mkdtemp(prefix="memstream-replay-"))
    load_before = load_average()
    with _Fallbacks() as fallbacks:
        try:
            for r in range(rounds):
                for name, w in (("one process", 1), ("split", workers or 0)):
                    into = tmp / f"{name}-{r}".replace(" ", "-")
                    digest, events, secs, digest_s = _replay(src, into, workers=w)
                    runs[name].append({"digest": digest, "events": events, "replay_s": secs, "digest_s": digest_s})
                    shutil.rmtree(into, ignore_errors=True)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    return {"src": str(src), "runs": runs, "load": f"{load_before} -> {load_average()}",
            "peak_rss_mb": peak_rss_mb(), "worker_peak_rss_mb": max(fallbacks.worker_rss, default=0),
            "fallbacks": list(fallbacks.messages)}


def report_compare(r: dict, console) -> None:
    rates = {name: [x["events"] / x["replay_s"] for x in runs] for name, runs in r["runs"].items()}
    for name, runs in r["runs"].items():
        console.print(f"{name}: " + "; ".join(
            f"{x['events'] / x['replay_s']:,.0f} events/s ({x['replay_s']:.1f}s: fold {x['replay_s'] - x['digest_s']:.1f}s, "
            f"digest {x['digest_s']:.1f}s)" for x in runs))
    digests = {x["digest"] for runs in r["runs"].values() for x in runs}
    ratio = [s / o for s, o in zip(rates["split"], rates["one process"])]
    console.print(f"split / one process, round by round: {', '.join(f'{x:.2f}x' for x in ratio)}; "
                  f"digests {'equal' if len(digests) == 1 else 'DIFFERENT'} ({next(iter(digests))[:16]}); "
                  f"peak RSS of this process {r['peak_rss_mb']:,.0f} MiB, of the largest worker "
                  f"{r['worker_peak_rss_mb']:,.0f} MiB; load average {r['load']}"
                  + (f"; FOLDED IN ONE PROCESS AFTER ALL: {r['fallbacks']}" if r["fallbacks"] else ""))


def report(r: dict, console) -> None:
    console.print(f"replay of {r['src']}: {r['events']:,} events in {r['replay_s']:.1f}s = "
                  f"{r['events'] / r['replay_s']:,.0f} events/s (replay call); "
                  f"{r['events'] / r['since_start_s']:,.0f} events/s from process start "
                  f"({r['since_start_s']:.1f}s); fold {r['replay_s'] - r['digest_s']:.1f}s, digest {r['digest_s']:.1f}s; "
                  f"peak RSS {r['peak_rss_mb']:,.0f} MiB (largest worker {r['worker_peak_rss_mb']:,.0f} MiB); load average (1/5/15 min) {r['load']}; digest {r['digest'][:16]}"
                  + (f", live {r['live_digest'][:16]} ({'equal' if r['live_digest'] == r['digest'] else 'DIFFERENT'})"
                     if "live_digest" in r else "")
                  + (f"; FOLDED IN ONE PROCESS AFTER ALL: {r['fallbacks']}" if r.get("fallbacks") else ""))
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
    ap.add_argument("--workers", type=int, help="the engine's replay_workers (default: its own, one a core)")
    ap.add_argument("--compare", action="store_true", help="one process against the split replay, alternately")
    ap.add_argument("--rounds", type=int, default=2, help="with --compare: replays of each kind")
    ap.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.compare and args.workers == 1:
        ap.error("--compare --workers 1 would compare one process with itself: give 0 (one a core) or 2 or more")
    tmp = None
    src = args.src
    if src is None:
        tmp = Path(tempfile.mkdtemp(prefix="memstream-replay-src-"))
        src = tmp / "data"
        _ingest_log(src, args.turns, args.subjects)
    try:
        if args.compare:
            result = compare(src, args.rounds, args.workers)
        elif tmp is None:
            result = measure(src, args.profile, args.verify, args.workers)
        else:  # replay in a fresh process, so that "from process start" is the replay's own
            import subprocess

            fd, path = tempfile.mkstemp(suffix=".json")
            os.close(fd)
            subprocess.run([sys.executable, "-m", "bench.replay", "--src", str(src), "--out", path,
                            *(["--profile"] if args.profile else []), *(["--verify"] if args.verify else []),
                            *(["--workers", str(args.workers)] if args.workers is not None else [])],
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

    (report_compare if args.compare else report)(result, Console(width=160))
    line = "python -m bench.replay " + (f"--src {args.src}" if args.src else
                                        f"--turns {args.turns} --subjects {args.subjects}")
    print(f"reproduce: HF_HUB_OFFLINE=1 {line}" + (" --profile" if args.profile else "")
          + (" --verify" if args.verify else "") + (f" --workers {args.workers}" if args.workers is not None else "")
          + (f" --compare --rounds {args.rounds}" if args.compare else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
