"""The int8 ONNX embedder next to the fp32 torch one, on real LoCoMo turns, in one run.

    python -m bench.embed [--data ../shared/datasets/locomo-dev] [--queries 300] [--rounds 3]

Prints, for each embedder: texts/s embedding every distinct turn text with no cache (the best of
`--rounds` rounds, the two embedders' rounds interleaved so both see the same machine), and p50/p99
ms for one text at a time (each query through both, back to back); the ratio of the two; the cosine
of the int8 vector to the fp32 one for every text (mean, min, 1st percentile, the worst text); and
how much a text's vector moves when it is embedded in a batch instead of alone.
"""
from __future__ import annotations

import argparse
import os
import shlex
import sys
import time
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.table import Table

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "locomo-dev"


def locomo_texts(folder: Path) -> list[str]:
    """Every distinct turn text of every conversation in the folder, as the engine ingests them."""
    from bench.quality.locomo import find_conversations, load_conversation

    texts: dict[str, None] = {}
    for path in find_conversations(folder):
        for turn in load_conversation(path).turns():
            texts.setdefault(turn["text"], None)
    return list(texts)


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    ap = argparse.ArgumentParser(prog="python -m bench.embed", description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA, help="folder of LoCoMo conversation json files")
    ap.add_argument("--queries", type=int, default=300, help="single-text queries timed per embedder")
    ap.add_argument("--rounds", type=int, default=3, help="throughput rounds per embedder (best is kept)")
    args = ap.parse_args(argv)
    console = Console()

    from engine.embedder import MiniLMEmbedder
    from engine.embedder import OnnxEmbedder

    texts = locomo_texts(args.data)
    if not texts:
        console.print(f"no LoCoMo conversations in {args.data}")
        return 2
    embedders = {"fp32 torch": MiniLMEmbedder(), "int8 onnx": OnnxEmbedder()}
    for emb in embedders.values():
        emb.embed(texts[:70], cache=False)  # load and warm up outside the timed parts

    rates: dict[str, list[float]] = {name: [] for name in embedders}
    vectors: dict[str, np.ndarray] = {}
    for _ in range(args.rounds):
        for name, emb in embedders.items():
            start = time.perf_counter()
            vectors[name] = emb.embed(texts, cache=False)
            rates[name].append(len(texts) / (time.perf_counter() - start))

    latencies: dict[str, list[float]] = {name: [] for name in embedders}
    step = max(1, len(texts) // args.queries)
    for query in texts[::step][: args.queries]:
        for name, emb in embedders.items():
            start = time.perf_counter()
            emb.embed([query], cache=False)
            latencies[name].append((time.perf_counter() - start) * 1000)

    # A text alone against the same text among 63 others (the torch embedder pads a batch; the int8
    # one runs each text alone, so its figure should be 0).
    sample = texts[: min(len(texts), 256)]
    moved = {}
    for name, emb in embedders.items():
        alone = np.vstack([emb.embed([t], cache=False) for t in sample])
        moved[name] = float(np.abs(alone - vectors[name][: len(sample)]).max())

    table = Table(title=f"embedding {len(texts)} distinct LoCoMo turn texts ({args.data.name}), {os.cpu_count()} cores")
    table.add_column("measure")
    for name in embedders:
        table.add_column(name, justify="right")
    table.add_column("int8 / fp32", justify="right")
    best = {name: max(r) for name, r in rates.items()}
    p50 = {name: float(np.percentile(v, 50)) for name, v in latencies.items()}
    p99 = {name: float(np.percentile(v, 99)) for name, v in latencies.items()}
    a, b = embedders
    table.add_row(f"texts/s, all texts, no cache (best of {args.rounds}: "
                  + "; ".join(f"{n} {' '.join(f'{x:.0f}' for x in r)}" for n, r in rates.items()) + ")",
                  f"{best[a]:.0f}", f"{best[b]:.0f}", f"{best[b] / best[a]:.2f}x")
    table.add_row(f"one-text query p50 ms ({len(latencies[a])} queries)", f"{p50[a]:.1f}", f"{p50[b]:.1f}", f"{p50[b] / p50[a]:.2f}x")
    table.add_row("one-text query p99 ms", f"{p99[a]:.1f}", f"{p99[b]:.1f}", f"{p99[b] / p99[a]:.2f}x")
    table.add_row(f"max |alone - in batch| over {len(sample)} texts", f"{moved[a]:.1e}", f"{moved[b]:.1e}", "")
    console.print(table)

    cos = np.einsum("ij,ij->i", vectors[a], vectors[b])
    worst = int(np.argmin(cos))
    console.print(f"cosine int8 to fp32 over {len(cos)} texts: mean {cos.mean():.4f}, min {cos.min():.4f}, "
                  f"1st percentile {np.percentile(cos, 1):.4f}; below 0.95: {int((cos < 0.95).sum())}; "
                  f"worst: {texts[worst][:60]!r}")
    console.print(f"int8 model: {embedders[b].model_id}")
    console.print("reproduce: python -m bench.embed " + " ".join(shlex.quote(x) for x in (argv if argv is not None else sys.argv[1:])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
