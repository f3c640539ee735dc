"""Recall at scale: peak memory, recall latency (warm and cold subjects), sweep and replay of the log.

    python -m bench.recall [--subjects 1000] [--records 200] [--queries 2000]
    python -m bench.recall --subjects 5000 --records 200 --sweep --replay --keep /tmp/ms-1m
    python -m bench.recall --reuse /tmp/ms-1m --subjects 5000 --records 200 --sweep
    python -m bench.recall --one-subject 20000

Records enter through the log and the projector (memory_recorded events appended with the runtime's
public `append`, one `process()` per batch of thousands of events), as remembered memories do; their
texts come from a pool embedded once up front, so the build embeds each distinct text once. The build
runs with sync_writes=False; every measurement reopens the directory with default settings.

Each phase (build, recall, sweep, replay) runs in a process of its own, so its peak RSS
(getrusage ru_maxrss) is its own: the recall figure includes the embedding model and the subject
cache, not the build. Phases report through a JSON file; this process prints the tables.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

import numpy as np

from bench.measure import peak_rss_mb, rss_mb
from bench.synth import T0, THINGS, memory_texts

NOW = T0 + timedelta(days=320)  # what recall and sweep are asked at: records are 20 to 320 days old


# -- process measurements (pure enough to test) ----------------------------------------------------
def pct(seconds: list[float], p: float) -> float:
    """The p-th percentile of durations in seconds, in milliseconds (nan for no samples)."""
    if not seconds:
        return float("nan")
    return float(np.percentile(np.asarray(seconds) * 1000, p))


def extrapolate(done: int, elapsed_s: float, total: int) -> float:
    """Seconds the whole job takes at the rate measured so far."""
    return elapsed_s * total / done if done else float("nan")


def _log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# -- build -----------------------------------------------------------------------------------------
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


def build(data_dir: Path, subjects: int, records: int, pool_size: int, batch_events: int,
          stop_after: int | None = None) -> dict:
    """Appends subjects x records memory_recorded events in batches, one process() per batch."""
    from engine import MemoryEngine

    rng = random.Random(3)
    # A subject larger than the pool draws its texts with repetition (the build embeds the pool only).
    pool = memory_texts(pool_size)
    out: dict = {"subjects": subjects, "records": records, "pool": len(pool)}
    per_batch = max(1, batch_events // records)
    total = subjects if stop_after is None else min(subjects, stop_after)
    with MemoryEngine.open(data_dir, sync_writes=False) as engine:
        rt = engine.runtime
        t = time.perf_counter()
        rt.embedder.embed(pool)  # each distinct text once; processing finds them in the embedder's cache
        out["pool_embed_s"] = time.perf_counter() - t
        _log(f"build: pool of {len(pool)} texts embedded in {out['pool_embed_s']:.1f}s")
        t0 = time.perf_counter()
        t_events = t_append = t_process = 0.0
        done = 0
        for start in range(0, total, per_batch):
            t = time.perf_counter()
            events = []
            for s in range(start, min(start + per_batch, total)):
                texts = rng.sample(pool, records) if records <= len(pool) else rng.choices(pool, k=records)
                events.extend(_records_events(s, texts, rng))
            t1 = time.perf_counter()
            rt.append(events)
            t2 = time.perf_counter()
            rt.process()
            t3 = time.perf_counter()
            t_events += t1 - t
            t_append += t2 - t1
            t_process += t3 - t2
            done = min(start + per_batch, total)
            elapsed = t3 - t0
            _log(f"build: {done}/{total} subjects, {done * records:,} records, {elapsed:.0f}s "
                 f"({done * records / elapsed:,.0f} records/s; whole {subjects * records:,} in "
                 f"~{extrapolate(done, elapsed, subjects) / 60:.1f} min); rss {rss_mb():,.0f} MiB")
        out.update(build_s=time.perf_counter() - t0, built_subjects=done, events_s=t_events, append_s=t_append,
                   process_s=t_process, log_events=rt.position())
    out["peak_rss_mb"] = peak_rss_mb()
    return out


# -- recall ----------------------------------------------------------------------------------------
def measure_recall(data_dir: Path, subjects: int, queries: int, cold: int, touch: int | None,
                   warm_set: int, settings: dict, profile: bool = False, embedder: str | None = None) -> dict:
    from engine import MemoryEngine

    rng = random.Random(5)
    out: dict = {"rss_mb": {}, "settings": settings}
    out["rss_mb"]["start"] = rss_mb()
    t = time.perf_counter()
    engine = MemoryEngine.open(data_dir, embedder=embedder, **settings)
    out["embedder"] = type(engine.runtime.embedder).__name__
    out["open_s"] = time.perf_counter() - t
    rt = engine.runtime
    cache = rt.cache
    out["rss_mb"]["opened"] = rss_mb()
    t = time.perf_counter()
    rt.embedder.embed(["warm-up"], cache=False)
    out["model_load_s"] = time.perf_counter() - t
    out["rss_mb"]["model loaded"] = rss_mb()

    def ask(user: str, q: str, **kw) -> float:
        t = time.perf_counter()
        engine.recall(tenant_id="bench", user_id=user, query=q, k=8, now=NOW, **kw)
        return time.perf_counter() - t

    def question(i: int) -> str:
        return f"what does the user think about {rng.choice(THINGS)} (q{i})"

    users = [f"user{s}" for s in range(subjects)]
    # 1. first recall of each subject since open: loaded from the state store, index built.
    order = users[:]
    rng.shuffle(order)
    order = order[:touch] if touch else order
    first, n = [], 0
    t0 = time.perf_counter()
    for i, user in enumerate(order):
        if ("bench", user) in cache:
            continue
        first.append(ask(user, question(i), record_use=False))
        if (i + 1) % 500 == 0:
            _log(f"recall: first touch {i + 1}/{len(order)} ({time.perf_counter() - t0:.0f}s), cache "
                 f"{len(cache)} subjects ~{cache.nbytes / 2**20:,.0f} MiB, evictions {cache.evictions}, "
                 f"rss {rss_mb():,.0f} MiB")
    out["first"] = first
    out["rss_mb"]["every subject touched once"] = rss_mb()
    out["cache_after_touch"] = {"subjects": len(cache), "mib": cache.nbytes / 2**20, "evictions": cache.evictions}

    # 2. cold: the first recall of a subject that was loaded before and evicted since.
    evicted = [u for u in order if ("bench", u) not in cache]
    rng.shuffle(evicted)
    cold_lat = []
    for i, user in enumerate(evicted[:cold]):
        if ("bench", user) in cache:  # loading another may not bring it back, but be exact
            continue
        cold_lat.append(ask(user, question(i), record_use=False))
    if profile:  # where a cold recall's time goes: other evicted subjects, under cProfile
        import cProfile
        import io
        import pstats

        prof = cProfile.Profile()
        n = 0
        for i, user in enumerate(evicted[cold: 2 * cold]):
            if ("bench", user) not in cache:
                prof.enable()
                ask(user, question(i), record_use=False)
                prof.disable()
                n += 1
        buf = io.StringIO()
        pstats.Stats(prof, stream=buf).sort_stats("tottime").print_stats(20)
        pstats.Stats(prof, stream=buf).sort_stats("cumulative").print_stats(25)
        out["cold_profile"] = f"{n} cold recalls profiled\n" + buf.getvalue()
    out["cold"] = cold_lat
    out["evicted_available"] = len(evicted)
    out["rss_mb"]["cold pass"] = rss_mb()

    # 3. warm: subjects in the cache; each query checked to find its subject there.
    resident = [u for (_, u), _ in cache.items()][-warm_set:]
    warm_users = [rng.choice(resident) for _ in range(queries)]
    for u in resident:  # the index of each is built (a cold load can leave it to the first recall)
        engine.runtime.index("bench", u)
    lat_embed, lat_plain, lat_used, misses = [], [], [], 0
    for i, user in enumerate(warm_users):
        q = question(i)
        t = time.perf_counter()
        rt.embedder.embed([q + " embed-only"], cache=False)
        lat_embed.append(time.perf_counter() - t)
        hit = ("bench", user) in cache
        d = ask(user, q, record_use=False)
        if hit:
            lat_plain.append(d)
        else:
            misses += 1
        if i < queries // 4:
            lat_used.append(ask(user, q + " again"))
    out.update(embed=lat_embed, warm=lat_plain, used=lat_used, warm_misses=misses, warm_subjects=len(resident))
    out["rss_mb"]["warm queries"] = rss_mb()
    out["cache_end"] = {"subjects": len(cache), "mib": cache.nbytes / 2**20, "evictions": cache.evictions}
    engine.close()
    out["peak_rss_mb"] = peak_rss_mb()
    return out


# -- sweep -----------------------------------------------------------------------------------------
def measure_sweep(data_dir: Path, settings: dict, embedder: str | None = None) -> dict:
    from engine import MemoryEngine

    out: dict = {}
    with MemoryEngine.open(data_dir, embedder=embedder, **settings) as engine:
        out["rss_open_mb"] = rss_mb()
        t = time.perf_counter()
        out["counts"] = engine.sweep(NOW)
        out["sweep_s"] = time.perf_counter() - t
        out["rss_end_mb"] = rss_mb()
        out["peak_first_mb"] = peak_rss_mb()
        # Again at the same time: nothing left to decide, so this is the cost of visiting every subject.
        t = time.perf_counter()
        out["counts_again"] = engine.sweep(NOW)
        out["sweep_again_s"] = time.perf_counter() - t
        out["log_events_after"] = engine.runtime.position()
    out["peak_rss_mb"] = peak_rss_mb()
    return out


# -- orchestration ---------------------------------------------------------------------------------
def _phase(name: str, argv: list[str]) -> dict:
    """Runs `python -m bench.recall --phase NAME ...` (or bench.replay) and returns its JSON."""
    fd, path = tempfile.mkstemp(prefix=f"memstream-{name}-", suffix=".json")
    os.close(fd)
    module = "bench.replay" if name == "replay" else "bench.recall"
    cmd = [sys.executable, "-m", module, *argv, "--out", path]
    if module == "bench.recall":
        cmd += ["--phase", name]
    t = time.perf_counter()
    subprocess.run(cmd, check=True)
    wall = time.perf_counter() - t
    try:
        result = json.loads(Path(path).read_text())
    finally:
        Path(path).unlink(missing_ok=True)
    result["process_wall_s"] = wall
    return result


def _settings(args) -> dict:
    out = {}
    if args.cache_subjects:
        out["subject_cache_subjects"] = args.cache_subjects
    if args.cache_mb:
        out["subject_cache_mb"] = args.cache_mb
    return out


def _report(args, built: dict | None, rec: dict | None, sweep: dict | None, replay: dict | None) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(width=160)
    n = args.subjects * args.records
    if built:
        console.print(f"build: {built['built_subjects'] * args.records:,} records through the log in "
                      f"{built['build_s']:.0f}s ({built['built_subjects'] * args.records / built['build_s']:,.0f} "
                      f"records/s: making events {built['events_s']:.0f}s, append {built['append_s']:.0f}s, "
                      f"process {built['process_s']:.0f}s; pool of {built['pool']:,} distinct texts embedded in "
                      f"{built['pool_embed_s']:.0f}s{', texts repeat within a subject' if args.records > built['pool'] else ''}); "
                      f"build process peak RSS {built['peak_rss_mb']:,.0f} MiB")
    if rec:
        table = Table(title=f"recall: {args.subjects:,} subjects x {args.records:,} records = {n:,}")
        for col in ("measure", "n", "p50 ms", "p99 ms", "max ms"):
            table.add_column(col, justify="left" if col == "measure" else "right")

        def row(label, xs):
            table.add_row(label, f"{len(xs):,}", f"{pct(xs, 50):.2f}", f"{pct(xs, 99):.2f}",
                          f"{max(xs) * 1000:.2f}" if xs else "-")

        row("query embedding alone", rec["embed"])
        row(f"warm recall (subject cached; embedding + search + re-rank), over {rec['warm_subjects']} subjects",
            rec["warm"])
        row("warm recall + usage event (durable append)", rec["used"])
        row("first recall since open (loaded from the state store)", rec["first"])
        row("cold recall: first after the subject was evicted", rec["cold"])
        console.print(table)
        console.print(f"recall process: peak RSS (ru_maxrss) {rec['peak_rss_mb']:,.0f} MiB including the model; "
                      f"open {rec['open_s']:.1f}s, model load {rec['model_load_s']:.1f}s; embedder {rec.get('embedder')}; "
                      f"settings {rec['settings'] or 'defaults'}")
        console.print("current RSS: " + ", ".join(f"{k} {v:,.0f} MiB" for k, v in rec["rss_mb"].items()))
        c1, c2 = rec["cache_after_touch"], rec["cache_end"]
        console.print(f"subject cache after touching every subject: {c1['subjects']} subjects, ~{c1['mib']:,.0f} MiB "
                      f"(estimate), {c1['evictions']} evictions; at the end {c2['subjects']} subjects, "
                      f"~{c2['mib']:,.0f} MiB; evicted subjects available for the cold pass: "
                      f"{rec['evicted_available']}; warm queries whose subject was not cached: {rec['warm_misses']}")
        if "cold_profile" in rec:
            print("cold recalls under cProfile (other evicted subjects, after the timed ones; cProfile slows "
                  "Python code):")
            print(rec["cold_profile"])
    if sweep:
        console.print(f"sweep at {NOW.date()} over {args.subjects:,} subjects / {n:,} records: "
                      f"{sweep['sweep_s']:.1f}s, events {sweep['counts']}; peak RSS {sweep['peak_rss_mb']:,.0f} MiB "
                      f"(after the first sweep {sweep['peak_first_mb']:,.0f}; RSS after open {sweep['rss_open_mb']:,.0f}, "
                      f"after the first sweep {sweep['rss_end_mb']:,.0f} MiB); the same sweep again (nothing left "
                      f"to decide: visiting every subject) {sweep['sweep_again_s']:.1f}s, events {sweep['counts_again']}; "
                      f"process wall {sweep['process_wall_s']:.0f}s")
    if replay:
        from bench.replay import report

        report(replay, console)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--subjects", type=int, default=1000)
    ap.add_argument("--records", type=int, default=200)
    ap.add_argument("--one-subject", type=int, metavar="N", help="one subject with N records (sets --subjects 1)")
    ap.add_argument("--queries", type=int, default=2000, help="warm recalls")
    ap.add_argument("--cold", type=int, default=500, help="recalls of evicted subjects")
    ap.add_argument("--touch", type=int, default=0, help="subjects touched once before the cold pass (0: all)")
    ap.add_argument("--warm-set", type=int, default=300, help="cached subjects the warm queries go to")
    ap.add_argument("--pool", type=int, default=6000, help="distinct record texts")
    ap.add_argument("--batch-events", type=int, default=5000, help="events per append + process() in the build")
    ap.add_argument("--build-only", type=int, metavar="SUBJECTS",
                    help="build this many subjects and stop (to time a part and extrapolate)")
    ap.add_argument("--keep", type=Path, help="build into DIR and keep it")
    ap.add_argument("--reuse", type=Path, help="measure an existing DIR built with the same --subjects/--records")
    ap.add_argument("--no-recall", action="store_true")
    ap.add_argument("--sweep", action="store_true", help="also time engine.sweep(now) over every subject (changes DIR)")
    ap.add_argument("--replay", action="store_true", help="also replay the log (bench.replay) before the sweep")
    ap.add_argument("--profile", action="store_true",
                    help="also profile cold recalls of other evicted subjects after the timed ones and, with "
                         "--replay, add a second, profiled replay")
    ap.add_argument("--embedder", choices=("torch", "onnx-int8"), help="engine setting (default: the engine's)")
    ap.add_argument("--cache-subjects", type=int, help="subject_cache_subjects (default: the engine's)")
    ap.add_argument("--cache-mb", type=int, help="subject_cache_mb (default: the engine's)")
    ap.add_argument("--phase", choices=("build", "recall", "sweep"), help=argparse.SUPPRESS)
    ap.add_argument("--dir", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.one_subject:
        args.subjects, args.records = 1, args.one_subject
        args.cold, args.warm_set = 0, 1

    if args.phase:  # a child process: one phase, results to --out
        if args.phase == "build":
            result = build(args.dir, args.subjects, args.records, args.pool, args.batch_events, args.build_only)
        elif args.phase == "recall":
            result = measure_recall(args.dir, args.subjects, args.queries, args.cold, args.touch or None,
                                    args.warm_set, _settings(args), args.profile, args.embedder)
        else:
            result = measure_sweep(args.dir, _settings(args), args.embedder)
        args.out.write_text(json.dumps(result, default=str))
        return 0

    common = ["--subjects", str(args.subjects), "--records", str(args.records)]
    tmp = None
    if args.reuse:
        data = args.reuse
        if not (data / "log").exists():
            ap.error(f"{data} holds no memstream data; build it with --keep")
    elif args.keep:
        data = args.keep
        if data.exists() and any(data.iterdir()):
            ap.error(f"{data} is not empty; use --reuse to measure it")
    else:
        tmp = Path(tempfile.mkdtemp(prefix="memstream-bench-"))
        data = tmp / "data"
    settings_argv = []
    for flag, value in (("--embedder", args.embedder), ("--cache-subjects", args.cache_subjects),
                        ("--cache-mb", args.cache_mb)):
        if value:
            settings_argv += [flag, str(value)]
    built = rec = sweep = replay = None
    try:
        if not args.reuse:
            built = _phase("build", [*common, "--dir", str(data), "--pool", str(args.pool),
                                     "--batch-events", str(args.batch_events),
                                     *(["--build-only", str(args.build_only)] if args.build_only else [])])
            if args.build_only:
                total = extrapolate(built["built_subjects"], built["build_s"], args.subjects)
                _report(args, built, None, None, None)
                print(f"at this rate {args.subjects * args.records:,} records build in ~{total / 60:.1f} min")
                return 0
        if not args.no_recall:
            rec = _phase("recall", [*common, "--dir", str(data), "--queries", str(args.queries), "--cold",
                                    str(args.cold), "--touch", str(args.touch), "--warm-set", str(args.warm_set),
                                    *settings_argv, *(["--profile"] if args.profile else [])])
        if args.replay:
            replay = _phase("replay", ["--src", str(data), *(["--profile"] if args.profile else [])])
        if args.sweep:
            sweep = _phase("sweep", [*common, "--dir", str(data), *settings_argv])
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
    _report(args, built, rec, sweep, replay)
    line = "python -m bench.recall " + (f"--one-subject {args.one_subject}" if args.one_subject else
                                        f"--subjects {args.subjects} --records {args.records}")
    line += f" --queries {args.queries}"
    if not args.one_subject:
        line += f" --cold {args.cold} --warm-set {args.warm_set}" + (f" --touch {args.touch}" if args.touch else "")
    line += "".join(f" {a}" for a in settings_argv)
    line += (" --sweep" if args.sweep else "") + (" --replay" if args.replay else "") + (" --profile" if args.profile else "")
    print(f"reproduce: HF_HUB_OFFLINE=1 {line}" + (f" --reuse {data}" if args.reuse else
                                                  f" --keep {data}" if args.keep else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
