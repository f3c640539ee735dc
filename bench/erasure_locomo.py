"""How much a forget shreds beyond a memory's source turns on real conversations (LoCoMo).

    python -m bench.erasure_locomo --data ../shared/datasets/locomo-dev [--per 10] [--seed 7] [--show]
        [--set echo_similarity=0.7 ...]

Ingests each conversation, forgets `--per` records picked at random (seeded), one by one, and counts
the turns each forget shredded that are not the source of a record it forgot (echoes, said by either
speaker). `--show` prints each such turn next to the forgotten record, to judge by eye which are
echoes and which are over-forgetting.
"""
from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, required=True)
    ap.add_argument("--per", type=int, default=10, help="records forgotten per conversation")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--show", action="store_true")
    ap.add_argument("--set", action="append", default=[], help="a setting, name=value (repeatable)")
    args = ap.parse_args(argv)
    settings = {k: float(v) for k, _, v in (s.partition("=") for s in args.set)}
    from bench.quality.locomo import find_conversations, load_conversation
    from engine import MemoryEngine

    paths = find_conversations(args.data)
    if not paths:
        raise SystemExit(f"no LoCoMo conversations (*.json) in {args.data}")
    tmp = Path(tempfile.mkdtemp(prefix="memstream-erasure-"))
    total_turns = extra_total = forgotten_total = cascaded_total = linked_total = 0
    try:
        for path in paths:
            conv = load_conversation(path)
            turns = conv.turns()
            text_of = {t["turn_id"]: (t["speaker"], t["text"]) for t in turns}
            with MemoryEngine.open(tmp / conv.name, **settings) as engine:
                engine.ingest_many(turns)
                engine.flush()
                tenant = turns[0]["tenant_id"]
                records = sorted(engine.records(tenant, conv.user_id), key=lambda r: r.memory_id)
                linked = sum(1 for e in engine.runtime.events(0) if e.type == "memory_echoed")
                rng = random.Random(f"{args.seed}-{conv.name}")
                picked = rng.sample(records, min(args.per, len(records)))
                extra = 0
                for rec in picked:
                    if rec.memory_id not in {r.memory_id for r in engine.records(tenant, conv.user_id,
                                                                                 include_inactive=True)}:
                        continue
                    gone = {r.memory_id: r for r in engine.records(tenant, conv.user_id, include_inactive=True)}
                    n_events = sum(1 for _ in engine.runtime.events(0))
                    ids = engine.forget(tenant_id=tenant, user_id=conv.user_id, memory_id=rec.memory_id)
                    forgotten_total += 1
                    cascaded_total += len(ids) - 1
                    events = [e for e in engine.runtime.events(n_events) if e.type == "memory_forgotten"]
                    sources = {s.turn_id for m in ids if m in gone for s in gone[m].sources}
                    shredded = {t.turn_id for e in events for t in e.payload.shredded_turns}
                    beyond = sorted(shredded - sources)
                    extra += len(beyond)
                    if args.show and (beyond or len(ids) > 1):
                        print(f"\n[{conv.name}] forgot {rec.text!r}")
                        for m in ids[1:]:
                            print(f"    with record {gone[m].text!r}")
                        for turn_id in beyond:
                            speaker, text = text_of.get(turn_id, ("?", "?"))
                            print(f"    + {turn_id} {speaker}: {text[:150]!r}")
                total_turns += len(turns)
                extra_total += extra
                linked_total += linked
                print(f"{conv.name}: {len(turns)} turns, {len(records)} records, {linked} echo links at ingest; "
                      f"forgot {len(picked)} picked records: {extra} turns shredded beyond their sources")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"total: {total_turns} turns; {forgotten_total} forgets (+{cascaded_total} records with them); "
          f"{extra_total} turns shredded beyond sources; {linked_total} echo links made at ingest")
    return 0


if __name__ == "__main__":
    sys.exit(main())
