"""How fast a burst of turns is projected the way `memstream serve` projects it, side by side.

    python -m bench.project [--data ../shared/datasets/locomo-dev] [--turns 1500 --subjects 10]

The same turns are ingested into a fresh data directory, then projected three ways, each in a
process of its own (so each starts with an empty embedding cache, as a server does):

- `flush`: one `flush()`, which embeds what deciding the whole backlog needs in one batch;
- `steps, prepared`: the server's projector, rounds of `--round` (64) entries each taken in steps
  of `--step` (4) with `flush(limit=...)`, each round first prepared outside the lock
  (`MemoryEngine.prepare`);
- `steps`: the same steps without preparing, each step embedding for its own few turns.

Printed: seconds and turns/s for each, their ratio to `flush`, and whether the three views have the
same digest (they must: preparing changes no decision).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MODES = ("flush", "steps, prepared", "steps")


def _run(mode: str, data: Path | None, turns_n: int, subjects: int, round_: int, step: int) -> dict:
    from bench.ingest import _warm_up, load_turns
    from engine import MemoryEngine

    turns, what = load_turns(data, turns_n, subjects)
    with tempfile.TemporaryDirectory(prefix="memstream-bench-project-") as tmp:
        with MemoryEngine.open(Path(tmp) / "d") as engine:
            _warm_up(engine)
            engine.ingest_many(turns)
            t = time.perf_counter()
            if mode == "flush":
                engine.flush()
            else:
                while engine.pending():
                    if mode == "steps, prepared":
                        engine.prepare(round_)
                    handled = 0
                    while handled < round_ and (n := engine.flush(limit=step)):
                        handled += n
            seconds = time.perf_counter() - t
            return {"mode": mode, "what": what, "turns": len(turns), "seconds": seconds,
                    "digest": engine.view_digest()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.project", description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, help="a folder of LoCoMo conversations (default: synthetic turns)")
    ap.add_argument("--turns", type=int, default=1500, help="synthetic turns")
    ap.add_argument("--subjects", type=int, default=10, help="synthetic subjects")
    ap.add_argument("--round", type=int, default=64, help="entries a round (the server's project_slice)")
    ap.add_argument("--step", type=int, default=4, help="entries a step (the server's project_step)")
    ap.add_argument("--phase", choices=MODES, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.phase:
        print(json.dumps(_run(args.phase, args.data, args.turns, args.subjects, args.round, args.step)))
        return 0
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent), HF_HUB_OFFLINE="1")
    results = []
    for mode in MODES:
        cmd = [sys.executable, "-m", "bench.project", "--phase", mode, "--turns", str(args.turns),
               "--subjects", str(args.subjects), "--round", str(args.round), "--step", str(args.step)]
        if args.data:
            cmd += ["--data", str(args.data)]
        out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout
        results.append(json.loads(out.strip().splitlines()[-1]))
        print(f"{mode}: {results[-1]['seconds']:.1f} s", file=sys.stderr, flush=True)
    base = results[0]["seconds"]
    print(f"bench.project: {results[0]['what']}; rounds of {args.round} in steps of {args.step}; "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    print(f"{'projected by':<18}{'seconds':>9}{'turns/s':>10}{'/ flush':>9}")
    for r in results:
        print(f"{r['mode']:<18}{r['seconds']:>9.1f}{r['turns'] / r['seconds']:>10.1f}{r['seconds'] / base:>9.2f}")
    same = len({r["digest"] for r in results}) == 1
    print(f"same view digest in all three: {'yes' if same else 'NO'}")
    data = f" --data {args.data}" if args.data else f" --turns {args.turns} --subjects {args.subjects}"
    print(f"reproduce: HF_HUB_OFFLINE=1 python -m bench.project{data} --round {args.round} --step {args.step}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
