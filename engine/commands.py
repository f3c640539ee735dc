"""Deciding on commands: what remembering, forgetting and recording use write to the log.

Like `engine.processor.decide_turn` for turns, each function here is pure: the subject's state and a
validated command in, events out. The facade validates, takes the runtime's lock, calls one of these
and appends what it returns; the runtime folds it like any other event. The sweep's decisions live
in `engine.policy.decide_sweep`.
"""
from __future__ import annotations

from datetime import datetime
from typing import Callable, Sequence

import numpy as np

from engine.erasure import Embed, plan as erasure_plan
from engine.errors import UnknownMemoryError
from engine.extractor import Candidate, extract
from engine.ids import derive
from engine.meaning import Meaning
from engine.processor import _Emitter, record_candidates
from engine.recall import erasure_matches
from engine.settings import Settings
from engine.state import SubjectState
from engine.tokens import count_tokens
from schemas.commands import Forget, Remember
from schemas.events import Event, MemoryForgotten, MemoryReinforced, SubjectForgotten, TurnReceived
from schemas.records import MemoryRecord


def remember_events(state: SubjectState, cmd: Remember, text: str, occurred_at: datetime, command_id: str,
                    recorded_at: datetime, settings: Settings, meaning: Meaning | None) -> list[Event]:
    """An explicit memory: the command as a turn of its own (the record's source), then what the
    duplicate and conflict rules make of it (a new record, a reinforcement, an update, or nothing
    when an explicit memory with the same slot and a stronger source exists). `text` is the
    command's text after redaction."""
    cause = Event(event_id=command_id, type="turn_received", tenant_id=cmd.tenant_id, user_id=cmd.user_id,
                  session_id=cmd.session_id, occurred_at=occurred_at, recorded_at=recorded_at,
                  payload=TurnReceived(turn_id=f"remember:{command_id}", role="user", text=text,
                                       tokens=count_tokens(text)))
    found = extract(text, role="user", speaker=None, occurred_at=occurred_at)
    first = found[0] if found else None
    candidate = Candidate(
        kind=cmd.kind or (first.kind if first else "fact"),
        text=first.text if first and (cmd.kind is None or cmd.kind == first.kind) else text,
        fields=dict(first.fields) if first else {},
        slot=first.slot if first else None,
        source="user_explicit", confidence=1.0,
        importance=cmd.importance if cmd.importance is not None else (first.importance if first else 0.7),
        privacy_level=cmd.privacy_level or (first.privacy_level if first else "personal"),
        happened_at=first.happened_at if first else None,
        expires_at=cmd.expires_at or (first.expires_at if first else None),
        scope=first.scope if first else None,
        correction=bool(first and first.correction),
    )
    out = _Emitter(cause)
    record_candidates(state, [candidate], cause, out, settings, command_id, meaning=meaning)
    return [cause, *out.events]


def remembered_id(events: Sequence[Event]) -> str | None:
    """The memory a remember's events recorded or updated (None: nothing was recorded)."""
    for event in events:
        p = event.payload
        if p.type == "memory_recorded":
            return p.record.memory_id
        if p.type == "memory_updated":
            return p.memory_id
    return None


def forget_targets(state: SubjectState, cmd: Forget,
                   vectors: Callable[[Sequence[str]], np.ndarray], query_vector: Callable[[str], np.ndarray],
                   settings: Settings) -> list[str]:
    """The memories a forget names. By query: records of every tier whose text names what the
    query names (engine.recall.erasure_matches); `vectors` gives the records' embeddings by id and
    `query_vector` the query's, so the runtime's stored vectors are reused."""
    if cmd.mode == "subject":
        return sorted(state.records)
    if cmd.mode == "id":
        if cmd.memory_id not in state.records:
            raise UnknownMemoryError(f"no memory {cmd.memory_id!r} for this user; it may be forgotten already")
        return [cmd.memory_id]
    if cmd.mode == "that":
        session = state.sessions.get(cmd.session_id or "")
        ids = [m for m in (session.last_memory_ids if session else []) if m in state.records]
        if not ids:
            raise UnknownMemoryError(
                f"no memory last recorded or recalled in session {cmd.session_id!r} is left to forget as 'that' (it "
                "may have expired, been merged or been forgotten already); forget one by memory_id or query")
        return ids
    query = cmd.query or ""
    records = sorted((r for r in state.records.values() if r.text), key=lambda r: r.memory_id)
    if not records or not query.strip():
        return []
    return erasure_matches(records, vectors([r.memory_id for r in records]), query, query_vector(query), settings)


def forget_events(state: SubjectState, cmd: Forget, memory_ids: Sequence[str], occurred_at: datetime,
                  recorded_at: datetime, salt: str, keys_before: int, settings: Settings | None = None,
                  embed: Embed | None = None,
                  record_vectors: Callable[[Sequence[MemoryRecord]], np.ndarray] | None = None) -> list[Event]:
    """A forget of a whole subject is one event that destroys every key the subject had before it
    (`keys_before`, the key store's watermark); a forget of memories is one event per memory, which
    destroys the keys of every turn the memory can still be read from: its sources and the turns
    that repeat it, and which forgets the records that repeat it too (engine.erasure.plan; `embed`
    and `record_vectors` are the meaning layer's, None: by distinctive terms alone). `salt` makes a
    subject forget unique per request."""
    if cmd.mode == "subject":
        return [Event(event_id=derive("forget-subject", cmd.tenant_id, cmd.user_id, salt),
                      type="subject_forgotten", tenant_id=cmd.tenant_id, user_id=cmd.user_id,
                      occurred_at=occurred_at, recorded_at=recorded_at,
                      payload=SubjectForgotten(keys_before=keys_before, memory_ids=sorted(state.records)))]
    events = []
    for gone in erasure_plan(state, memory_ids, embed, record_vectors, settings or Settings()):
        rec = state.records[gone.memory_id]
        events.append(Event(
            event_id=derive("forget", cmd.tenant_id, cmd.user_id, gone.memory_id),
            type="memory_forgotten", tenant_id=cmd.tenant_id, user_id=cmd.user_id,
            session_id=cmd.session_id, occurred_at=occurred_at, recorded_at=recorded_at,
            payload=MemoryForgotten(memory_id=gone.memory_id, kind=rec.kind, shredded_turns=gone.shredded_turns,
                                    reason="user_request", turns_shredded=len(gone.shredded_turns),
                                    echo_of=gone.echo_of),
        ))
    return events


def usage_event(tenant_id: str, user_id: str, memory_ids: list[str], used_at: datetime, recorded_at: datetime,
                session_id: str | None, salt: str) -> Event:
    """Memories a reader put in front of an agent: their use count and last use move (keep score)."""
    return Event(
        event_id=derive("used", tenant_id, user_id, salt, *memory_ids),
        type="memory_reinforced", tenant_id=tenant_id, user_id=user_id, session_id=session_id,
        occurred_at=used_at, recorded_at=recorded_at,
        payload=MemoryReinforced(memory_ids=memory_ids, used_at=used_at),
    )
