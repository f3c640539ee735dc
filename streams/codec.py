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


def seal_record(sealer: Sealer, record: dict[str, Any]) -> dict[str, Any]:
    ref = mem_ref(record["tenant_id"], record["user_id"], record["memory_id"])
    out = dict(record)
    if record.get("text") is None:
        # Already shredded: nothing to seal, and no key may be created for it again.
        out.update(text=None, slot=None, fields={})
        return out
    out["text"] = sealer.seal_text(ref, record.get("text"))
    out["slot"] = sealer.seal_text(ref, record.get("slot"))
    fields = record.get("fields") or {}
    out["fields"] = {SEALED_FIELDS_MARK: sealer.seal_text(ref, json.dumps(fields, sort_keys=True))}
    return out


def open_record(sealer: Sealer, record: dict[str, Any]) -> dict[str, Any]:
    ref = mem_ref(record["tenant_id"], record["user_id"], record["memory_id"])
    out = dict(record)
    out["text"] = sealer.open_text(ref, record.get("text"))
    out["slot"] = sealer.open_text(ref, record.get("slot"))
    sealed_fields = (record.get("fields") or {}).get(SEALED_FIELDS_MARK)
    opened = sealer.open_text(ref, sealed_fields) if sealed_fields else None
    out["fields"] = json.loads(opened) if opened else {}
    return out


def _map_content(data: dict[str, Any], tenant: str, user: str, sealer: Sealer, sealing: bool) -> None:
    payload = data["payload"]
    kind = payload["type"]
    session = data.get("session_id")
    text_op = sealer.seal_text if sealing else sealer.open_text
    if kind == "turn_received":
        ref = turn_ref(tenant, user, session, payload["turn_id"])
        payload["text"] = text_op(ref, payload.get("text"))
        payload["speaker"] = text_op(ref, payload.get("speaker"))
    elif kind == "window_compacted":
        for line in payload["summary"]:
            line["text"] = text_op(turn_ref(tenant, user, session, line["turn_id"]), line.get("text"))
    elif kind == "memory_recorded":
        payload["record"] = (seal_record if sealing else open_record)(sealer, payload["record"])


def encode_event(event: Event, sealer: Sealer) -> bytes:
    data = event.model_dump(mode="json")
    _map_content(data, event.tenant_id, event.user_id, sealer, sealing=True)
    return json.dumps(data, separators=(",", ":")).encode()


def decode_event(raw: bytes, sealer: Sealer) -> Event:
    """Raises ValueError (pydantic ValidationError, JSONDecodeError) on a malformed message."""
    data = json.loads(raw)
    if not isinstance(data, dict) or not isinstance(data.get("payload"), dict):
        raise ValueError("event is not an object with a payload")
    _map_content(data, str(data.get("tenant_id")), str(data.get("user_id")), sealer, sealing=False)
    return Event.model_validate(data)


