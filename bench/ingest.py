"""End-to-end ingest throughput on the embedded runtime, next to the embedder's raw cost on the same
texts, in one run.

    python -m bench.ingest [--turns 5000] [--subjects 20]
"""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from bench.synth import turns as synth_turns


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--turns", type=int, default=5000)
    ap.add_argument("--subjects", type=int, default=20)
    ap.add_argument("--batch", type=int, default=500, help="turns per ingest_many call")
    args = ap.parse_args(argv)
    console = Console()
    from engine import MemoryEngine
    from engine.embedder import shared_embedder

    turns = synth_turns(args.turns, subjects=args.subjects)
    texts = [t["text"] for t in turns]
    embedder = shared_embedder()
    embedder.embed(["warm-up"])  # load the model outside the timed parts

    from engine.embedder import MiniLMEmbedder

    # The embedder's raw cost: every turn text through the model, batched, no cache.
    t = time.perf_counter()
    embedder._model.encode(texts, batch_size=64, normalize_embeddings=True, show_progress_bar=False)
    raw_s = time.perf_counter() - t
    distinct = len(set(texts))

    tmp = Path(tempfile.mkdtemp(prefix="memstream-bench-"))
    try:
        fresh = MiniLMEmbedder()  # an empty cache, the already loaded model
        fresh._model = embedder._model
        with MemoryEngine.open(tmp / "data", embedder=fresh) as engine:
            t = time.perf_counter()
            for i in range(0, len(turns), args.batch):
                engine.ingest_many(turns[i: i + args.batch])
                engine.flush()
            e2e_s = time.perf_counter() - t
            stats = engine.stats()
            embedded_records = sum(len(e.vectors or {}) for _, e in engine.runtime.cache.items())
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    table = Table(title=f"ingest: {args.turns} turns, {args.subjects} subjects, batches of {args.batch}")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("embedder alone, every turn text (turns/s)", f"{len(texts) / raw_s:,.0f}")
    table.add_row("memstream end to end (turns/s)", f"{len(turns) / e2e_s:,.0f}")
    table.add_row("end to end / embedder alone", f"{raw_s / e2e_s:.2f}x")
    table.add_row("active records / records embedded (once each)", f"{stats['records_active']} / {embedded_records}")
    table.add_row("log events", f"{stats['log_events']:,}")
    console.print(table)
    console.print(f"distinct turn texts: {distinct}; reproduce: python -m bench.ingest --turns {args.turns} "
                  f"--subjects {args.subjects} --batch {args.batch}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
