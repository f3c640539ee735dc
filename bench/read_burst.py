"""How long a tenant's reads wait while another tenant's burst of turns is projected, on the API
server as `memstream serve` runs it (reads wait for their own subject's writes only) next to the
same server with every read projecting the whole backlog first (the facade's default), same run.

    python -m bench.read_burst                      # LoCoMo dev when present, else synthetic turns
    python -m bench.read_burst --burst 1000 --reads 30

One tenant's turns are in the view first; then another tenant sends `--burst` turns in batches of
100, and right after the last one is acknowledged `--reads` recalls of the first tenant's subject
are sent one after another, 0.2 s apart. Printed: the reads' p50 and max, and how long the burst
took to be projected.
"""
from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from pathlib import Path

from bench.api import DEFAULT_DATA, Server, batches, load, with_tenant
from bench.recall import pct

QUIET, BUSY = "bench-quiet", "bench-busy"


def run(data_dir: Path, burst: list[dict], user: str, reads: int, catch_up: bool) -> dict:
    import httpx

    from streams.api.keys import KeyFile

    keys = KeyFile(data_dir)
    read_key = keys.create(QUIET, ["read"], "bench.read_burst")[1]
    write_key = keys.create(BUSY, ["write"], "bench.read_burst")[1]
    server = Server(data_dir, catch_up=catch_up)
    try:
        with httpx.Client(base_url=server.url, timeout=600) as c:
            started = time.perf_counter()
            for chunk in batches(burst, 100):
                c.post("/v1/turns", json=chunk, headers={"Authorization": f"Bearer {write_key}"}).raise_for_status()
            latencies = []
            for _ in range(reads):
                t = time.perf_counter()
                c.get(f"/v1/users/{user}/recall", params={"q": "what did I say about work", "k": 5},
                      headers={"Authorization": f"Bearer {read_key}"}).raise_for_status()
                latencies.append(time.perf_counter() - t)
                time.sleep(0.2)
            server.settle()
            projected_s = time.perf_counter() - started
    finally:
        server.stop()
    return {"p50_ms": pct(latencies, 50), "max_ms": 1000 * max(latencies), "first_ms": 1000 * latencies[0],
            "projected_s": projected_s}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, help="a folder of LoCoMo conversations (default: LoCoMo dev when present)")
    ap.add_argument("--synthetic", action="store_true", help="synthetic turns (bench.synth) even if LoCoMo is there")
    ap.add_argument("--burst", type=int, default=1000, help="turns the busy tenant sends")
    ap.add_argument("--reads", type=int, default=30, help="recalls of the quiet tenant after the burst")
    args = ap.parse_args(argv)
    from engine import MemoryEngine

    data = args.data or (DEFAULT_DATA if DEFAULT_DATA.is_dir() and not args.synthetic else None)
    turns, what = load(data, args.burst + 200, 6, None)
    quiet, burst = turns[:200], turns[200:200 + args.burst]
    tmp = Path(tempfile.mkdtemp(prefix="memstream-bench-burst-"))
    try:
        results = {}
        for catch_up in (False, True):
            data_dir = tmp / ("catch-up" if catch_up else "own-writes")
            with MemoryEngine.open(data_dir) as engine:
                engine.ingest_many(with_tenant(quiet, QUIET))
                engine.flush()
            results[catch_up] = run(data_dir, burst, quiet[0]["user_id"], args.reads, catch_up)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"\nbench.read_burst: {what}; a burst of {len(burst)} turns from one tenant, then {args.reads} recalls "
          f"of another tenant's subject, 0.2 s apart; {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    print(f"{'server reads':<44}{'p50 ms':>10}{'max ms':>10}{'first ms':>10}{'burst projected s':>20}")
    for catch_up, label in ((False, "wait for their own subject's writes"), (True, "project the whole backlog first")):
        r = results[catch_up]
        print(f"{label:<44}{r['p50_ms']:>10.1f}{r['max_ms']:>10.1f}{r['first_ms']:>10.1f}{r['projected_s']:>20.1f}")
    line = "python -m bench.read_burst" + (f" --data {args.data}" if args.data else "") + \
        (" --synthetic" if args.synthetic else "")
    print(f"reproduce: HF_HUB_OFFLINE=1 {line} --burst {args.burst} --reads {args.reads}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
