"""Per-subject state that the projector folds events into: the sessions' windows and running
summaries, and the memory records of the view. Plain dataclasses: this is the hot path."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime

from engine.neardup import NearDupIndex
from schemas.records import MemoryRecord


@dataclass(frozen=True)
class WindowTurn:
    turn_id: str
    role: str
    speaker: str | None
    text: str
    tokens: int
    occurred_at: datetime


@dataclass(frozen=True)
class SummaryItem:
    turn_id: str
    kind: str        # "preference" | "constraint" | "decision" | "correction" | "task" | "outcome" | "name" | "date" | "fact"
    text: str        # compressed, speaker-attributed line, dates resolved
    importance: float
    occurred_at: datetime


@dataclass
class SessionState:
    session_id: str
    window: list[WindowTurn] = field(default_factory=list)
    summary: list[SummaryItem] = field(default_factory=list)
    summary_tokens: int = 0
    last_memory_ids: list[str] = field(default_factory=list)
    last_cause: str | None = None
    last_at: datetime | None = None

    @property
    def window_tokens(self) -> int:
        return sum(t.tokens for t in self.window)


@dataclass
class SubjectState:
    tenant_id: str
    user_id: str
    records: dict[str, MemoryRecord] = field(default_factory=dict)
    sessions: dict[str, SessionState] = field(default_factory=dict)
    #: Ids of records that can expire (an expiry time or a session scope): checked on every turn,
    #: so the check must not scan every record.
    expiring: set[str] = field(default_factory=set)
    #: The subject's raw turns whose keys still live, by session: turn id -> when it was said (ids
    #: and times, never text). What retention (engine.retention) expires; forgets and expiries
    #: take turns out. Processor state, not part of the view: no digest includes it.
    raw_turns: dict[str, dict[str, datetime]] = field(default_factory=dict)
    #: True when `raw_turns` was folded from the subject's first event (a state loaded from a store
    #: that does not keep the index has it False: retention then reads the turns from the log).
    raw_turns_complete: bool = False
    #: Derived from `records`, not state of its own: their near-duplicate index, built on first use
    #: and kept current by the projector (engine.projector.apply), so a duplicate check reads postings.
    _duplicates: NearDupIndex | None = field(default=None, repr=False, compare=False)
    #: Derived too, built on first use and kept current as records change (each value's
    #: `records_changed`; one without it is dropped): how many records hold each term, which
    #: records each turn is a source of, engine.erasure's index of the records.
    _derived: dict = field(default_factory=dict, repr=False, compare=False)

    def derived(self) -> dict:
        """Values derived from `records`, kept current by `records_changed`."""
        return self._derived

    def term_counts(self, term_set) -> tuple[Counter, int]:
        """(records holding each term, records with text); `term_set` splits a text into terms.
        The caller must not change the counter."""
        counts = self._derived.get("term_counts")
        if counts is None:
            counts = self._derived["term_counts"] = TermCounts(term_set, self.records.values())
        return counts.df, counts.n

    def derived_sources(self) -> dict:
        """Turn ref -> ids of the records it is a source of."""
        sources = self._derived.get("sources")
        if sources is None:
            sources = self._derived["sources"] = SourceMap(self.records.values())
        return sources

    def duplicates(self) -> NearDupIndex:
        if self._duplicates is None:
            self._duplicates = NearDupIndex(self.records.values())
        return self._duplicates

    def records_changed(self, memory_ids) -> None:
        """The projector changed or dropped these records: derived indexes follow."""
        memory_ids = list(memory_ids)
        for key in list(self._derived):
            update = getattr(self._derived[key], "records_changed", None)
            if update is None:
                del self._derived[key]
            else:
                update(self, memory_ids)
        if self._duplicates is None:
            return
        for memory_id in memory_ids:
            rec = self.records.get(memory_id)
            if rec is None:
                self._duplicates.remove(memory_id)
            else:
                self._duplicates.upsert(rec)

    def drop_raw_turns(self, session_id: str, turn_ids) -> None:
        turns = self.raw_turns.get(session_id)
        if turns is None:
            return
        for turn_id in turn_ids:
            turns.pop(turn_id, None)
        if not turns:
            del self.raw_turns[session_id]

    def session(self, session_id: str) -> SessionState:
        s = self.sessions.get(session_id)
        if s is None:
            s = self.sessions[session_id] = SessionState(session_id)
        return s

    def active(self) -> list[MemoryRecord]:
        return [r for r in self.records.values() if r.tier == "active"]


class TermCounts:
    """How many of a subject's records (with text) hold each term, kept as records change: a
    subject of many records must not count them all again for each new one."""

    def __init__(self, term_set, records):
        self.term_set = term_set
        self.df: Counter = Counter()
        self.n = 0
        self._terms: dict[str, frozenset[str]] = {}
        for rec in records:
            self._add(rec)

    def _add(self, rec: MemoryRecord) -> None:
        if rec.text:
            terms = self._terms[rec.memory_id] = frozenset(self.term_set(rec.text))
            self.df.update(terms)
            self.n += 1

    def records_changed(self, state: "SubjectState", memory_ids) -> None:
        for memory_id in memory_ids:
            old = self._terms.pop(memory_id, None)
            if old is not None:
                self.df.subtract(old)
                for term in old:
                    if self.df[term] <= 0:
                        del self.df[term]
                self.n -= 1
            rec = state.records.get(memory_id)
            if rec is not None:
                self._add(rec)


class SourceMap(dict):
    """Turn ref -> ids of the records it is a source of, kept as records change."""

    def __init__(self, records):
        super().__init__()
        self._of: dict[str, tuple] = {}
        for rec in records:
            self._add(rec)

    def _add(self, rec: MemoryRecord) -> None:
        refs = self._of[rec.memory_id] = tuple(rec.sources)
        for ref in refs:
            self.setdefault(ref, []).append(rec.memory_id)

    def records_changed(self, state: "SubjectState", memory_ids) -> None:
        for memory_id in memory_ids:
            for ref in self._of.pop(memory_id, ()):
                ids = self.get(ref)
                if ids is not None:
                    if memory_id in ids:
                        ids.remove(memory_id)
                    if not ids:
                        del self[ref]
            rec = state.records.get(memory_id)
            if rec is not None:
                self._add(rec)
