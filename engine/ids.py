"""Deterministic ids: the same input always yields the same event and memory ids, on every runtime
and on every replay. That is what makes re-delivery harmless."""
from __future__ import annotations

import hashlib
import uuid

_NS = uuid.UUID("5b0e2b5e-8f5c-4a51-9d1e-6d656d737472")


def derive(*parts: str) -> str:
    # Length-prefixed, so no choice of ids can make two different part lists collide.
    return str(uuid.uuid5(_NS, "".join(f"{len(p)}:{p};" for p in parts)))


def turn_event_id(tenant_id: str, user_id: str, session_id: str, turn_id: str) -> str:
    return derive("turn", tenant_id, user_id, session_id, turn_id)


def text_digest(text: str) -> bytes:
    """What the process caches keyed by text hold instead of the text (16 bytes of BLAKE2b)."""
    return hashlib.blake2b(text.encode(), digest_size=16).digest()
