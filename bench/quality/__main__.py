"""Memory quality on LoCoMo conversations: memstream's context against raw-turn retrieval.

    python -m bench.quality [--data ../shared/datasets/locomo-dev] [--budget 400] [--only 26,30]

For each conversation every session is ingested through the facade (session dates as occurred_at,
dia_id as turn_id, both speakers' turns, photo captions as text; the dataset's own observations and
summaries are never read). Then every question asks `context(..., budget_tokens=400)` and
`recall(k=10)`, and the same budget is given to three raw-turn baselines (MiniLM, BM25, their RRF)
whose units are the turns with their session's date, "(8 May 2023) Speaker: text".
Printed, memstream and the baselines side by side: answer-token coverage (categories 1, 2, 4),
evidence recall_any@5/@10, how often the context holds the adversarial answer (category 5), and the
view size: tokens of the engine's active records plus its running session summaries, against the
raw turns. Engine settings come from MEMSTREAM_* variables; the reproduce line repeats them.
"""
from __future__ import annotations

import argparse
import os
import shlex
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from bench.quality.locomo import CATEGORIES, find_conversations, load_conversation
from bench.quality.run import COVERAGE_CATEGORIES, RECALL_CATEGORIES, SYSTEMS, Report, evaluate

REPO = Path(__file__).resolve().parents[2]
DEFAULT_DATA = REPO.parent / "shared" / "datasets" / "locomo-dev"
LABELS = {"memstream": "memstream", "dense": "raw MiniLM", "bm25": "raw BM25", "rrf": "raw RRF"}
NOTES = (
    'raw baselines: one unit per turn, "(8 May 2023) Speaker: text" (its session\'s date, the speaker, the '
    "words, a photo's caption), the same text indexed, ranked, packed into the context and scored",
    "view size: tokens of memstream's active view = its active records (engine.records) + the running "
    "summaries of every session (engine.summary); raw tokens = the turns' text alone (no speakers, no dates)",
)


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"


def render(report: Report, console: Console) -> None:
    cov = Table(title=f"answer-token coverage (context of {report.budget_tokens} tokens, "
                      f"capped at {report.max_words} words)")
    cov.add_column("category")
    cov.add_column("questions", justify="right")
    for s in SYSTEMS:
        cov.add_column(LABELS[s], justify="right")
    for cat in COVERAGE_CATEGORIES:
        n = report.coverage("memstream", [cat])[1]
        cov.add_row(f"{cat} {CATEGORIES[cat]}", str(n), *(_pct(report.coverage(s, [cat])[0]) for s in SYSTEMS))
    n = report.coverage("memstream", COVERAGE_CATEGORIES)[1]
    cov.add_row("overall (1, 2, 4)", str(n), *(_pct(report.coverage(s, COVERAGE_CATEGORIES)[0]) for s in SYSTEMS),
                style="bold")
    console.print(cov)

    rec = Table(title="evidence recall_any@5 / @10 (turns behind the top-k records or raw turns)")
    rec.add_column("category")
    rec.add_column("questions", justify="right")
    for s in SYSTEMS:
        rec.add_column(f"{LABELS[s]} @5", justify="right")
        rec.add_column("@10", justify="right")
    for cats, label in [*(([c], f"{c} {CATEGORIES[c]}") for c in RECALL_CATEGORIES),
                        (list(RECALL_CATEGORIES), "overall (1-4)"), ([5], "5 adversarial")]:
        n = report.recall("memstream", 10, cats)[1]
        cells = []
        for s in SYSTEMS:
            cells += [_pct(report.recall(s, 5, cats)[0]), _pct(report.recall(s, 10, cats)[0])]
        rec.add_row(label, str(n), *cells, style="bold" if label.startswith("overall") else None)
    console.print(rec)

    adv = Table(title="category 5 (adversarial): contexts holding the adversarial answer (lower is better)")
    adv.add_column("questions", justify="right")
    for s in SYSTEMS:
        adv.add_column(LABELS[s], justify="right")
    adv.add_row(str(report.adversarial("memstream")[1]), *(_pct(report.adversarial(s)[0]) for s in SYSTEMS))
    console.print(adv)

    st = Table(title="view size: active records + running summaries, in tokens, against the raw turns")
    for col in ("conversation", "turns", "raw tokens", "records", "record tokens", "summary tokens", "view / raw"):
        st.add_column(col, justify="right")
    for s in report.storage:
        st.add_row(s.conversation, str(s.turns), f"{s.raw_tokens:,}", str(s.records), f"{s.record_tokens:,}",
                   f"{s.summary_tokens:,}", _pct(s.view_tokens / s.raw_tokens if s.raw_tokens else None))
    total_raw = report.raw_tokens
    st.add_row("all", str(sum(s.turns for s in report.storage)), f"{total_raw:,}",
               str(sum(s.records for s in report.storage)), f"{sum(s.record_tokens for s in report.storage):,}",
               f"{sum(s.summary_tokens for s in report.storage):,}",
               _pct(report.view_tokens / total_raw if total_raw else None), style="bold")
    console.print(st)

    ov = Table(title="overall: memstream against the raw baselines (stored: the view / the dated turns)")
    for col in ("system", "coverage (1, 2, 4)", "recall@5 (1-4)", "recall@10 (1-4)", "adversarial held (lower better)",
                "stored tokens"):
        ov.add_column(col, justify="right")
    for s in SYSTEMS:
        stored = report.view_tokens if s == "memstream" else report.raw_doc_tokens
        ov.add_row(LABELS[s], _pct(report.coverage(s, COVERAGE_CATEGORIES)[0]),
                   _pct(report.recall(s, 5, RECALL_CATEGORIES)[0]), _pct(report.recall(s, 10, RECALL_CATEGORIES)[0]),
                   _pct(report.adversarial(s)[0]), f"{stored:,}", style="bold" if s == "memstream" else None)
    console.print(ov)
    for note in NOTES:
        console.print(note, soft_wrap=True, highlight=False)


def reproduce_command(args: argparse.Namespace, environ: dict[str, str] | None = None) -> str:
    """The command line that gives the same figures: the options that differ from the defaults and
    the MEMSTREAM_* variables that change the engine's settings."""
    environ = os.environ if environ is None else environ
    from engine.settings import Settings

    fields = {f.upper() for f in Settings.model_fields}
    env = [f"{k}={shlex.quote(environ[k])}" for k in sorted(environ)
           if k.startswith("MEMSTREAM_") and k[len("MEMSTREAM_"):].upper() in fields]
    opts = []
    if args.data:
        opts.append(f"--data {shlex.quote(str(args.data))}")
    if args.budget != 400:
        opts.append(f"--budget {args.budget}")
    if args.words != 300:
        opts.append(f"--words {args.words}")
    if args.only:
        opts.append(f"--only {shlex.quote(args.only)}")
    return " ".join([*env, "python -m bench.quality", *opts])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.quality", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=None,
                    help=f"folder of LoCoMo conversation files (default {DEFAULT_DATA})")
    ap.add_argument("--budget", type=int, default=400, help="context budget in tokens (default 400)")
    ap.add_argument("--words", type=int, default=300, help="context cap in words for coverage (default 300)")
    ap.add_argument("--only", default="", help="comma-separated conversation names (file stems), e.g. 26,30")
    args = ap.parse_args(argv)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    # Piped into a file or a log, rich would squeeze the side-by-side tables into 80 columns.
    console = Console(width=None if sys.stdout.isatty() or "COLUMNS" in os.environ else 132)
    folder = args.data or DEFAULT_DATA
    paths = find_conversations(folder) if folder.is_dir() else []
    if args.only:
        wanted = {n.strip() for n in args.only.split(",") if n.strip()}
        paths = [p for p in paths if p.stem in wanted]
    if not paths:
        console.print(f"[yellow]skipped:[/] no LoCoMo conversations in {folder} (the folder is absent or holds "
                      "no *.json); the dataset is not part of the repository: put it there or pass --data PATH")
        return 0
    conversations = [load_conversation(p) for p in paths]
    started = time.perf_counter()
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console, transient=True) as progress:
        tasks: dict[str, int] = {}

        def on_start(name: str, turns: int, questions: int) -> None:
            for t in tasks.values():
                progress.remove_task(t)
            tasks["turn"] = progress.add_task(f"conversation {name}: ingest", total=turns)
            tasks["question"] = progress.add_task(f"conversation {name}: questions", total=questions)

        def advance(stage: str) -> None:
            progress.advance(tasks[stage])

        report = evaluate(conversations, budget_tokens=args.budget, max_words=args.words,
                          on_start=on_start, advance=advance)
    render(report, console)
    names = ",".join(c.name for c in conversations)
    cmd = reproduce_command(args)
    console.print(f"conversations {names}: {len(report.scores)} questions in {time.perf_counter() - started:.0f} s; "
                  f"reproduce: {cmd}", soft_wrap=True, highlight=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
