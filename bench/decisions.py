"""Memory decisions on natural wording: the cases of a decisions set, each through the facade.

    python -m bench.decisions [--data ../shared/datasets/decisions-dev] [--only negation,update] [--json]

Each case is a short conversation of one subject and an expectation a careful note-taker would meet
(see the set's README). Every case runs in a fresh data directory: sessions start on their `day`
after a fixed Monday, turns one minute apart, in file order; `job_summary` cases use a 3-message
window. Printed: pass rates per category and overall, and every failing case with what the engine
held (its active records, and what the check looked at).
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DATA = REPO.parent / "shared" / "datasets" / "decisions-dev"
#: Day 0 of every case: a Monday, mid-afternoon UTC.
START = datetime(2026, 3, 2, 14, 0, tzinfo=timezone.utc)
TENANT = "bench"

#: What carries a negation in a record or a context line.
NEGATION = re.compile(
    r"\b(?:no|not|never|none|nothing|nor|neither|without|avoids?|avoiding|cannot|can't|won't|don't|doesn't|"
    r"didn't|isn't|aren't|wasn't|mustn't|shouldn't|couldn't|refuses?|forbidden|banned|prohibited)\b|n't\b|"
    r"\b\w+-free\b",
    re.IGNORECASE,
)


@dataclass
class Outcome:
    case_id: str
    category: str
    passed: bool
    why: str = ""
    held: list[str] = field(default_factory=list)


def load_cases(data: Path) -> list[dict]:
    path = data / "cases.jsonl" if data.is_dir() else data
    if not path.exists():
        raise SystemExit(f"no cases at {path}; pass --data DIR (a folder with cases.jsonl)")
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def turns_of(case: dict) -> list[dict]:
    out, minute = [], defaultdict(int)
    for n, t in enumerate(case["turns"]):
        day = int(t["day"])
        at = START + timedelta(days=day, minutes=minute[t["session"]])
        minute[t["session"]] += 1
        out.append({"tenant_id": TENANT, "user_id": case["id"], "session_id": t["session"],
                    "turn_id": f"{t['session']}-{n:03d}", "role": t["role"], "speaker": t.get("speaker"),
                    "text": t["text"], "occurred_at": at.isoformat()})
    return out


def _search(pattern: str, text: str) -> bool:
    return re.search(pattern, text, re.IGNORECASE) is not None


def _lines(text: str) -> list[str]:
    return [ln for ln in text.splitlines() if ln.strip()]


def check(engine, case: dict, turns: list[dict]) -> Outcome:
    cat, exp, user = case["category"], case["expect"], case["id"]
    records = engine.records(TENANT, user)
    held = [f"[{r.kind}] {r.text}" for r in records]
    out = Outcome(case["id"], cat, False, held=held)
    last_session = turns[-1]["session_id"]
    # Reads happen right after the conversation (or the session) they ask about, not today.
    ends = {t["session_id"]: datetime.fromisoformat(t["occurred_at"]) + timedelta(minutes=1) for t in turns}
    now = ends[last_session]

    def ctx(session: str, query: str = "") -> list[str]:
        return _lines(engine.context(tenant_id=TENANT, user_id=user, session_id=session, query=query,
                                     budget_tokens=400, now=ends.get(session, now), record_use=False).text)

    def recall(query: str, k: int = 10, session: str | None = None) -> list[str]:
        return [h.text for h in engine.recall(tenant_id=TENANT, user_id=user, query=query, k=k,
                                              now=ends.get(session, now), record_use=False)]

    if cat == "negation":
        key = exp["key"].lower()
        bad = [r.text for r in records if key in (r.text or "").lower() and not NEGATION.search(r.text or "")]
        bad += [ln for ln in ctx(last_session, exp["query"]) if key in ln.lower() and not NEGATION.search(ln)]
        out.passed, out.why = not bad, f"without its negation: {bad}" if bad else ""
    elif cat == "update":
        top = recall(exp["query"], k=1)
        ok = bool(top) and exp["top1_has"] in top[0].lower()
        why = [] if ok else [f"top-1 recall is {top[0] if top else None!r}"]
        if exp.get("old"):
            stale = [r.text for r in records if exp["old"] in (r.text or "").lower()
                     and exp["top1_has"] not in (r.text or "").lower()]
            if stale:
                ok, why = False, why + [f"old value still active: {stale}"]
        out.passed, out.why = ok, "; ".join(why)
    elif cat == "duplicate":
        n = sum(1 for r in records if _search(exp["pattern"], r.text or ""))
        out.passed = 1 <= n <= exp["max_active"]
        out.why = "" if out.passed else f"{n} active records match (want 1..{exp['max_active']})"
    elif cat == "constraint":
        kinds = [r.kind for r in records if _search(exp["pattern"], r.text or "")]
        out.passed = exp["kind"] in kinds
        out.why = "" if out.passed else f"matching records have kinds {kinds}"
    elif cat == "forget":
        words = " ".join(re.findall(r"[a-z0-9]+", exp["gone"].replace("|", " ")))
        seen = [r.text for r in records if _search(exp["gone"], r.text or "")]
        seen += [ln for q in ("", words) for ln in ctx(last_session, q) if _search(exp["gone"], ln)]
        ok, why = not seen, ([f"still there: {seen}"] if seen else [])
        if exp.get("keep") and not any(_search(exp["keep"], r.text or "") for r in records):
            ok, why = False, why + ["the memory to keep is gone too"]
        out.passed, out.why = ok, "; ".join(why)
    elif cat == "secret":
        value = exp["value"].lower()
        places = {"records": [r.text or "" for r in engine.records(TENANT, user, include_inactive=True)]}
        queries = [t["text"].replace(exp["value"], "") for t in turns if t["role"] == "user"]
        places["recall"] = [x for q in queries for x in recall(q)]
        places["context"] = [x for q in ["", *queries] for x in ctx(last_session, q)]
        places["summary"] = [x for s in {t["session_id"] for t in turns}
                             for x in engine.summary(TENANT, user, s)]
        leaks = [f"{where}: {x!r}" for where, xs in places.items() for x in xs if value in x.lower()]
        out.passed, out.why = not leaks, "; ".join(leaks)
    elif cat == "day_scope":
        later = exp["later_session"]
        seen = [ln for ln in ctx(later, exp["query"]) if _search(exp["pattern"], ln)]
        seen += [x for x in recall(exp["query"], session=later) if _search(exp["pattern"], x)]
        out.passed, out.why = not seen, f"still served: {seen}" if seen else ""
    elif cat == "job_summary":
        summary = engine.summary(TENANT, user, last_session)
        text = "\n".join(summary)
        missing = [p for p in exp["summary_has"] if not _search(p, text)]
        out.passed, out.why = not missing, f"summary lacks {missing}" if missing else ""
        out.held = [f"summary: {x}" for x in summary] + held
    elif cat == "consolidation":
        kinds = [r.kind for r in records if _search(exp["pattern"], r.text or "")]
        out.passed = any(k != exp["kind_not"] for k in kinds)
        out.why = "" if out.passed else f"matching records have kinds {kinds}"
    else:
        out.why = f"unknown category {cat!r}"
    return out


def run_case(case: dict, embedder) -> Outcome:
    from engine import MemoryEngine

    turns = turns_of(case)
    settings = {"sync_writes": False}
    if "window_max_messages" in case["expect"]:
        settings["window_max_messages"] = case["expect"]["window_max_messages"]
    with tempfile.TemporaryDirectory(prefix="memstream-decisions-") as tmp:
        with MemoryEngine.open(Path(tmp) / "data", embedder=embedder, **settings) as engine:
            engine.ingest_many(turns)
            engine.flush()
            return check(engine, case, turns)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.decisions", description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--only", default="", help="comma-separated categories or case ids")
    ap.add_argument("--json", action="store_true", help="one JSON object per case instead of tables")
    args = ap.parse_args(argv)

    from engine.embedder import shared_embedder

    cases = load_cases(args.data)
    if args.only:
        wanted = {w.strip() for w in args.only.split(",") if w.strip()}
        cases = [c for c in cases if c["category"] in wanted or c["id"] in wanted]
    from engine.settings import Settings

    embedder = shared_embedder(Settings().embedder)  # MEMSTREAM_EMBEDDER=torch for the fp32 model
    started = time.perf_counter()
    outcomes = [run_case(c, embedder) for c in cases]
    took = time.perf_counter() - started
    if args.json:
        for o in outcomes:
            print(json.dumps(o.__dict__))
        return 0
    by_cat: dict[str, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        by_cat[o.category].append(o)
    print(f"memory decisions: {len(outcomes)} cases from {args.data} in {took:.0f} s")
    print(f"{'category':<15}{'passed':>8}{'cases':>7}")
    for cat, os_ in by_cat.items():
        print(f"{cat:<15}{sum(o.passed for o in os_):>8}{len(os_):>7}")
    passed = sum(o.passed for o in outcomes)
    print(f"{'overall':<15}{passed:>8}{len(outcomes):>7}   {100 * passed / max(1, len(outcomes)):.1f}%")
    failing = [o for o in outcomes if not o.passed]
    if failing:
        print("\nfailing cases:")
    for o in failing:
        print(f"- {o.case_id}: {o.why}")
        for line in o.held[:12]:
            print(f"    {line}")
    print(f"\nreproduce: python -m bench.decisions --data {args.data}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
