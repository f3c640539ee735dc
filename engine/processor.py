"""The stream processor's decisions: given a subject's state and a new turn, what happens next.

`decide_turn` is pure: (state after the turn was folded in, the turn event) -> derived events, with ids
derived from the turn's id. It expires what is due, compacts the session window into the running
summary, and turns explicit statements into memory records, merging repeats and superseding what a
newer statement contradicts.

The two judgement calls in it, reading candidates out of a turn and summarizing what leaves the
window, go through `Deciders`. The default is the offline, rule-based pair; an adapter (engine.llm)
may supply others. Whatever they return is emitted as events (MemoryRecorded, WindowCompacted), so
replay folds the logged decisions and never asks a decider again.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Callable, Protocol, Sequence

from engine.extractor import Candidate
from engine.ids import derive
from engine.settings import Settings
from engine.state import SubjectState
from engine.summarizer import GENERIC_WORDS, SummaryItem, WindowTurn, compact, summarize, turn_candidates
from engine.textnorm import jaccard, term_set, terms
from engine.tokens import count_tokens
from schemas.common import PRIVACY_ORDER, SOURCE_RANK
from schemas.events import (
    Event,
    MemoryExpired,
    MemoryRecorded,
    MemorySuperseded,
    MemoryUpdated,
    SummaryLine,
    WindowCompacted,
)
from schemas.records import MemoryRecord, TurnRef


class Extractor(Protocol):
    """The signature of engine.extractor.extract."""

    def __call__(self, text: str, *, role: str, speaker: str | None, occurred_at: datetime,
                 session_ttl: timedelta = ...) -> list[Candidate]: ...


@dataclass(frozen=True)
class Deciders:
    """What decide_turn asks to read a turn and to summarize evicted turns."""

    # The offline reader: typed candidates where a rule applies, informative sentences otherwise.
    extract: Extractor = turn_candidates
    summarize: Callable[[Sequence[WindowTurn]], list[SummaryItem]] = summarize


OFFLINE = Deciders()


class _Emitter:
    """Builds derived events that inherit subject, session and time from their cause."""

    def __init__(self, cause: Event):
        self.cause = cause
        self.events: list[Event] = []

    def emit(self, payload, *, session_id: str | None = None) -> Event:
        c = self.cause
        event = Event(
            event_id=derive(c.event_id, str(len(self.events))),
            type=payload.type,
            tenant_id=c.tenant_id,
            user_id=c.user_id,
            session_id=session_id if session_id is not None else c.session_id,
            occurred_at=c.occurred_at,
            recorded_at=c.recorded_at,
            causation_id=c.event_id,
            payload=payload,
        )
        self.events.append(event)
        return event


def due_expiries(state: SubjectState, session_id: str | None, now: datetime,
                 every_record: bool = False) -> list[tuple[str, str]]:
    """(memory_id, reason) for records whose time is up, or whose session has ended.

    Per turn only the records known to be able to expire are checked; a sweep checks every record.
    """
    out = []
    for memory_id in sorted(state.records if every_record else state.expiring):
        rec = state.records.get(memory_id)
        if rec is None or rec.tier == "superseded":
            continue
        if rec.expires_at is not None and rec.expires_at <= now:
            out.append((rec.memory_id, "expires_at passed"))
        elif (
            session_id is not None
            and rec.kind == "temporary_instruction"
            and rec.fields.get("scope") == "session"
            and rec.session_id != session_id
        ):
            out.append((rec.memory_id, "its session ended"))
    return out


def _compaction(state: SubjectState, session_id: str, settings: Settings,
                summarize: Callable[[Sequence[WindowTurn]], list[SummaryItem]] = summarize) -> WindowCompacted | None:
    session = state.sessions.get(session_id)
    if session is None:
        return None
    over_budget = session.window_tokens > settings.compact_at * settings.window_budget_tokens
    over_count = len(session.window) > settings.window_max_messages
    if not (over_budget or over_count) or len(session.window) < 2:
        return None
    evicted = session.window[: len(session.window) // 2]
    new_items = summarize([t for t in evicted if t.text is not None])
    items = compact(list(session.summary) + new_items, settings.summary_budget_tokens)
    tokens = sum(count_tokens(i.text) for i in items)
    return WindowCompacted(
        evicted_turn_ids=[t.turn_id for t in evicted],
        summary=[
            SummaryLine(turn_id=i.turn_id, kind=i.kind, text=i.text, importance=i.importance, occurred_at=i.occurred_at)
            for i in items
        ],
        summary_tokens=tokens,
    )


def _idle_sessions(state: SubjectState, turn: Event, settings: Settings) -> list[str]:
    """Other sessions of the subject still holding a window or summary, idle for longer than a
    session lives (`session_ttl_hours`): they have ended."""
    cutoff = turn.occurred_at - timedelta(hours=settings.session_ttl_hours)
    return sorted(sid for sid, s in state.sessions.items()
                  if sid != (turn.session_id or "") and (s.window or s.summary)
                  and s.last_at is not None and s.last_at < cutoff)


def _closing(session) -> WindowCompacted:
    """An ended session releases its working memory (window and running summary): everything in it
    was already turned into long-term records, turn by turn, as it arrived."""
    return WindowCompacted(evicted_turn_ids=[t.turn_id for t in session.window], summary=[], summary_tokens=0)


def _record_from(c: Candidate, memory_id: str, turn: Event) -> MemoryRecord:
    fields = dict(c.fields)
    if c.scope:
        fields["scope"] = c.scope
    return MemoryRecord(
        memory_id=memory_id,
        tenant_id=turn.tenant_id,
        user_id=turn.user_id,
        session_id=turn.session_id,
        kind=c.kind,
        text=c.text,
        fields=fields,
        slot=c.slot,
        source=c.source,
        sources=[TurnRef(session_id=turn.session_id or "", turn_id=turn.payload.turn_id)],
        confidence=c.confidence,
        importance=c.importance,
        created_at=turn.occurred_at,
        updated_at=turn.occurred_at,
        happened_at=c.happened_at,
        expires_at=c.expires_at,
        privacy_level=c.privacy_level,
    )


def find_duplicate(state: SubjectState, kind: str, text: str, happened_at: datetime | None,
                   threshold: float) -> MemoryRecord | None:
    """The most similar active record of the same kind at or above `threshold` (ties: lowest id,
    so the answer never depends on the order records were loaded in)."""
    terms = term_set(text)
    best, best_key = None, None
    for rec in state.records.values():
        if rec.tier != "active" or rec.kind != kind or rec.text is None:
            continue
        if kind == "episode" and (rec.happened_at and happened_at) and rec.happened_at.date() != happened_at.date():
            continue
        sim = jaccard(terms, term_set(rec.text))
        if sim >= threshold:
            key = (-sim, rec.memory_id)
            if best_key is None or key < best_key:
                best, best_key = rec, key
    return best


def _conflicting(state: SubjectState, slot: str | None) -> list[MemoryRecord]:
    if not slot:
        return []
    return sorted((r for r in state.records.values() if r.tier == "active" and r.slot == slot),
                  key=lambda r: r.memory_id)


_GENERIC_TERMS = frozenset(t for w in GENERIC_WORDS for t in terms(w))


def salient_terms(text: str, speaker: str) -> frozenset[str]:
    """What a statement is about: its content terms without the speaker's name and without words of
    feeling or emphasis ("great", "love", "really")."""
    own = term_set(speaker)
    return frozenset(t for t in term_set(text) - _GENERIC_TERMS
                     if t not in own and t.removesuffix("'s") not in own)


def _parts(rec: MemoryRecord, speaker: str) -> list[str]:
    """A record's statements without the speaker prefix ("Mel: a; b" -> ["a", "b"])."""
    text = (rec.text or "").removeprefix(speaker + ": ")
    return text.split("; ") if rec.fields.get("consolidated") else [text]


def consolidation(state: SubjectState, c: Candidate, speaker: str, turn: Event, memory_id: str,
                  settings: Settings) -> tuple[MemoryRecord, list[MemoryRecord]] | None:
    """Repeated evidence becomes one semantic record (DESIGN: "An episode becomes a semantic fact only
    with repeated evidence").

    When a new observation by `speaker` shares at least `consolidate_shared_terms` salient words with
    earlier active observations of the same speaker, and together they are at least
    `consolidate_min_evidence` statements, they are recorded as one fact (source "reflection",
    provenance the union of their turns, confidence rising with the count) that supersedes the
    pieces. A consolidated record is itself a piece: later evidence grows it, up to
    `consolidate_max_parts` statements. Returns (the new record, the records it supersedes), or None.
    Deterministic: candidates are taken in memory-id order.
    """
    if not settings.consolidate or c.fields.get("type") != "observation" or c.happened_at is not None:
        return None
    mine = salient_terms(c.text, speaker)
    if len(mine) < settings.consolidate_shared_terms:
        return None
    prefix = speaker + ": "
    related: list[MemoryRecord] = []
    for rec in sorted(state.records.values(), key=lambda r: r.memory_id):
        if (rec.tier != "active" or rec.kind != "fact" or rec.text is None or rec.happened_at is not None
                or rec.fields.get("type") != "observation" or not rec.text.startswith((prefix, speaker + " "))):
            continue
        theirs = salient_terms(rec.text, speaker)
        shared = mine & theirs
        if (len(shared) >= settings.consolidate_shared_terms
                and len(shared) >= settings.consolidate_similarity * min(len(mine), len(theirs))):
            related.append(rec)
    # Most related first; a full consolidated record takes no more.
    related.sort(key=lambda r: (-len(mine & salient_terms(r.text or "", speaker)), r.memory_id))
    chosen: list[MemoryRecord] = []
    n_parts = 1
    for rec in related:
        k = len(_parts(rec, speaker))
        if n_parts + k > settings.consolidate_max_parts:
            continue
        chosen.append(rec)
        n_parts += k
    if n_parts < settings.consolidate_min_evidence:
        return None
    chosen.sort(key=lambda r: (r.created_at, r.memory_id))
    parts: list[str] = []
    for rec in chosen:
        parts.extend(p for p in _parts(rec, speaker) if p not in parts)
    new = c.text.removeprefix(prefix)
    if new not in parts:
        parts.append(new)
    # Repeated evidence is said once: a statement whose every word another one says is dropped
    # (its turn stays in the provenance).
    sets = [term_set(p) - term_set(speaker) for p in parts]
    parts = [p for i, p in enumerate(parts)
             if not any(j != i and sets[i] <= sets[j] and (sets[i] < sets[j] or (len(parts[j]), -j) > (len(p), -i))
                        for j in range(len(parts)))]
    sources: list[TurnRef] = []
    for rec in chosen:
        sources.extend(s for s in rec.sources if s not in sources)
    ref = TurnRef(session_id=turn.session_id or "", turn_id=turn.payload.turn_id)
    if ref not in sources:
        sources.append(ref)
    evidence = sum(r.evidence_count for r in chosen) + 1
    privacy = max([c.privacy_level] + [r.privacy_level for r in chosen], key=lambda p: PRIVACY_ORDER[p])
    record = MemoryRecord(
        memory_id=memory_id,
        tenant_id=turn.tenant_id,
        user_id=turn.user_id,
        session_id=turn.session_id,
        kind="fact",
        text=("" if parts[0].startswith(speaker + " ") else prefix) + "; ".join(parts),
        fields={"type": "observation", "consolidated": str(len(parts))},
        source="reflection",
        sources=sources,
        confidence=round(min(0.95, max([c.confidence] + [r.confidence for r in chosen]) + 0.05 * (n_parts - 2)), 4),
        importance=max([c.importance] + [r.importance for r in chosen]),
        created_at=min([turn.occurred_at] + [r.created_at for r in chosen]),
        updated_at=turn.occurred_at,
        privacy_level=privacy,
        evidence_count=evidence,
    )
    return record, chosen


def record_candidates(state: SubjectState, candidates: list[Candidate], turn: Event,
                      out: _Emitter, settings: Settings, id_prefix: str, speaker: str | None = None) -> None:
    """Applies the duplicate and conflict rules to candidates and emits the resulting events.

    Emitted events are folded into `state` by the caller afterwards; candidates of one turn are
    checked against each other through `pending`.
    """
    pending: list[MemoryRecord] = []
    for n, c in enumerate(candidates):
        dup = find_duplicate(state, c.kind, c.text, c.happened_at, settings.duplicate_similarity)
        if dup is None and any(jaccard(term_set(c.text), term_set(p.text or "")) >= settings.duplicate_similarity
                               for p in pending if p.kind == c.kind):
            continue  # the same statement twice in one turn
        if dup is not None:
            out.emit(MemoryUpdated(
                memory_id=dup.memory_id,
                add_sources=[TurnRef(session_id=turn.session_id or "", turn_id=turn.payload.turn_id)],
                confidence=round(min(1.0, max(dup.confidence, c.confidence) + 0.05), 4),
                reason="repeated",
            ))
            continue
        conflicts = _conflicting(state, c.slot)
        if any(SOURCE_RANK[r.source] > SOURCE_RANK[c.source] for r in conflicts):
            continue  # an explicit memory is not overruled by an inference
        if speaker and not conflicts:
            consolidated = consolidation(state, c, speaker, turn, derive(id_prefix, "mem", str(n)), settings)
            if consolidated is not None:
                record, pieces = consolidated
                out.emit(MemoryRecorded(record=record))
                pending.append(record)
                for old in pieces:
                    out.emit(MemorySuperseded(memory_id=old.memory_id, superseded_by=record.memory_id,
                                              reason="consolidated"))
                continue
        record = _record_from(c, derive(id_prefix, "mem", str(n)), turn)
        out.emit(MemoryRecorded(record=record))
        pending.append(record)
        for old in conflicts:
            out.emit(MemorySuperseded(
                memory_id=old.memory_id,
                superseded_by=record.memory_id,
                reason="corrected" if c.correction else "newer statement",
            ))


def decide_turn(state: SubjectState, turn: Event, settings: Settings,
                deciders: Deciders = OFFLINE) -> list[Event]:
    p = turn.payload
    out = _Emitter(turn)
    for memory_id, reason in due_expiries(state, turn.session_id, turn.occurred_at):
        out.emit(MemoryExpired(memory_id=memory_id, reason=reason))
    for session_id in _idle_sessions(state, turn, settings):
        out.emit(_closing(state.sessions[session_id]), session_id=session_id)
    compacted = _compaction(state, turn.session_id or "", settings, deciders.summarize)
    if compacted is not None:
        out.emit(compacted)
    if p.text:
        candidates = deciders.extract(
            p.text,
            role=p.role,
            speaker=p.speaker,
            occurred_at=turn.occurred_at,
            session_ttl=timedelta(hours=settings.session_ttl_hours),
        )
        if candidates:
            record_candidates(state, candidates, turn, out, settings, turn.event_id,
                              speaker=(p.speaker or "").strip() or "User")
    return out.events
