"""The recall index at scale, the scan and the graph side by side: build time, add and remove time,
search p50/p99 (the search alone; the query embedding is separate), the graph's overlap@10 with the
exact top 10, memory per record; and near-duplicate detection by index against the pairwise sweep.

    python -m bench.index [--sizes 1000,5000,20000,50000,100000] [--queries 200] [--baseline REV]

Records and embeddings are synthetic (seeded): texts lead with a few names, mention dates and draw on
a 3,000-word vocabulary; embeddings are 384-d points around 200 topics, stored as float16. With
--baseline, the recall index of that git revision (float32, rebuilt from scratch) runs the same
queries, and its top 10 is the float32 reference for the float16 one.
"""
from __future__ import annotations

import argparse
import gc
import importlib.util
import random
import subprocess
import sys
import tempfile
import time
import tracemalloc
from datetime import datetime, timedelta, timezone
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.table import Table

from engine.neardup import NearDupIndex
from engine.recall import SubjectIndex
from engine.settings import Settings
from engine.textnorm import jaccard, term_set
from schemas.records import MemoryRecord, TurnRef

T0 = datetime(2026, 1, 5, tzinfo=timezone.utc)
NAMES = ["Priya", "Odette", "Dev", "Mel", "Sam", "Next", "Painting"]
DIM = 384
TOPICS = 200


def _vocabulary(rng: random.Random, n: int = 3_000) -> list[str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    return sorted({"".join(rng.choice(letters) for _ in range(rng.randint(4, 9))) for _ in range(n)})


class Corpus:
    """Seeded records, float16 embeddings and queries; record i belongs to topic i % TOPICS."""

    def __init__(self, seed: int = 1):
        self.rng = random.Random(seed)
        self.np = np.random.default_rng(seed)
        self.words = _vocabulary(self.rng)
        self.topic_words = [self.rng.sample(self.words, 30) for _ in range(TOPICS)]
        centres = self.np.standard_normal((TOPICS, DIM)).astype(np.float32)
        self.centres = centres / np.linalg.norm(centres, axis=1, keepdims=True)

    def record(self, i: int) -> tuple[MemoryRecord, np.ndarray]:
        rng, topic = self.rng, i % TOPICS
        body = " ".join(rng.choice(self.topic_words[topic]) if rng.random() < 0.7 else rng.choice(self.words)
                        for _ in range(rng.randint(4, 12)))
        roll = rng.random()
        if roll < 0.6:
            text = f"{rng.choice(NAMES)} {body}"
        elif roll < 0.75:
            text = f"Last Friday ({rng.randint(1, 28)} June {rng.choice([2024, 2025])}), {rng.choice(NAMES)} {body}"
        else:
            text = body.capitalize()
        said = T0 - timedelta(days=rng.randint(0, 700))
        rec = MemoryRecord(memory_id=f"m{i:07d}", tenant_id="bench", user_id="u", kind=rng.choice(
            ["fact", "preference", "episode", "constraint"]), text=text, source="user_explicit",
            sources=[TurnRef(session_id="s", turn_id=f"t{i}")], confidence=round(rng.uniform(0.5, 1), 2),
            importance=round(rng.uniform(0.2, 0.9), 2), created_at=said, updated_at=said,
            happened_at=said - timedelta(days=rng.randint(0, 5)) if rng.random() < 0.3 else None,
            privacy_level=rng.choice(["public", "personal", "personal", "sensitive"]))
        v = self.centres[topic] + 0.09 * self.np.standard_normal(DIM).astype(np.float32)
        return rec, (v / np.linalg.norm(v)).astype(np.float16)

    def records(self, n: int, start: int = 0):
        pairs = [self.record(i) for i in range(start, start + n)]
        return [r for r, _ in pairs], np.stack([v for _, v in pairs])

    def queries(self, n: int) -> list[tuple[str, np.ndarray]]:
        rng = random.Random(99)
        out = []
        for _ in range(n):
            topic = rng.randrange(TOPICS)
            words = " ".join(rng.sample(self.topic_words[topic], 2))
            text = rng.choice([f"What did {rng.choice(NAMES[:5])} say about {words}?", f"{words}",
                               f"When did we talk about {words}?", f"What about {words} recently?",
                               f"{words} last year"])
            v = self.centres[topic] + 0.12 * self.np.standard_normal(DIM).astype(np.float32)
            out.append((text, (v / np.linalg.norm(v)).astype(np.float32)))
        return out


def _baseline(rev: str):
    """The recall module of another revision, loaded from git (for side-by-side figures)."""
    source = subprocess.run(["git", "show", f"{rev}:engine/recall.py"], capture_output=True, text=True,
                            check=True, cwd=Path(__file__).resolve().parents[1]).stdout
    path = Path(tempfile.mkdtemp()) / "baseline_recall.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location("baseline_recall", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["baseline_recall"] = module
    spec.loader.exec_module(module)
    return module


def _ms(xs: list[float], p: float) -> float:
    return float(np.percentile(np.array(xs) * 1000, p))


def _run(index, queries, settings, now, k=10):
    for text, qvec in queries[:3]:  # warm: first-use costs (regex compilation, date tables) aside
        index.search(text, qvec, k, now, settings)
    lat, tops = [], []
    for text, qvec in queries:
        t = time.perf_counter()
        hits = index.search(text, qvec, k, now, settings)
        lat.append(time.perf_counter() - t)
        tops.append([h.record.memory_id for h in hits])
    return lat, tops


def _overlap(a: list[list[str]], b: list[list[str]]) -> float:
    """Share of the reference top (b) found in a's, per query (two empty answers agree)."""
    return float(np.mean([len(set(x) & set(y)) / len(y) if y else float(not x) for x, y in zip(a, b)]))


def _record_bytes(corpus: Corpus) -> float:
    """What one MemoryRecord holds in memory, text aside (calibrates SubjectIndex.nbytes)."""
    recs, _ = corpus.records(2_000, start=10_000_000)
    texts = sum(len(r.text) for r in recs)
    gc.collect()
    tracemalloc.start()
    copies = [r.model_copy(deep=True) for r in recs]
    size = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del copies
    return (size - texts) / len(recs)


def recall_rows(sizes: list[int], n_queries: int, baseline, console: Console) -> list[dict]:
    rows = []
    now = T0 + timedelta(days=1)
    for n in sizes:
        corpus = Corpus()
        records, vectors = corpus.records(n)
        queries = corpus.queries(n_queries)
        row = {"n": n}
        gc.collect()
        t = time.perf_counter()
        index = SubjectIndex(records, vectors)
        row["build_s"] = time.perf_counter() - t
        scan = Settings(ann_threshold=10**9)
        graph = Settings(ann_threshold=1)
        lat, exact_top = _run(index, queries, scan, now)
        row["scan_p50"], row["scan_p99"] = _ms(lat, 50), _ms(lat, 99)
        new, new_vecs = corpus.records(200, start=n)
        t = time.perf_counter()
        for rec, vec in zip(new, new_vecs):
            index.upsert(rec, vec)
        row["add_ms"] = (time.perf_counter() - t) / len(new) * 1000
        t = time.perf_counter()
        for rec in new:
            index.remove(rec.memory_id)
        row["remove_ms"] = (time.perf_counter() - t) / len(new) * 1000
        row["bytes_per_record"] = index.nbytes / n
        t = time.perf_counter()
        index.search(*queries[0], 10, now, graph)  # the first search past the threshold builds the graph
        row["graph_build_s"] = time.perf_counter() - t
        lat, graph_top = _run(index, queries, graph, now)
        row["graph_p50"], row["graph_p99"] = _ms(lat, 50), _ms(lat, 99)
        row["overlap10"] = _overlap(graph_top, exact_top)
        row["graph_bytes_per_record"] = index._vec.ann.memory_usage / n
        t = time.perf_counter()
        for rec, vec in zip(new, new_vecs):
            index.upsert(rec, vec)
        row["graph_add_ms"] = (time.perf_counter() - t) / len(new) * 1000
        if baseline is not None:
            t = time.perf_counter()
            old = baseline.SubjectIndex(records, vectors.astype(np.float32))
            row["base_build_s"] = time.perf_counter() - t
            few = queries[: min(len(queries), 60)]
            lat, base_top = _run(old, few, scan, now)
            row["base_p50"], row["base_p99"] = _ms(lat, 50), _ms(lat, 99)
            row["f16_same_top10"] = float(np.mean([a == b for a, b in zip(exact_top, base_top)]))
            row["f16_overlap10"] = _overlap(exact_top[: len(few)], base_top)
            del old
        rows.append(row)
        console.print(f"  {n:>7,} records done")
        del index, records, vectors
        gc.collect()
    return rows


# -- near duplicates -------------------------------------------------------------------------------
def pairwise_find(records, kind, text, happened_at, threshold):
    """find_duplicate as it was: every active record of the kind compared (also the reference the
    near-duplicate index is tested against, tests/engine/test_index.py)."""
    terms = term_set(text)
    best, best_key = None, None
    for rec in records:
        if rec.tier != "active" or rec.kind != kind or rec.text is None:
            continue
        if kind == "episode" and (rec.happened_at and happened_at) and rec.happened_at.date() != happened_at.date():
            continue
        sim = jaccard(terms, term_set(rec.text))
        if sim >= threshold:
            key = (-sim, rec.memory_id)
            if best_key is None or key < best_key:
                best, best_key = rec, key
    return best


def _pairwise_pairs(records, threshold) -> int:
    """The pairwise sweep duplicate_clusters made (the comparisons only)."""
    by_kind: dict[str, list] = {}
    for r in records:
        by_kind.setdefault(r.kind, []).append(term_set(r.text))
    hits = 0
    for group in by_kind.values():
        for i in range(len(group)):
            for j in range(i + 1, len(group)):
                hits += jaccard(group[i], group[j]) >= threshold
    return hits


def neardup_rows(sizes: list[int], pairwise_max: int) -> list[dict]:
    rows = []
    for n in sizes:
        corpus = Corpus(seed=5)
        records, _ = corpus.records(n)
        probes, _ = corpus.records(50, start=n)
        row = {"n": n}
        t = time.perf_counter()
        for p in probes:
            pairwise_find(records, p.kind, p.text, p.happened_at, 0.8)
        row["find_pairwise_ms"] = (time.perf_counter() - t) / len(probes) * 1000
        t = time.perf_counter()
        for p in probes:
            NearDupIndex(r for r in records if r.kind == p.kind).find(p.kind, p.text, p.happened_at, 0.8)
        row["find_build_per_call_ms"] = (time.perf_counter() - t) / len(probes) * 1000
        t = time.perf_counter()
        kept = NearDupIndex(records)
        row["index_build_ms"] = (time.perf_counter() - t) * 1000
        t = time.perf_counter()
        for p in probes:
            kept.find(p.kind, p.text, p.happened_at, 0.8)
        row["find_kept_ms"] = (time.perf_counter() - t) / len(probes) * 1000
        t = time.perf_counter()
        kept.clusters(0.8)
        row["clusters_index_s"] = time.perf_counter() - t
        if n <= pairwise_max:
            t = time.perf_counter()
            _pairwise_pairs(records, 0.8)
            row["clusters_pairwise_s"] = time.perf_counter() - t
        rows.append(row)
    return rows


def _table(title: str, rows: list[dict], cols: list[str]) -> Table:
    """One column per size, one line per figure."""
    table = Table(title=title)
    table.add_column("records")
    for r in rows:
        table.add_column(f"{r['n']:,}", justify="right")
    for c in cols:
        table.add_row(c, *(f"{r[c]:.3g}" if c in r else "-" for r in rows))
    return table


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="1000,5000,20000,50000,100000")
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--baseline", default=None, help="git revision whose recall index runs alongside")
    ap.add_argument("--neardup-sizes", default="1000,5000,20000")
    ap.add_argument("--pairwise-max", type=int, default=5000, help="largest size for the pairwise sweep")
    args = ap.parse_args(argv)
    console = Console()
    sizes = [int(s) for s in args.sizes.split(",")]
    baseline = _baseline(args.baseline) if args.baseline else None
    console.print(f"recall index: {len(sizes)} sizes, {args.queries} queries each")
    rows = recall_rows(sizes, args.queries, baseline, console)

    cols = ["build_s", "add_ms", "remove_ms", "scan_p50", "scan_p99", "graph_build_s", "graph_p50",
            "graph_p99", "graph_add_ms", "overlap10", "bytes_per_record", "graph_bytes_per_record"]
    if baseline is not None:
        cols += ["base_build_s", "base_p50", "base_p99", "f16_same_top10", "f16_overlap10"]
    console.print(_table("SubjectIndex: scan vs graph (ms per search, k=10; build in s)", rows, cols))
    nd = neardup_rows([int(s) for s in args.neardup_sizes.split(",")], args.pairwise_max)
    cols = ["find_pairwise_ms", "find_build_per_call_ms", "index_build_ms", "find_kept_ms",
            "clusters_index_s", "clusters_pairwise_s"]
    console.print(_table("Near duplicates (threshold 0.8; ms per find, s per sweep)", nd, cols))
    console.print(f"MemoryRecord in memory, text aside: ~{_record_bytes(Corpus()):,.0f} bytes")
    console.print("reproduce: python -m bench.index " + " ".join(argv if argv is not None else sys.argv[1:]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
