"""What linking echoes costs on ingest: one subject's long conversation in which every statement is
acknowledged by the assistant in words of its own (the case where each turn shares words with
memories, so echo checks embed its sentences), in turns/s per block of 200 turns as it grows.

    python -m bench.echo_cost [--turns 3000]

Synthetic text: a friend's name and a hobby per statement. Prints figures; asserts nothing.
"""
from __future__ import annotations

import argparse
import random
import shutil
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

HOBBIES = ("apple river garden violin tennis paris rome sushi curry hiking chess poetry jazz salsa kayak "
           "pottery yoga baking cycling opera").split()
T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)


def _turn(i: int, text: str, role: str = "user") -> dict:
    return {"tenant_id": "t", "user_id": "u", "session_id": f"s{i // 40}", "turn_id": f"t{i}", "role": role,
            "text": text, "occurred_at": (T0 + timedelta(minutes=i)).isoformat()}


def main() -> None:
    from engine import MemoryEngine

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=3000)
    args = ap.parse_args()
    rng = random.Random(1)
    tmp = Path(tempfile.mkdtemp(prefix="memstream-echo-cost-"))
    try:
        with MemoryEngine.open(tmp / "d") as engine:
            i, rates, start = 0, [], time.perf_counter()
            while i < args.turns:
                batch = []
                for _ in range(100):
                    hobby, name = rng.choice(HOBBIES), f"Zor{i:04d}"
                    batch.append(_turn(i, f"My friend {name} loves {hobby} and we meet every week."))
                    batch.append(_turn(i + 1, f"Nice, {name} and {hobby} sound fun!", "assistant"))
                    i += 2
                t = time.perf_counter()
                engine.ingest_many(batch)
                engine.flush()
                rates.append(len(batch) / (time.perf_counter() - t))
                print(f"turns {i:,}: last {len(batch)} at {rates[-1]:,.0f} turns/s", flush=True)
            total = time.perf_counter() - start
        print(f"echo cost: {i:,} turns in {total:.1f}s ({i / total:,.0f} turns/s); last quarter "
              f"{sum(rates[-len(rates) // 4:]) / max(1, len(rates) // 4):,.0f} turns/s")
        print(f"reproduce: HF_HUB_OFFLINE=1 python -m bench.echo_cost --turns {args.turns}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
