"""Events and records to bytes and back, sealing every content field on the way out.

What is sealed, and under which key:
  turn_received.{text, speaker}, window_compacted.summary[].text -> the key of the turn it came from
  memory_recorded.record.{text, fields, slot}           -> the key of that memory
Ids, kinds, scores and timestamps stay readable: the log can be audited without reading content.
A field whose key was destroyed decodes as None (text, slot) or {} (fields).
"""
from __future__ import annotations

import json
from typing import Any

from engine.crypto import KeyRef, Sealer
from engine.projector import memory_ids_of  # noqa: F401 (the log indexes events by it)
from schemas.events import Event

SEALED_FIELDS_MARK = "$sealed"


def turn_ref(tenant_id: str, user_id: str, session_id: str | None, turn_id: str) -> KeyRef:
    """Turn ids are unique within a session, so a turn's key is named by both."""
    session = session_id or ""
    return KeyRef(tenant_id, user_id, "turn", f"{len(session)}:{session}/{turn_id}")


def mem_ref(tenant_id: str, user_id: str, memory_id: str) -> KeyRef:
    return KeyRef(tenant_id, user_id, "mem", memory_id)


#: What a decoded record was sealed as, by memory id: its text, slot and fields as opened (the
#: fields a copy), and the sealed (text, slot, fields JSON). Writing the same content again reuses the
#: sealed form instead of encrypting it anew.
SealedParts = dict[str, tuple[str, str | None, dict[str, str], tuple[str | None, str | None, str | None]]]


def seal_record(sealer: Sealer, record: dict[str, Any]) -> dict[str, Any]:
    ref = mem_ref(record["tenant_id"], record["user_id"], record["memory_id"])
    out = dict(record)
    if record.get("text") is None:
        # Already shredded: nothing to seal, and no key may be created for it again.
        out.update(text=None, slot=None, fields={})
        return out
    plain = (record.get("text"), record.get("slot"), json.dumps(record.get("fields") or {}, sort_keys=True))
    text, slot, fields = sealer.seal_texts(ref, plain)
    out["text"], out["slot"] = text, slot
    out["fields"] = {SEALED_FIELDS_MARK: fields}
    return out


def sealed_record_json(sealer: Sealer, record: Any, known: SealedParts | None = None) -> bytes:
    """A MemoryRecord as JSON with its content sealed (what `seal_record` makes of its dump). Content
    equal to what `known` holds for the record is written in the sealed form it was read in."""
    if record.text is None:
        # Already shredded: nothing to seal, and no key may be created for it again.
        text = slot = None
        fields: dict[str, Any] = {}
    else:
        seen = known.get(record.memory_id) if known else None
        if seen is not None and seen[0] == record.text and seen[1] == record.slot and seen[2] == record.fields:
            text, slot, sealed_fields = seen[3]
        else:
            text, slot, sealed_fields = sealer.seal_texts(
                mem_ref(record.tenant_id, record.user_id, record.memory_id),
                (record.text, record.slot, json.dumps(record.fields or {}, sort_keys=True)))
        fields = {SEALED_FIELDS_MARK: sealed_fields}
    return record.__pydantic_serializer__.to_json(_with_content(record, text, slot, fields))


def _with_content(record: Any, text: str | None, slot: str | None, fields: dict[str, Any]) -> Any:
    """A shallow copy of a record with other content, serialized whole (pydantic's exclude costs
    more). What `model_copy(update=...)` makes, without its generic copying of the model's private
    and extra parts (a MemoryRecord has neither) and its deep-copy machinery: a third of its time."""
    copy = object.__new__(type(record))
    values = record.__dict__.copy()
    values["text"], values["slot"], values["fields"] = text, slot, fields
    object.__setattr__(copy, "__dict__", values)
    object.__setattr__(copy, "__pydantic_fields_set__", record.__pydantic_fields_set__ | _CONTENT)
    object.__setattr__(copy, "__pydantic_extra__", None)
    object.__setattr__(copy, "__pydantic_private__", None)
    return copy


_CONTENT = frozenset({"text", "slot", "fields"})


def _seal_content(data: dict[str, Any], tenant: str, user: str, sealer: Sealer) -> None:
    payload = data["payload"]
    kind = payload["type"]
    session = data.get("session_id")
    if kind == "turn_received":
        ref = turn_ref(tenant, user, session, payload["turn_id"])
        payload["text"], payload["speaker"] = sealer.seal_texts(ref, (payload.get("text"), payload.get("speaker")))
    elif kind == "window_compacted":
        for line in payload["summary"]:
            line["text"] = sealer.seal_text(turn_ref(tenant, user, session, line["turn_id"]), line.get("text"))
    elif kind == "memory_recorded":
        payload["record"] = seal_record(sealer, payload["record"])


def needed_keys(data: dict[str, Any]) -> list[KeyRef]:
    """The keys a logged event's sealed content needs to be read (its JSON as logged, still sealed):
    the fields `_seal_content` seals, where they hold something. An entry whose content was sealed
    under a key that is gone reads as forgotten, so a key listed here and gone must have been
    destroyed by some event; otherwise it is lost."""
    payload = data.get("payload") or {}
    kind = payload.get("type")
    tenant, user, session = data["tenant_id"], data["user_id"], data.get("session_id")
    if kind == "turn_received":
        if payload.get("text") is not None or payload.get("speaker") is not None:
            return [turn_ref(tenant, user, session, payload["turn_id"])]
    elif kind == "window_compacted":
        return [turn_ref(tenant, user, session, line["turn_id"]) for line in payload.get("summary") or ()
                if line.get("text") is not None]
    elif kind == "memory_recorded":
        record = payload["record"]
        fields = record.get("fields") or {}
        if record.get("text") is not None or record.get("slot") is not None or fields.get(SEALED_FIELDS_MARK):
            return [mem_ref(tenant, user, record["memory_id"])]
    return []


#: Event types whose folding destroys data keys (what engine.projector.apply returns for them); a
#: subject forget destroys every key of the subject created before it.
DESTROYING = frozenset({"memories_merged", "memory_expired", "memory_forgotten", "turns_expired",
                        "subject_forgotten"})


class KeyNeeds:
    """What a run of logged entries says about keys: which ones their content needs (by the first
    seq that needs each), which ones their events destroyed, and each subject's forgets. A key
    needed and gone that none of the events after it destroyed is lost, not forgotten."""

    def __init__(self) -> None:
        self.needed: dict[str, int] = {}
        self.destroyed: set[str] = set()
        self.forgets: dict[tuple[str, str], list[int]] = {}

    def add(self, seq: int, data: dict[str, Any], event: Event | None = None) -> None:
        """One entry, as logged (`data`: its JSON, content still sealed). With `event` (the entry
        validated already) every event is folded to find what it destroys; without, only the
        types that destroy keys are validated."""
        from engine.projector import apply
        from engine.state import SubjectState

        for ref in needed_keys(data):
            self.needed.setdefault(ref.storage_key(), seq)
        kind = (data.get("payload") or {}).get("type")
        if kind == "subject_forgotten":
            self.forgets.setdefault((data["tenant_id"], data["user_id"]), []).append(seq)
        elif event is not None or kind in DESTROYING:
            event = event if event is not None else Event.model_validate(data)
            for ref in apply(SubjectState(event.tenant_id, event.user_id), event):
                self.destroyed.add(ref.storage_key())

    def lost(self, exists) -> list[str]:
        """The needed keys that `exists(name)` says are gone and no event destroyed, oldest first."""
        from engine.crypto import subject_of

        lost = []
        for name, seq in sorted(self.needed.items(), key=lambda item: item[1]):
            if name in self.destroyed:
                continue
            try:
                subject = subject_of(name)
            except ValueError:
                subject = None
            if subject is not None and any(seq < at for at in self.forgets.get(subject, ())):
                continue
            if not exists(name):
                lost.append(name)
        return lost


def encode_event(event: Event, sealer: Sealer) -> bytes:
    data = event.model_dump(mode="json")
    _seal_content(data, event.tenant_id, event.user_id, sealer)
    return json.dumps(data, separators=(",", ":")).encode()


#: Event.model_validate_json without its Python wrapper (the same validator, the same errors).
_validate_event_json = Event.__pydantic_validator__.validate_json


def decode_event(raw: bytes, sealer: Sealer, known: SealedParts | None = None) -> Event:
    """Raises ValueError (pydantic ValidationError) on a malformed message. With `known`, a record's
    sealed form is kept there for `seal_record` to reuse.

    The envelope is validated as it was logged (content still sealed, in one pass of pydantic's
    JSON parser), then the sealed fields are opened in place; what they open to is authenticated
    (AES-GCM), so only its shape is checked."""
    event = _validate_event_json(raw)
    p = event.payload
    tenant, user = event.tenant_id, event.user_id
    if p.type == "turn_received":
        p.text, p.speaker = sealer.open_texts(turn_ref(tenant, user, event.session_id, p.turn_id), (p.text, p.speaker))
    elif p.type == "window_compacted":
        for line in p.summary:
            line.text = sealer.open_text(turn_ref(tenant, user, event.session_id, line.turn_id), line.text)
    elif p.type == "memory_recorded":
        if p.record.tenant_id != tenant or p.record.user_id != user:
            raise ValueError("a record names another subject than its event")
        open_record_in_place(sealer, p.record, known)
    return event


def open_record_in_place(sealer: Sealer, rec: Any, known: SealedParts | None = None) -> Any:
    """Opens a MemoryRecord validated in its sealed form (text, slot and fields come back as None
    and {} when its key was destroyed); returns it."""
    sealed = (rec.text, rec.slot, rec.fields.get(SEALED_FIELDS_MARK))
    text, slot, fields = sealer.open_texts(mem_ref(rec.tenant_id, rec.user_id, rec.memory_id), sealed)
    opened = json.loads(fields) if fields and fields != "{}" else {}  # "{}": most records' fields
    # A JSON object's keys are strings: only the values need a look.
    if type(opened) is not dict or not all(type(v) is str for v in opened.values()):
        raise ValueError("a record's fields are not a map of strings")
    # Straight into the model's fields: the values are checked above, and pydantic's __setattr__
    # costs more than the decryption on a replay.
    rec.__dict__.update(text=text, slot=slot, fields=opened)
    if known is not None and text is not None and fields is not None:
        known[rec.memory_id] = (text, slot, dict(opened), sealed)
    return rec
