"""`view_digest`: a stable hash of the view, equal on every runtime and every replay of one log.

Content enters as its SHA-256, so two views with the same text under different encryption nonces
hash the same, and the digest itself reveals nothing.
"""
from __future__ import annotations

import gc
import hashlib
import json
from contextlib import contextmanager
from typing import Iterable, Iterator

from engine.state import SubjectState


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector held off for a bulk pass (a replay, a digest of every
    subject): such a pass allocates millions of objects that live on (the records of the subjects
    held) and frees them by reference count, and every collection it triggered would walk all of
    them again. Records, states and events hold no reference cycles. The collector is enabled
    again after, if it was."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _h(text: str | None) -> str | None:
    return None if text is None else hashlib.sha256(text.encode()).hexdigest()


#: What json.dumps(..., sort_keys=True) and json.dumps(..., sort_keys=True, separators=(",", ":"))
#: make, built once (json.dumps builds an encoder on every call that passes an option).
_FIELDS_JSON = json.JSONEncoder(sort_keys=True, check_circular=False).encode
_CHUNK_JSON = json.JSONEncoder(sort_keys=True, separators=(",", ":"), check_circular=False).encode
_NO_FIELDS = _h(_FIELDS_JSON({}))


def subject_digest_items(state: SubjectState) -> list:
    items: list = []
    records = state.records
    for memory_id in sorted(records):
        rec = records[memory_id]
        d = rec.__pydantic_serializer__.to_python(rec, mode="json")  # what model_dump(mode="json") makes
        d["text"] = _h(rec.text)
        d["slot"] = _h(rec.slot)
        d["fields"] = _h(_FIELDS_JSON(rec.fields)) if rec.fields else _NO_FIELDS
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


def subject_chunk(state: SubjectState) -> bytes:
    """What one subject adds to the view's digest (empty for a subject with no records and no
    sessions). A runtime may make it early, while it holds the subject (a replay does as its bounded
    cache lets a subject go), and hand it to `view_digest` in place of the state."""
    if not state.records and not state.sessions:
        return b""
    return _CHUNK_JSON([state.tenant_id, state.user_id, subject_digest_items(state)]).encode()


def view_digest(states: Iterable[SubjectState | bytes], *, ordered: bool = False) -> str:
    """`ordered`: the states come sorted by (tenant, user) already, so they are hashed as they come
    and never all held at once (a runtime that loads subjects on demand passes a generator). An
    ordered run may hold, in a subject's place, the bytes `subject_chunk` made of its state."""
    h = hashlib.sha256()
    with collector_paused():
        for state in states if ordered else sorted(states, key=lambda s: (s.tenant_id, s.user_id)):
            h.update(state if type(state) is bytes else subject_chunk(state))
    return h.hexdigest()
