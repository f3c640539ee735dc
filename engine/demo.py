"""`memstream demo`: one short conversation through the whole engine, on the embedded runtime."""
from __future__ import annotations

import shutil
from datetime import datetime, timedelta, timezone
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

TENANT, USER = "demo-tenant", "ada"


def _conversation() -> list[dict]:
    t0 = datetime(2026, 11, 2, 9, 0, tzinfo=timezone.utc)
    lines = [
        ("s1", "user", "Hi there!"),
        ("s1", "assistant", "Hello! How can I help you today?"),
        ("s1", "user", "I prefer Python examples over Java ones."),
        ("s1", "user", "I'm allergic to peanuts, so never suggest recipes with them."),
        ("s1", "assistant", "Understood. Python examples, and no peanuts. A list comprehension builds a list in one expression."),
        ("s1", "user", "For this session, answer in French please."),
        ("s1", "user", "My deploy key is sk-proj-9fQ2xLmN8vR4tY6uI0oP3aS5dF7gH1jK and my password is hunter22."),
        ("s1", "user", "Yesterday I went hiking at Mount Tam with my sister."),
        ("s1", "user", "I prefer Python examples over Java ones."),
        ("s1", "assistant", "Got it."),
        ("s1", "user", "We decided to use Postgres for the billing service."),
        ("s2", "user", "Hello again. I live in Lisbon now."),
        ("s2", "user", "Actually, I prefer Rust examples these days."),
    ]
    return [
        {"tenant_id": TENANT, "user_id": USER, "session_id": s, "turn_id": f"t{i + 1}", "role": role,
         "speaker": "Ada" if role == "user" else None, "text": text,
         "occurred_at": (t0 + timedelta(minutes=2 * i) + (timedelta(days=1) if s == "s2" else timedelta())).isoformat()}
        for i, (s, role, text) in enumerate(lines)
    ]


def _records_table(engine, title: str) -> Table:
    table = Table(title=title)
    for col in ("kind", "text", "source", "conf", "imp", "expires", "tier", "turns"):
        table.add_column(col, no_wrap=col != "text", overflow="fold")
    for r in engine.records(TENANT, USER, include_inactive=True):
        table.add_row(r.kind, escape(r.text or "(shredded)"), r.source, f"{r.confidence:.2f}", f"{r.importance:.2f}",
                      r.expires_at.strftime("%Y-%m-%d %H:%M") if r.expires_at else "-", r.tier,
                      ",".join(r.source_turn_ids))
    return table


def run_demo(data_dir: Path, console: Console) -> int:
    from engine import MemoryEngine

    if not console.is_terminal:
        console = Console(width=150)
    marker = data_dir / ".memstream-demo"
    if data_dir.exists() and any(data_dir.iterdir()):
        if not marker.exists():
            console.print(f"[red]{data_dir} is not empty and was not made by the demo; "
                          "pass --data-dir with a new directory")
            return 2
        shutil.rmtree(data_dir)
    data_dir.mkdir(parents=True, exist_ok=True)
    marker.write_text("made by `memstream demo`; the next demo run replaces this directory\n")
    console.rule("memstream demo (embedded runtime)")
    console.print(f"data directory: {data_dir}")
    turns = _conversation()
    s1 = [t for t in turns if t["session_id"] == "s1"]
    s2 = [t for t in turns if t["session_id"] == "s2"]
    in_s1 = datetime(2026, 11, 2, 9, 30, tzinfo=timezone.utc)
    in_s2 = datetime(2026, 11, 3, 10, 0, tzinfo=timezone.utc)
    with MemoryEngine.open(data_dir, window_budget_tokens=60, window_max_messages=6) as engine:
        engine.ingest_many(s1)
        engine.flush()
        console.print(f"\n[bold]session s1[/]: {len(s1)} turns (secrets are redacted before anything is written)")
        console.print(_records_table(engine, "memory records after s1"))
        console.print("[bold]running summary of s1[/] (what left its window):")
        for line in engine.summary(TENANT, USER, "s1"):
            console.print(f"  - {escape(line)}")
        ctx = engine.context(tenant_id=TENANT, user_id=USER, session_id="s1", query="code examples",
                             budget_tokens=200, now=in_s1)
        console.print(f"\n[bold]context[/] in s1 for 'code examples', 200-token budget: {ctx.tokens} tokens, "
                      f"sources {ctx.sources}, {len(ctx.omitted)} omitted")
        console.print(escape(ctx.text))

        engine.ingest_many(s2)
        engine.flush()
        console.print(f"\n[bold]session s2[/] (next day): {len(s2)} turns. The 'for this session' instruction "
                      "expired; the correction superseded the old preference (kept for audit).")
        console.print(_records_table(engine, "memory records after s2"))
        console.print("\n[bold]recall[/] in s2: 'what should I cook for Ada?'")
        for h in engine.recall(tenant_id=TENANT, user_id=USER, query="what should I cook for Ada?", k=3,
                               session_id="s2", now=in_s2):
            console.print(f"  {h.score:.3f} \\[{h.kind}] {escape(h.text)}  (turns {', '.join(h.source_turn_ids)})")
        summary = engine.session_summary(tenant_id=TENANT, user_id=USER, session_id="s1", budget_tokens=80,
                                         now=in_s2)
        console.print(f"\n[bold]session summary[/] of s1 (computed from the active records, {summary.tokens} tokens):")
        console.print(escape(summary.text))
        profile = engine.profile(tenant_id=TENANT, user_id=USER, now=in_s2)
        console.print(f"\n[bold]user profile[/] ({profile.tokens} tokens):")
        console.print(escape(profile.text))
        [where] = engine.recall(tenant_id=TENANT, user_id=USER, query="where does Ada live?", k=1,
                                session_id="s2", now=in_s2)
        console.print(f"\n[bold]recall[/] in s2: 'where does Ada live?' -> {escape(where.text)}")
        forgotten = engine.forget(tenant_id=TENANT, user_id=USER, session_id="s2")
        console.print(f"[bold]forget that[/] (the memory just recalled in s2): forgot {forgotten}; its key "
                      "and its source turn's key are destroyed")
        later = datetime(2027, 6, 1, tzinfo=timezone.utc)
        counts = engine.sweep(later)
        console.print(f"\n[bold]sweep[/] at {later:%Y-%m-%d}: {counts}")
        console.print(_records_table(engine, "after forget and sweep"))
        digest = engine.view_digest()
    console.print(f"\nview digest: {digest}")
    console.print(f"verify with: memstream --data-dir {data_dir} replay --verify")
    return 0
