"""Runs the memory-quality benchmark: ingest each conversation through the facade, ask every
question, score the engine's context against raw-turn baselines with the same budget."""
from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from bench.quality.baselines import RawTurns
from bench.quality.locomo import TENANT, Conversation
from bench.quality.metrics import contains_answer, coverage, mean, recall_any

SYSTEMS = ("memstream", "dense", "bm25", "rrf")
COVERAGE_CATEGORIES = (1, 2, 4)
RECALL_CATEGORIES = (1, 2, 3, 4)


@dataclass
class Scores:
    """Per-question figures, by system: None where a figure does not apply."""

    conversation: str
    category: int
    coverage: dict[str, float | None] = field(default_factory=dict)
    r5: dict[str, float | None] = field(default_factory=dict)
    r10: dict[str, float | None] = field(default_factory=dict)
    adversarial: dict[str, bool | None] = field(default_factory=dict)


@dataclass
class Storage:
    conversation: str
    turns: int
    raw_tokens: int
    record_tokens: int
    summary_tokens: int
    records: int
    raw_doc_tokens: int = 0   # the raw baselines' documents: "(date) Speaker: text" per turn


    @property
    def view_tokens(self) -> int:
        return self.record_tokens + self.summary_tokens


@dataclass
class Report:
    scores: list[Scores]
    storage: list[Storage]
    budget_tokens: int
    max_words: int

    def coverage(self, system: str, categories: Iterable[int]) -> tuple[float | None, int]:
        vals = [s.coverage.get(system) for s in self.scores if s.category in set(categories)]
        vals = [v for v in vals if v is not None]
        return mean(vals), len(vals)

    def recall(self, system: str, k: int, categories: Iterable[int]) -> tuple[float | None, int]:
        cats = set(categories)
        vals = [(s.r5 if k == 5 else s.r10).get(system) for s in self.scores if s.category in cats]
        vals = [v for v in vals if v is not None]
        return mean(vals), len(vals)

    def adversarial(self, system: str) -> tuple[float | None, int]:
        vals = [s.adversarial.get(system) for s in self.scores if s.category == 5]
        vals = [float(v) for v in vals if v is not None]
        return mean(vals), len(vals)

    @property
    def raw_tokens(self) -> int:
        return sum(s.raw_tokens for s in self.storage)

    @property
    def view_tokens(self) -> int:
        return sum(s.view_tokens for s in self.storage)

    @property
    def raw_doc_tokens(self) -> int:
        return sum(s.raw_doc_tokens for s in self.storage)


Progress = Callable[[str, int], None]


def evaluate(conversations: list[Conversation], *, budget_tokens: int = 400, max_words: int = 300,
             embedder=None, work_dir: Path | None = None, engine_settings: dict | None = None,
             on_start: Callable[[str, int, int], None] | None = None,
             advance: Callable[[str], None] | None = None) -> Report:
    """`on_start(name, turns, questions)` and `advance(stage)` ("turn" / "question") report progress."""
    from engine import MemoryEngine
    from engine.embedder import shared_embedder
    from engine.tokens import count_tokens_many

    from engine.settings import Settings

    # The embedder the engine settings name (MEMSTREAM_EMBEDDER), for memstream and the raw MiniLM baseline alike.
    embedder = embedder or shared_embedder(Settings(**(engine_settings or {})).embedder)
    tmp = Path(tempfile.mkdtemp(prefix="memstream-quality-", dir=work_dir))
    scores: list[Scores] = []
    storage: list[Storage] = []
    try:
        settings = {"sync_writes": False, **(engine_settings or {})}
        with MemoryEngine.open(tmp / "data", embedder=embedder, **settings) as engine:
            for conv in conversations:
                turns = conv.turns()
                if on_start:
                    on_start(conv.name, len(turns), len(conv.questions))
                for i in range(0, len(turns), 50):
                    batch = turns[i:i + 50]
                    engine.ingest_many(batch)
                    engine.flush()
                    if advance:
                        for _ in batch:
                            advance("turn")
                units = conv.raw_units()  # dated turns: what the baselines index, rank and pack
                raw = RawTurns(units, embedder.embed([t for _, t in units]))
                # The view's size: its active records and every session's running summary, read
                # through the facade (records(), summary()).
                records = engine.records(TENANT, conv.user_id)
                summary_lines = [line for n, _, _ in conv.sessions
                                 for line in engine.summary(TENANT, conv.user_id, f"session_{n}")]
                storage.append(Storage(
                    conversation=conv.name, turns=len(turns),
                    raw_tokens=sum(count_tokens_many([t["text"] for t in turns])),
                    record_tokens=sum(count_tokens_many([r.text or "" for r in records])),
                    summary_tokens=sum(count_tokens_many(summary_lines)),
                    records=len(records),
                    raw_doc_tokens=sum(raw.tokens),
                ))
                qvecs = embedder.embed([q.question for q in conv.questions], cache=False)
                for q, qvec in zip(conv.questions, qvecs):
                    scores.append(_ask(engine, conv, q, qvec, raw, budget_tokens, max_words))
                    if advance:
                        advance("question")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return Report(scores, storage, budget_tokens, max_words)


def _ask(engine, conv: Conversation, q, qvec, raw: RawTurns, budget_tokens: int, max_words: int) -> Scores:
    ctx = engine.context(tenant_id=TENANT, user_id=conv.user_id, query=q.question, budget_tokens=budget_tokens,
                         now=conv.end, record_use=False)
    hits = engine.recall(tenant_id=TENANT, user_id=conv.user_id, query=q.question, k=10, now=conv.end,
                         record_use=False)
    dense = raw.dense(qvec)
    bm25 = raw.bm25(q.question)
    rrf = RawTurns.fuse(dense, bm25)
    contexts = {"memstream": ctx.text}
    rankings = {"dense": dense, "bm25": bm25, "rrf": rrf}
    for name, ranking in rankings.items():
        contexts[name] = raw.pack(ranking, budget_tokens)
    turn_lists = {"memstream": [h.source_turn_ids for h in hits]}
    turn_lists.update({name: raw.turn_ids(r, 10) for name, r in rankings.items()})
    s = Scores(conv.name, q.category)
    for system in SYSTEMS:
        if q.category == 5:
            answer = q.adversarial_answer if q.adversarial_answer is not None else q.answer
            s.adversarial[system] = contains_answer(answer, contexts[system], max_words) if answer else None
        elif q.answer is not None:
            s.coverage[system] = coverage(q.answer, contexts[system], max_words)
        s.r5[system] = recall_any(q.evidence, turn_lists[system], 5)
        s.r10[system] = recall_any(q.evidence, turn_lists[system], 10)
    return s
