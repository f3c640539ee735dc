"""Re-deciding readable history under the current deciders.

When memstream's deciders improve (a better reader, classifier or threshold), the memory already
stored was decided by the old ones. `rederive` folds the subject's still-readable turns, in log order,
into a scratch state under the current deciders, compares what that gives with the live view, and
returns the differences as ordinary events (never rewriting history):

- a record the current deciders would make and the view lacks, or holds only superseded:
  `memory_recorded` (a new id);
- a live record they would not make (it reads otherwise now, or it was a request to forget, or a
  newer statement supersedes it): `memory_superseded` (by the record that replaces it, or by
  "rederive" when nothing does);
- a live record whose content the user asked to forget in words the old deciders missed:
  `memory_forgotten`, with the same shredding as `forget()`.

Forgotten turns stay forgotten: a turn whose key was destroyed is unreadable and takes no part, and
a record none of whose source turns is readable (archived, expired by retention, shredded as an
echo) is left as it is.
Records made by `remember()` are commands, not decisions, and are left alone. Appending the result
and replaying the log gives the same view (the events are ordinary ones). Running it twice with the
same deciders finds nothing the second time.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from engine.ids import derive
from engine.processor import Deciders, decide_turn
from engine.projector import apply
from engine.settings import Settings
from engine.state import SubjectState
from schemas.events import Event, MemoryForgotten, MemoryRecorded, MemorySuperseded
from schemas.records import MemoryRecord


@dataclass
class RederiveDiff:
    """What rederive would change for one subject."""

    tenant_id: str
    user_id: str
    turns_read: int = 0
    turns_unreadable: int = 0
    recorded: list[MemoryRecord] = field(default_factory=list)
    superseded: list[tuple[str, str]] = field(default_factory=list)  # (memory_id, superseded_by)
    forgotten: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    #: Turns whose decisions a failure of the processor had lost (dead letters), decided now.
    dead_letters_resolved: int = 0
    #: Why the subject could not be decided again (the error's type and place, never its message:
    #: it may quote content); None when it was. Nothing of such a subject is written.
    failed: str | None = None

    @property
    def empty(self) -> bool:
        return not (self.recorded or self.superseded or self.forgotten or self.dead_letters_resolved
                    or self.failed)


def _key(rec: MemoryRecord) -> tuple[str, str]:
    return (rec.kind, " ".join((rec.text or "").lower().split()))


def _from_turns(rec: MemoryRecord) -> bool:
    """Decided from conversation turns (not a remember() command)."""
    return bool(rec.sources) and not all(s.turn_id.startswith("remember:") for s in rec.sources)


def _successor(scratch: SubjectState, then: MemoryRecord | None, new_ids: dict[tuple[str, str], str],
               live_by_key: dict[tuple[str, str], str]) -> str | None:
    """The live id of the record the current deciders superseded `then` (a record as they made it)
    by: recorded by this rederive, or active in the view already. None when they did not supersede
    it, or its successor is in neither."""
    if then is None or then.tier != "superseded" or not then.superseded_by:
        return None
    by = scratch.records.get(then.superseded_by)
    if by is None or not by.text:
        return None
    key = _key(by)
    return new_ids.get(key) or live_by_key.get(key)


def scratch_state(tenant_id: str, user_id: str, turns: Iterable[Event], settings: Settings,
                  deciders: Deciders) -> tuple[SubjectState, list[str], int, int]:
    """Folds readable turns under `deciders` into a fresh state. Returns (state, ids of the records
    the deciders forgot on a user's request, turns read, turns unreadable)."""
    state = SubjectState(tenant_id, user_id)
    forgotten: list[str] = []
    read = unreadable = 0
    for turn in turns:
        if turn.payload.text is None:
            unreadable += 1
            continue
        read += 1
        apply(state, turn)
        for event in decide_turn(state, turn, settings, deciders):
            if event.payload.type == "memory_forgotten":
                rec = state.records.get(event.payload.memory_id)
                if rec is not None and rec.text:
                    forgotten.append(rec.text)
            apply(state, event)
    return state, forgotten, read, unreadable


def rederive_subject(live: SubjectState, turns: list[Event], settings: Settings, deciders: Deciders,
                     at, recorded_at) -> RederiveDiff:
    """The events that bring `live` to what `deciders` make of the readable `turns` (log order)."""
    diff = RederiveDiff(live.tenant_id, live.user_id)
    scratch, forgotten_texts, diff.turns_read, diff.turns_unreadable = scratch_state(
        live.tenant_id, live.user_id, turns, settings, deciders)
    version = deciders.version
    # What the view holds and rederive must not record again: every record but a superseded one.
    # A record the old deciders superseded and the current ones keep ("I'm based in Tbilisi" is now
    # "lives in Tbilisi" said again, not its successor) is recorded anew, or nothing would hold it.
    known = {_key(r) for r in live.records.values() if r.text and r.tier != "superseded"}
    # Only a record with a source still readable can be judged again: one whose turns were all
    # archived, expired by retention or shredded as another memory's echoes stays as it is.
    readable = {(t.session_id or "", t.payload.turn_id) for t in turns if t.payload.text is not None}
    live_active = sorted((r for r in live.records.values() if r.tier == "active" and r.text and _from_turns(r)
                          and any((s.session_id, s.turn_id) in readable for s in r.sources)),
                         key=lambda r: r.memory_id)
    wanted = sorted((r for r in scratch.records.values() if r.tier == "active" and r.text),
                    key=lambda r: r.memory_id)
    wanted_keys = {_key(r) for r in wanted}
    forgotten_keys = {" ".join(t.lower().split()) for t in forgotten_texts}

    def event(payload, *parts: str) -> Event:
        e = Event(event_id=derive("rederive", live.tenant_id, live.user_id, version, payload.type, *parts),
                  type=payload.type, tenant_id=live.tenant_id, user_id=live.user_id, occurred_at=at,
                  recorded_at=recorded_at, decided_by=version, payload=payload)
        diff.events.append(e)
        return e

    scratch_by_key = {_key(r): r for r in scratch.records.values() if r.text}
    live_by_key = {_key(r): r.memory_id for r in live.records.values() if r.text and r.tier == "active"}
    new_ids: dict[tuple[str, str], str] = {}
    for rec in wanted:
        if _key(rec) in known:
            continue
        memory_id = derive("rederive", version, rec.memory_id)
        new = rec.model_copy(update={"memory_id": memory_id})
        new_ids[_key(rec)] = memory_id
        diff.recorded.append(new)
        event(MemoryRecorded(record=new), rec.memory_id)
    for rec in live_active:
        key = _key(rec)
        if key in wanted_keys:
            continue
        if key[1] in forgotten_keys:
            diff.forgotten.append(rec.memory_id)
            event(MemoryForgotten(memory_id=rec.memory_id, kind=rec.kind, shredded_turns=list(rec.sources),
                                  reason="user_request"), rec.memory_id)
            continue
        # The record that replaces it: the one the current deciders superseded it by (a later
        # statement, an end), as the view holds it or as recorded now; else a new one from the same
        # turns, if the deciders made one.
        successor = _successor(scratch, scratch_by_key.get(key), new_ids, live_by_key)
        if successor is None:
            refs = {(s.session_id, s.turn_id) for s in rec.sources}
            successor = next((new_ids[_key(w)] for w in wanted if _key(w) in new_ids
                              and refs & {(s.session_id, s.turn_id) for s in w.sources}), "rederive")
        diff.superseded.append((rec.memory_id, successor))
        event(MemorySuperseded(memory_id=rec.memory_id, superseded_by=successor,
                               reason=f"rederived under {version}"), rec.memory_id)
    return diff
