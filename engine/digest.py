"""`view_digest`: a stable hash of the view, equal on every runtime and every replay of one log.

Content enters as its SHA-256, so two views with the same text under different encryption nonces
hash the same, and the digest itself reveals nothing.
"""
from __future__ import annotations

import hashlib
import json
from typing import Iterable

from engine.state import SubjectState


def _h(text: str | None) -> str | None:
    return None if text is None else hashlib.sha256(text.encode()).hexdigest()


def subject_digest_items(state: SubjectState) -> list:
    items: list = []
    for rec in sorted(state.records.values(), key=lambda r: r.memory_id):
        d = rec.model_dump(mode="json")
        d["text"] = _h(rec.text)
        d["slot"] = _h(rec.slot)
        d["fields"] = _h(json.dumps(rec.fields, sort_keys=True))
        if not d["echoes"]:
            del d["echoes"]  # a view without echo links hashes as it did before they existed
        items.append(["record", d])
    for sid in sorted(state.sessions):
        s = state.sessions[sid]
        items.append([
            "summary", sid,
            [[i.turn_id, i.kind, _h(i.text), i.importance] for i in s.summary],
            [t.turn_id for t in s.window],
        ])
    return items


def view_digest(states: Iterable[SubjectState], *, ordered: bool = False) -> str:
    """`ordered`: the states come sorted by (tenant, user) already, so they are hashed as they come
    and never all held at once (a runtime that loads subjects on demand passes a generator)."""
    h = hashlib.sha256()
    for state in states if ordered else sorted(states, key=lambda s: (s.tenant_id, s.user_id)):
        if not state.records and not state.sessions:
            continue
        h.update(json.dumps([state.tenant_id, state.user_id, subject_digest_items(state)],
                            sort_keys=True, separators=(",", ":")).encode())
    return h.hexdigest()
