"""Recall while the subject cache turns over, with Python's own full garbage collections and with
memstream's pacing of them (`gc_full_every_s`, streams.collector), side by side in one run.

    python -m bench.gc_pause                                   # builds 400 subjects x 200 records
    python -m bench.gc_pause --reuse DIR --subjects 500        # a directory built by bench.recall
    python -m bench.gc_pause --recalls 3000 --cache-subjects 150 --rounds 2

Each policy runs in a process of its own (the collector's thresholds are process-wide), on its own
copy of the directory, asking the same recalls of subjects drawn at random: with a cache smaller
than the subjects, most recalls load a subject and the cache lets another go. Reported: recall
p50 / p99 / p99.9 / max, recalls over 150 ms, and the full collections that ran (count, longest).
The policies alternate over `--rounds`, so both meet the machine's other work alike.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

POLICIES = {"python": 0.0, "paced (default)": None}  # None: the engine's default gc_full_every_s


def run_policy(data_dir: Path, subjects: int, recalls: int, cache_subjects: int, every_s: float | None) -> dict:
    from engine import MemoryEngine

    settings = {"subject_cache_subjects": cache_subjects}
    if every_s is not None:
        settings["gc_full_every_s"] = every_s
    full: list[float] = []
    started = [0.0]

    def timer(phase: str, info: dict) -> None:
        if info["generation"] == 2:
            if phase == "start":
                started[0] = time.perf_counter()
            else:
                full.append(time.perf_counter() - started[0])

    with MemoryEngine.open(data_dir, **settings) as engine:
        engine.recall(tenant_id="bench", user_id="user0", query="warm up", record_use=False)
        gc.callbacks.append(timer)
        rng = random.Random(7)
        lat = []
        for i in range(recalls):
            user = f"user{rng.randrange(subjects)}"
            t = time.perf_counter()
            engine.recall(tenant_id="bench", user_id=user, query=f"plans for the weekend {i % 7}", k=10,
                          record_use=False)
            lat.append(time.perf_counter() - t)
        gc.callbacks.remove(timer)
        every = engine.settings.gc_full_every_s
    ms = np.array(lat) * 1000
    return {"every_s": every, "p50": float(np.percentile(ms, 50)), "p99": float(np.percentile(ms, 99)),
            "p999": float(np.percentile(ms, 99.9)), "max": float(ms.max()), "over_150": int((ms > 150).sum()),
            "full": len(full), "full_max_ms": 1000 * max(full, default=0.0), "tracked": len(gc.get_objects())}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--subjects", type=int, default=400)
    ap.add_argument("--records", type=int, default=200)
    ap.add_argument("--recalls", type=int, default=3000)
    ap.add_argument("--cache-subjects", type=int, default=150)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--pool", type=int, default=6000, help="distinct record texts in the build")
    ap.add_argument("--reuse", type=Path, help="a directory built by bench.recall with the same --subjects/--records")
    ap.add_argument("--policy", help=argparse.SUPPRESS)
    ap.add_argument("--dir", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.policy is not None:  # one measurement, in a process of its own
        every = POLICIES[args.policy]
        result = run_policy(args.dir, args.subjects, args.recalls, args.cache_subjects, every)
        args.out.write_text(json.dumps(result))
        return 0

    tmp = Path(tempfile.mkdtemp(prefix="memstream-gc-pause-"))
    try:
        source = args.reuse
        if source is None:
            from bench.recall import build

            source = tmp / "source"
            print(f"building {args.subjects} subjects x {args.records} records...", file=sys.stderr, flush=True)
            build(source, args.subjects, args.records, pool_size=args.pool, batch_events=5000)
        results: dict[str, list[dict]] = {name: [] for name in POLICIES}
        for r in range(args.rounds):
            for name in POLICIES:
                work = tmp / "work"
                shutil.rmtree(work, ignore_errors=True)
                shutil.copytree(source, work)
                out = tmp / "out.json"
                print(f"round {r + 1}/{args.rounds}: {name}...", file=sys.stderr, flush=True)
                subprocess.run([sys.executable, "-m", "bench.gc_pause", "--policy", name, "--dir", str(work),
                                "--out", str(out), "--subjects", str(args.subjects), "--recalls", str(args.recalls),
                                "--cache-subjects", str(args.cache_subjects)], check=True)
                results[name].append(json.loads(out.read_text()))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    print(f"bench.gc_pause: {args.subjects} subjects x {args.records} records, cache of {args.cache_subjects} "
          f"subjects, {args.recalls} recalls of random subjects per run; {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f} at the end")
    print(f"{'policy':<30}{'p50 ms':>8}{'p99':>8}{'p99.9':>8}{'max':>8}{'>150ms':>8}{'full GCs':>10}{'longest':>9}"
          f"{'tracked':>11}")
    for name, runs in results.items():
        for res in runs:
            label = f"{name}, every {res['every_s']:g} s" if res["every_s"] else f"{name} (gc_full_every_s=0)"
            print(f"{label:<30}{res['p50']:>8.1f}{res['p99']:>8.1f}{res['p999']:>8.1f}{res['max']:>8.0f}"
                  f"{res['over_150']:>8}{res['full']:>10}{res['full_max_ms']:>7.0f}ms{res['tracked']:>11,}")
    line = f"python -m bench.gc_pause --subjects {args.subjects} --records {args.records} --recalls {args.recalls} " \
           + (f"--pool {args.pool} " if args.pool != 6000 else "") + \
           f"--cache-subjects {args.cache_subjects} --rounds {args.rounds}"
    print(f"reproduce: HF_HUB_OFFLINE=1 {line}" + (f" --reuse {args.reuse}" if args.reuse else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
