"""End-to-end ingest throughput on the embedded runtime, next to the embedder's raw cost on the same
texts, in one run; then where the time goes, from a second pass under cProfile.

    python -m bench.ingest [--turns 5000] [--subjects 20]            # synthetic turns (bench.synth)
    python -m bench.ingest --data ../shared/datasets/locomo-dev      # LoCoMo conversations, real text

The raw figure embeds every turn's text with the packaged fp32 model (sentence-transformers on
torch, `engine.embedder.MiniLMEmbedder`), batched, no cache. memstream is timed end to end:
`ingest_many` (validate, redact, append to the log) and `flush` (decide, embed records, fold, commit),
with the engine's default embedder (`--embedder torch|onnx-int8` hands `open` that embedder).

Stage shares come from a second, profiled pass over the same turns in a fresh process (an empty
embedding cache, a new directory). cProfile slows Python code, so the profiled pass is slower than the
plain one and its shares lean toward Python-heavy stages; they say where time goes, not how long.
They are the deciding thread's: the warm-up that embeds a chunk of turns ahead runs on a thread of
its own, and counts only where deciding waited for it.

The plain pass also counts the texts the model embeds (records, and what deciding compares by
meaning) and runs those texts through the model again alone, in one batch over every core: the
turns/s of that run is a ceiling no change to deciding's Python can pass (the pass embeds many of
them one or two at a time, which is slower still), only embedding fewer texts or embedding faster.
"""
from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: Stage -> the functions whose time (entered from outside the stage) it counts: (path suffix, name).
STAGES: dict[str, list[tuple[str, str]]] = {
    "guard and redaction": [("engine/guard.py", "validate_turn"), ("engine/guard.py", "redact_turn"),
                            ("engine/guard.py", "redact_speaker")],
    "embedding": [("engine/embedder.py", "embed"), ("engine/embedder.py", "_encode")],
    "log (encode, seal, keys, write)": [("streams/codec.py", "encode_event"), ("streams/log.py", "append"),
                                        ("streams/keystore.py", "persist")],
    "state (commit, load)": [("streams/statestore.py", "commit"), ("streams/statestore.py", "load_subject"),
                             ("streams/statestore.py", "load_vectors")],
    "deciding (with its embedding)": [("engine/processor.py", "decide_turn"), ("engine/processor.py", "warm_up")],
    "projector (fold)": [("engine/projector.py", "apply")],
    # cProfile sees the thread it was enabled on: the warm-up a chunk ahead (streams.warm_ahead) runs
    # on a thread of its own, and shows here as the time deciding waited for it
    "waiting for the warm-up ahead": [("streams/warm_ahead.py", "reach")],
}
#: Embedding calls made by the runtime for new records (the rest is deciding's).
RECORD_EMBEDDING_CALLERS = [("streams/embedded.py", "_embed_new"), ("streams/embedded.py", "vectors")]

Func = tuple[str, int, str]


def _matches(func: Func, patterns: list[tuple[str, str]]) -> bool:
    path, _, name = func
    path = path.replace(os.sep, "/")
    return any(path.endswith(suffix) and name == fname for suffix, fname in patterns)


def entry_time(stats: dict, patterns: list[tuple[str, str]]) -> float:
    """Cumulative seconds spent in the matching functions, counting only calls from outside them
    (so a matching function that calls another is not counted twice). `stats` is pstats.Stats.stats:
    {func: (cc, nc, tottime, cumtime, {caller: (cc, nc, tottime, cumtime)})}."""
    total = 0.0
    for func, (_, _, _, cum, callers) in stats.items():
        if not _matches(func, patterns):
            continue
        if not callers:
            total += cum
            continue
        total += sum(c[3] for caller, c in callers.items() if not _matches(caller, patterns))
    return total


def time_called_from(stats: dict, patterns: list[tuple[str, str]], callers_of: list[tuple[str, str]]) -> float:
    """Cumulative seconds of the matching functions in calls made directly by `callers_of`."""
    total = 0.0
    for func, (_, _, _, _, callers) in stats.items():
        if _matches(func, patterns):
            total += sum(c[3] for caller, c in callers.items() if _matches(caller, callers_of))
    return total


def attribute(stats: dict, total_s: float) -> dict[str, float]:
    """Seconds by stage; deciding's own embedding is moved to "embedding", the rest is "other"."""
    out = {stage: entry_time(stats, patterns) for stage, patterns in STAGES.items()}
    embedding = out["embedding"]
    for_records = time_called_from(stats, STAGES["embedding"], RECORD_EMBEDDING_CALLERS)
    deciding_embedding = max(0.0, embedding - for_records)
    decide = out.pop("deciding (with its embedding)")
    out["deciding (without embedding)"] = max(0.0, decide - deciding_embedding)
    # The projector runs inside deciding too (derived events are folded as they are decided): not
    # separated, as its share is small; "other" is what no stage names (event models, the facade ...).
    out["other"] = max(0.0, total_s - sum(out.values()))
    return out


# -- turns -------------------------------------------------------------------------------------------
def load_turns(data: Path | None, n: int, subjects: int) -> tuple[list[dict], str]:
    if data is None:
        from bench.synth import turns as synth_turns

        return synth_turns(n, subjects=subjects), f"synthetic: {n} turns, {subjects} subjects"
    from bench.quality.locomo import find_conversations, load_conversation

    paths = find_conversations(data)
    if not paths:
        raise SystemExit(f"no LoCoMo conversations (*.json) in {data}")
    turns: list[dict] = []
    for p in paths:
        turns.extend(load_conversation(p).turns())
    return turns, f"LoCoMo {data.name}: {len(paths)} conversations, {len(turns)} turns"


def _warm_up(engine) -> None:
    """Loads the model, the kind classifier and lazy imports outside the timed part, through a
    subject and texts the timed turns never use."""
    engine.ingest_many([
        {"tenant_id": "warmup", "user_id": "w", "session_id": "w", "turn_id": f"w{i}", "role": "user",
         "speaker": "Wendel", "text": text, "occurred_at": "2020-01-01T00:00:00Z"}
        for i, text in enumerate(["I am warming up the benchmark kettle.", "Please forget the kettle."])])
    engine.flush()


def run_engine(turns: list[dict], batch: int, embedder: str | None, profile: bool) -> dict:
    from engine import MemoryEngine

    tmp = Path(tempfile.mkdtemp(prefix="memstream-bench-"))
    out: dict = {}
    try:
        with MemoryEngine.open(tmp / "data", embedder=embedder) as engine:
            _warm_up(engine)
            # Every text the model runs on during the pass (the warm-up ahead and deciding both
            # reach it through the embedder's _encode): what embedding alone costs at this count is
            # a floor under the pass, whatever deciding costs besides.
            model = engine.runtime.embedder
            encode = model._encode
            encoded: list[str] = []
            model._encode = lambda texts: (encoded.extend(texts), encode(texts))[1]
            prof = cProfile.Profile() if profile else None
            try:
                t, cpu = time.perf_counter(), time.process_time()
                if prof:
                    prof.enable()
                for i in range(0, len(turns), batch):
                    engine.ingest_many(turns[i: i + batch])
                    engine.flush()
                if prof:
                    prof.disable()
                out["e2e_s"] = time.perf_counter() - t
                out["cpu_s"] = time.process_time() - cpu
            finally:
                del model._encode
            out["texts_embedded"] = len(encoded)
            if not profile:
                t = time.perf_counter()
                encode(encoded)  # the same texts through the model alone, as the pass runs them
                out["model_alone_s"] = time.perf_counter() - t
            stats = engine.stats()
            out.update(records_active=stats["records_active"], log_events=stats["log_events"],
                       embedder=type(engine.runtime.embedder).__name__, dead_letters=engine.dead_letter_count())
            if prof:
                ps = pstats.Stats(prof)
                out["stages"] = attribute(ps.stats, out["e2e_s"])
                import io

                buf = io.StringIO()
                ps.stream = buf
                ps.sort_stats("tottime").print_stats(20)
                out["top"] = buf.getvalue()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, help="a folder of LoCoMo conversations (default: synthetic turns)")
    ap.add_argument("--turns", type=int, default=5000, help="synthetic turns")
    ap.add_argument("--subjects", type=int, default=20, help="synthetic subjects")
    ap.add_argument("--batch", type=int, default=500, help="turns per ingest_many call")
    ap.add_argument("--embedder", choices=("torch", "onnx-int8"), help="engine setting (default: the engine's)")
    ap.add_argument("--no-profile", action="store_true", help="skip the profiled pass")
    ap.add_argument("--phase", choices=("profile",), help=argparse.SUPPRESS)
    ap.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    turns, what = load_turns(args.data, args.turns, args.subjects)

    if args.phase == "profile":
        args.out.write_text(json.dumps(run_engine(turns, args.batch, args.embedder, profile=True)))
        return 0

    from rich.console import Console
    from rich.table import Table

    from engine.embedder import MiniLMEmbedder

    console = Console(width=160)
    texts = [t["text"] for t in turns]
    raw = MiniLMEmbedder()
    raw.embed(["warm-up"], cache=False)  # load the model outside the timed part
    t = time.perf_counter()
    raw.embed(texts, cache=False)  # every turn text through the fp32 model, batched, no cache
    raw_s = time.perf_counter() - t
    del raw

    plain = run_engine(turns, args.batch, args.embedder, profile=False)
    e2e_s = plain["e2e_s"]
    prof = None
    if not args.no_profile:
        fd, path = tempfile.mkstemp(suffix=".json")
        os.close(fd)
        cmd = [sys.executable, "-m", "bench.ingest", "--phase", "profile", "--out", path, "--batch", str(args.batch)]
        cmd += ["--data", str(args.data)] if args.data else ["--turns", str(args.turns), "--subjects", str(args.subjects)]
        cmd += ["--embedder", args.embedder] if args.embedder else []
        subprocess.run(cmd, check=True)
        prof = json.loads(Path(path).read_text())
        Path(path).unlink(missing_ok=True)

    table = Table(title=f"ingest: {what}, batches of {args.batch}")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("fp32 embedder alone (MiniLMEmbedder, torch), every turn text (turns/s)", f"{len(texts) / raw_s:,.1f}")
    table.add_row(f"memstream end to end, embedder {plain['embedder']} (turns/s)", f"{len(turns) / e2e_s:,.1f}")
    table.add_row("end to end / embedder alone (target >= 4x)", f"{raw_s / e2e_s:.2f}x")
    table.add_row("process CPU during the pass / its wall time (cores busy)", f"{plain['cpu_s'] / e2e_s:.2f}")
    table.add_row("texts the model embedded during the pass (a turn)",
                  f"{plain['texts_embedded']:,} ({plain['texts_embedded'] / len(turns):.2f})")
    table.add_row("the model alone on those texts (turns/s: the pass's ceiling)",
                  f"{len(turns) / plain['model_alone_s']:,.1f}")
    table.add_row("active records / log events", f"{plain['records_active']:,} / {plain['log_events']:,}")
    table.add_row("distinct turn texts", f"{len(set(texts)):,}")
    table.add_row("dead letters (entries processing set aside: should be 0)", f"{plain['dead_letters']:,}")
    console.print(table)
    if prof:
        st = Table(title=f"where the time goes: profiled pass {prof['e2e_s']:.1f}s against {e2e_s:.1f}s plain "
                         f"(cProfile slows Python code; shares, not durations)")
        st.add_column("stage")
        st.add_column("profiled s", justify="right")
        st.add_column("share", justify="right")
        for stage, secs in sorted(prof["stages"].items(), key=lambda kv: -kv[1]):
            st.add_row(stage, f"{secs:.1f}", f"{secs / prof['e2e_s']:.0%}")
        console.print(st)
        print(prof["top"])
    line = "python -m bench.ingest " + (f"--data {args.data}" if args.data else
                                        f"--turns {args.turns} --subjects {args.subjects}")
    line += f" --batch {args.batch}" + (f" --embedder {args.embedder}" if args.embedder else "")
    console.print(f"reproduce: HF_HUB_OFFLINE=1 {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
