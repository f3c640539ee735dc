"""Recall latency with many subjects: p50/p99 per query, including the query embedding.

    python -m bench.recall [--subjects 1000] [--records 200] [--queries 2000]

Records enter through the log and the projector (memory_recorded events), as remembered memories do;
their texts come from a pool so the build embeds each distinct text once.
"""
from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from bench.synth import T0, THINGS, memory_texts


def _records_events(subject: int, texts: list[str], rng: random.Random):
    from engine.ids import derive
    from schemas.events import Event, MemoryRecorded
    from schemas.records import MemoryRecord, TurnRef

    user = f"user{subject}"
    events = []
    for j, text in enumerate(texts):
        at = T0 + timedelta(days=rng.randint(0, 300))
        mid = derive("bench", user, str(j))
        rec = MemoryRecord(memory_id=mid, tenant_id="bench", user_id=user, kind=rng.choice(
            ["preference", "fact", "episode", "constraint"]), text=text, source="user_explicit",
            sources=[TurnRef(session_id="s0", turn_id=f"{user}-t{j}")], confidence=round(rng.uniform(0.5, 1.0), 2),
            importance=round(rng.uniform(0.3, 0.9), 2), created_at=at, updated_at=at)
        events.append(Event(event_id=derive("bench-ev", user, str(j)), type="memory_recorded", tenant_id="bench",
                            user_id=user, occurred_at=at, recorded_at=at, payload=MemoryRecorded(record=rec)))
    return events


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--subjects", type=int, default=1000)
    ap.add_argument("--records", type=int, default=200)
    ap.add_argument("--queries", type=int, default=2000)
    ap.add_argument("--pool", type=int, default=6000, help="distinct record texts")
    args = ap.parse_args(argv)
    console = Console()
    from engine import MemoryEngine

    rng = random.Random(3)
    pool = memory_texts(args.pool)
    tmp = Path(tempfile.mkdtemp(prefix="memstream-bench-"))
    try:
        with MemoryEngine.open(tmp / "data", sync_writes=False) as engine:
            rt = engine.runtime
            t = time.perf_counter()
            with Progress(console=console, transient=True) as progress:
                task = progress.add_task("build", total=args.subjects)
                for s in range(args.subjects):
                    rt.append(_records_events(s, rng.sample(pool, args.records), rng))
                    if s % 50 == 49 or s == args.subjects - 1:
                        rt.process()
                    progress.advance(task)
            build_s = time.perf_counter() - t
            # The build skipped fsync for speed; the timed usage appends below are durable again.
            from streams.rocks import write_options

            rt.log._write = rt.store._write = rt.keys._sync = write_options(True)
            t = time.perf_counter()
            for s in range(args.subjects):
                rt.index("bench", f"user{s}")
            index_s = time.perf_counter() - t

            queries = [(f"user{rng.randrange(args.subjects)}",
                        f"what does the user think about {rng.choice(THINGS)} (q{i})") for i in range(args.queries)]
            now = T0 + timedelta(days=320)
            lat_plain, lat_used, lat_embed = [], [], []
            for i, (user, q) in enumerate(queries):
                t = time.perf_counter()
                rt.embedder.embed([q + " embed-only"])
                lat_embed.append(time.perf_counter() - t)
                t = time.perf_counter()
                engine.recall(tenant_id="bench", user_id=user, query=q, k=8, now=now, record_use=False)
                lat_plain.append(time.perf_counter() - t)
                if i < args.queries // 4:
                    t = time.perf_counter()
                    engine.recall(tenant_id="bench", user_id=user, query=q + " again", k=8, now=now)
                    lat_used.append(time.perf_counter() - t)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    def pct(xs, p):
        return float(np.percentile(np.array(xs) * 1000, p))

    table = Table(title=f"recall: {args.subjects} subjects x {args.records} records, {args.queries} queries")
    for col in ("measure", "p50 ms", "p99 ms"):
        table.add_column(col, justify="right" if col != "measure" else "left")
    table.add_row("query embedding alone", f"{pct(lat_embed, 50):.2f}", f"{pct(lat_embed, 99):.2f}")
    table.add_row("recall (embedding + hybrid search + re-rank)", f"{pct(lat_plain, 50):.2f}", f"{pct(lat_plain, 99):.2f}")
    table.add_row("recall + usage event (durable append)", f"{pct(lat_used, 50):.2f}", f"{pct(lat_used, 99):.2f}")
    console.print(table)
    console.print(f"build: {args.subjects * args.records:,} records through the log in {build_s:.1f}s; "
                  f"index warm-up {index_s:.1f}s")
    console.print(f"reproduce: python -m bench.recall --subjects {args.subjects} --records {args.records} "
                  f"--queries {args.queries}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
