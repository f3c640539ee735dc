"""The forgetting sweep: a repeatable policy over one subject's records at a given time.

Order matters and is fixed: expire raw turns past the subject's retention (engine.retention), expire what is due, merge duplicates into the best-sourced record, then
score what remains and archive or delete below the thresholds. Same state and `now` -> same events.
"""
from __future__ import annotations

from datetime import datetime

from engine.ids import derive
from engine.retention import RawTurns, due, policy_name
from engine.neardup import NearDupIndex
from engine.processor import due_expiries
from engine.scoring import decide, record_keep_score
from engine.settings import Settings
from engine.state import SubjectState
from schemas.common import SOURCE_RANK
from schemas.events import (
    Event,
    MemoriesMerged,
    MemoryArchived,
    MemoryExpired,
    MemoryForgotten,
    TurnsExpired,
)
from schemas.records import MemoryRecord, TurnRef


def _best_sourced(records: list[MemoryRecord]) -> MemoryRecord:
    return max(
        records,
        key=lambda r: (SOURCE_RANK[r.source], r.confidence, r.evidence_count, r.updated_at, r.memory_id),
    )


def duplicate_clusters(records: list[MemoryRecord], threshold: float) -> list[list[MemoryRecord]]:
    """Groups of two or more active records of one kind that say the same thing, found through a
    term index (engine.neardup) rather than by comparing every pair: kinds in the order of their
    lowest id, groups by their lowest id, members by id."""
    return NearDupIndex(records).clusters(threshold)


def decide_sweep(state: SubjectState, now: datetime, settings: Settings, recorded_at: datetime,
                 salt: str = "", raw_turns: RawTurns | None = None) -> list[Event]:
    """`salt` makes the sweep's event ids unique per run (the caller passes the log position).
    `raw_turns`: the subject's readable raw turns when the state does not hold their complete index
    (engine.retention.raw_turns_of); the raw turns older than the subject's retention expire first."""
    sweep_id = derive("sweep", state.tenant_id, state.user_id, now.isoformat(), salt)
    events: list[Event] = []

    def emit(payload, session_id: str | None = None) -> None:
        events.append(Event(
            event_id=derive(sweep_id, str(len(events))),
            type=payload.type,
            tenant_id=state.tenant_id,
            user_id=state.user_id,
            session_id=session_id,
            occurred_at=now,
            recorded_at=recorded_at,
            causation_id=sweep_id,
            payload=payload,
        ))

    days, scope = settings.retention_of(state.tenant_id, state.user_id)
    if days is not None:
        raw = state.raw_turns if raw_turns is None else raw_turns
        for session_id, turn_ids in due(raw, now, days).items():
            emit(TurnsExpired(turn_ids=turn_ids, reason="retention", policy=policy_name(days, scope)),
                 session_id=session_id)

    gone: set[str] = set()
    for memory_id, reason in due_expiries(state, None, now, every_record=True):
        emit(MemoryExpired(memory_id=memory_id, reason=reason))
        gone.add(memory_id)

    live = [r for r in state.records.values() if r.memory_id not in gone]
    for cluster in duplicate_clusters(live, settings.duplicate_similarity):
        best = _best_sourced(cluster)
        sources: list[TurnRef] = []
        for r in sorted(cluster, key=lambda r: (r.created_at, r.memory_id)):
            sources.extend(t for t in r.sources if t not in sources)
        merged = sorted(r.memory_id for r in cluster if r.memory_id != best.memory_id)
        emit(MemoriesMerged(
            target_id=best.memory_id,
            merged_ids=merged,
            sources=sources,
            confidence=max(r.confidence for r in cluster),
            evidence_count=sum(r.evidence_count for r in cluster),
            reason="duplicate",
        ))
        gone.update(merged)

    for rec in sorted(state.records.values(), key=lambda r: r.memory_id):
        if rec.memory_id in gone or rec.tier == "superseded":
            continue
        score = record_keep_score(rec, now, settings)
        verdict = decide(score, settings)
        if verdict == "delete":
            turns = list(rec.sources) + [t for t in rec.echoes if t not in rec.sources]
            emit(MemoryForgotten(
                memory_id=rec.memory_id,
                kind=rec.kind,
                shredded_turns=turns,
                turns_shredded=len(turns),
                reason="secret" if rec.privacy_level == "secret" else "policy",
            ))
        elif verdict == "archive" and rec.tier == "active":
            emit(MemoryArchived(memory_id=rec.memory_id, keep_score=round(score, 6), reason="keep score below threshold"))
    return events
