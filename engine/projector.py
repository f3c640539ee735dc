"""Folds events into a subject's state. Deterministic; applying the log in order rebuilds the view.

`apply` mutates the state it is given and returns the keys the shell must destroy (crypto-shredding
is a side effect, so the core only names the keys). Idempotency by event id is the caller's job: the
runtime keeps the set of applied ids next to the state.
"""
from __future__ import annotations

from dataclasses import replace

from engine.crypto import KeyRef
from engine.state import SubjectState
from engine.state import SummaryItem, WindowTurn
from schemas.events import Event
from schemas.records import TurnRef


def _mem_key(state: SubjectState, memory_id: str) -> KeyRef:
    return KeyRef(state.tenant_id, state.user_id, "mem", memory_id)


def _turn_key(state: SubjectState, ref: TurnRef) -> KeyRef:
    session = ref.session_id
    return KeyRef(state.tenant_id, state.user_id, "turn", f"{len(session)}:{session}/{ref.turn_id}")


def _drop_memory(state: SubjectState, memory_id: str) -> None:
    state.records.pop(memory_id, None)
    state.expiring.discard(memory_id)
    for session in state.sessions.values():
        if memory_id in session.last_memory_ids:
            session.last_memory_ids = [m for m in session.last_memory_ids if m != memory_id]


def _shred_turns(state: SubjectState, refs: list[TurnRef]) -> None:
    """Content of these turns is gone: blank it in windows, drop its summary lines (and any vector
    of their sentences held in memory: engine.erasure.SentenceVectors)."""
    state.derived().pop("sentence_vectors", None)
    by_session: dict[str, set[str]] = {}
    for ref in refs:
        by_session.setdefault(ref.session_id, set()).add(ref.turn_id)
    for session_id, turn_ids in by_session.items():
        session = state.sessions.get(session_id)
        if session is None:
            continue
        session.window = [
            replace(t, text=None, speaker=None) if t.turn_id in turn_ids else t for t in session.window
        ]
        session.summary = [i for i in session.summary if i.turn_id not in turn_ids]
    for session_id, turn_ids in by_session.items():
        state.drop_raw_turns(session_id, turn_ids)


def memory_ids_of(event: Event) -> list[str]:
    """The memories an event is about."""
    p = event.payload
    if p.type == "memory_recorded":
        return [p.record.memory_id]
    if p.type == "memory_reinforced":
        return list(p.memory_ids)
    if p.type == "memories_merged":
        return [p.target_id, *p.merged_ids]
    if p.type == "memory_echoed":
        return list(p.memory_ids)
    if p.type == "memory_superseded":
        return [p.memory_id, p.superseded_by]
    if p.type == "subject_forgotten":
        return list(p.memory_ids)
    memory_id = getattr(p, "memory_id", None)
    return [memory_id] if memory_id else []


#: Events that change what a record says or whether it is active (use changes neither).
_RECORD_CHANGES = frozenset({"memory_recorded", "memory_updated", "memory_superseded", "memories_merged",
                             "memory_archived", "memory_expired", "memory_forgotten"})


def _holds(refs, ref) -> bool:
    """`ref in refs` by its ids (a model's == costs more, and a record can gather many echoes)."""
    sid, tid = ref.session_id, ref.turn_id
    return any(r.turn_id == tid and r.session_id == sid for r in refs)


def apply(state: SubjectState, event: Event) -> list[KeyRef]:
    """Folds one event into the subject's state; returns the data keys it destroys."""
    destroyed = _apply(state, event)
    t = event.payload.type
    if t in _RECORD_CHANGES:
        state.records_changed(memory_ids_of(event))
    elif t == "subject_forgotten":
        state._duplicates = None
        state._derived.clear()
    return destroyed


def _apply(state: SubjectState, event: Event) -> list[KeyRef]:
    p = event.payload
    t = p.type
    if t == "turn_received":
        if not (state.records or state.sessions or state.raw_turns):
            state.raw_turns_complete = True  # folded from the subject's first turn on
        session = state.session(event.session_id or "")
        if p.text is not None or p.speaker is not None:  # None: its key is destroyed already
            state.raw_turns.setdefault(session.session_id, {})[p.turn_id] = event.occurred_at
        session.window.append(
            WindowTurn(p.turn_id, p.role, p.speaker, p.text, p.tokens, event.occurred_at)
        )
        session.last_at = event.occurred_at
        return []
    if t == "secret_redacted":
        return []
    if t == "window_compacted":
        session = state.session(event.session_id or "")
        evicted = set(p.evicted_turn_ids)
        session.window = [w for w in session.window if w.turn_id not in evicted]
        session.summary = [
            SummaryItem(line.turn_id, line.kind, line.text, line.importance, line.occurred_at)
            for line in p.summary
            if line.text is not None
        ]
        session.summary_tokens = p.summary_tokens
        return []
    if t == "memory_recorded":
        # A copy: the view mutates its records, and the event must stay as it was logged.
        record = p.record.model_copy(update={"sources": list(p.record.sources), "echoes": list(p.record.echoes),
                                             "fields": dict(p.record.fields)})
        state.records[record.memory_id] = record
        if record.expires_at is not None or record.fields.get("scope") == "session":
            state.expiring.add(record.memory_id)
        if record.session_id:
            session = state.session(record.session_id)
            if session.last_cause != event.causation_id:
                session.last_memory_ids = []
                session.last_cause = event.causation_id
            session.last_memory_ids.append(record.memory_id)
        return []
    if t == "memory_reinforced":
        for memory_id in p.memory_ids:
            rec = state.records.get(memory_id)
            if rec is not None:
                rec.use_count += 1
                rec.last_used_at = p.used_at
        if event.session_id and p.memory_ids:
            session = state.session(event.session_id)
            session.last_memory_ids = [m for m in p.memory_ids[:1] if m in state.records]
            session.last_cause = event.event_id
        return []
    if t == "memory_updated":
        rec = state.records.get(p.memory_id)
        if rec is not None:
            for ref in p.add_sources:
                if ref not in rec.sources:
                    rec.sources.append(ref)
            if p.confidence is not None:
                rec.confidence = p.confidence
            if p.importance is not None:
                rec.importance = p.importance
            rec.evidence_count += 1
            rec.updated_at = event.occurred_at
        return []
    if t == "memory_superseded":
        rec = state.records.get(p.memory_id)
        if rec is not None:
            rec.tier = "superseded"
            rec.superseded_by = p.superseded_by
            rec.updated_at = event.occurred_at
        return []
    if t == "memories_merged":
        target = state.records.get(p.target_id)
        if target is not None:
            target.sources = list(p.sources)
            target.confidence = p.confidence
            target.evidence_count = p.evidence_count
            target.updated_at = event.occurred_at
        destroyed = []
        for memory_id in p.merged_ids:
            if memory_id != p.target_id:
                _drop_memory(state, memory_id)
                destroyed.append(_mem_key(state, memory_id))
        return destroyed
    if t == "memory_archived":
        rec = state.records.get(p.memory_id)
        if rec is not None:
            rec.tier = "archived"
            rec.updated_at = event.occurred_at
        return []
    if t == "memory_expired":
        _drop_memory(state, p.memory_id)
        return [_mem_key(state, p.memory_id)]
    if t == "memory_forgotten":
        _drop_memory(state, p.memory_id)
        _shred_turns(state, p.shredded_turns)
        return [_mem_key(state, p.memory_id)] + [_turn_key(state, ref) for ref in p.shredded_turns]
    if t == "memory_echoed":
        for memory_id in p.memory_ids:
            rec = state.records.get(memory_id)
            if rec is not None and not _holds(rec.echoes, p.turn) and not _holds(rec.sources, p.turn):
                rec.echoes.append(p.turn)
        return []
    if t == "turns_expired":
        refs = [TurnRef(session_id=event.session_id or "", turn_id=turn_id) for turn_id in p.turn_ids]
        _shred_turns(state, refs)
        return [_turn_key(state, ref) for ref in refs]
    if t == "subject_forgotten":
        state.expiring.clear()
        state.records.clear()
        state.sessions.clear()
        state.raw_turns.clear()
        state.raw_turns_complete = True
        return []  # the shell destroys every key of the subject
    raise ValueError(f"unknown event type {t!r}")

