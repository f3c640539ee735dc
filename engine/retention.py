"""Raw-turn retention: the keys of raw turns older than a subject's retention are destroyed.

Only the raw turns go (their text and speaker, the window entries and running-summary lines made of
them); the records, the session and topic summaries built from the records, and every provenance id
stay. Retention is a setting (`retention_days`, and `retention` per tenant or per subject; default:
kept for ever). The sweep decides it (engine.policy.decide_sweep) and an archive request decides it
for one session (`MemoryEngine.archive_session`); either writes content-free `turns_expired` events,
one per session, naming the turns and the policy, so replay and audit see what expired and why.
"""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Iterable, Mapping

from engine.state import SubjectState
from schemas.events import Event

Subject = tuple[str, str]
RawTurns = Mapping[str, Mapping[str, datetime]]  # session id -> turn id -> when it was said

ARCHIVE_POLICY = "archive_session"


def policy_name(days: float, scope: str) -> str:
    """What a `turns_expired` event records as its policy, e.g. 'retention_days=30 (tenant acme)'."""
    return f"retention_days={days:g} ({scope})"


def due(raw: RawTurns, now: datetime, days: float) -> dict[str, list[str]]:
    """The turns said more than `days` before `now`, by session (sessions and turns sorted)."""
    cutoff = now - timedelta(days=days)
    out = {}
    for session_id in sorted(raw):
        old = sorted(t for t, at in raw[session_id].items() if at < cutoff)
        if old:
            out[session_id] = old
    return out


def raw_turns_of(state: SubjectState, log: Iterable[Event] | None) -> RawTurns:
    """The subject's raw turns with live keys: from the state when it holds the complete index,
    else read from the log (`log`: the runtime's events; a turn whose key is destroyed reads as
    None there)."""
    if state.raw_turns_complete or log is None:
        return state.raw_turns
    return read_raw_turns(log, {(state.tenant_id, state.user_id)}).get((state.tenant_id, state.user_id), {})


def read_raw_turns(log: Iterable[Event], subjects: set[Subject]) -> dict[Subject, dict[str, dict[str, datetime]]]:
    """Readable raw turns of these subjects, read from the log in one pass."""
    out: dict[Subject, dict[str, dict[str, datetime]]] = {}
    for event in log:
        p = event.payload
        if p.type != "turn_received" or event.subject not in subjects or (p.text is None and p.speaker is None):
            continue
        out.setdefault(event.subject, {}).setdefault(event.session_id or "", {})[p.turn_id] = event.occurred_at
    return out
