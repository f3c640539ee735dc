"""What the HTTP API (streams.api) takes and answers, beyond the messages it shares with the rest
of memstream (turns, records, recall hits, contexts, summaries, audit entries).

The tenant never appears here: it is the API key's (streams.api.keys), so no request can name
another tenant's data. The Python client (streams.client) parses answers into these same models.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from schemas.common import MemoryKind, PrivacyLevel, Role, UtcDatetime
from schemas.records import MemoryRecord

Scope = Literal["read", "write", "forget", "admin"]
SCOPES: tuple[str, ...] = ("read", "write", "forget", "admin")


class TurnBody(BaseModel):
    """One turn in the JSONL shape, without `tenant_id` (the key's tenant is used)."""

    model_config = ConfigDict(extra="forbid")

    user_id: str = Field(min_length=1, max_length=128)
    session_id: str = Field(min_length=1, max_length=128)
    turn_id: str = Field(min_length=1, max_length=128)
    role: Role
    speaker: str | None = Field(None, max_length=128)
    text: str
    occurred_at: UtcDatetime


class ItemError(BaseModel):
    """Why one item of a batch was rejected; nothing of it was written. Never holds its text."""

    model_config = ConfigDict(extra="forbid")

    index: int = Field(ge=0, description="The item's position in the request.")
    turn_id: str | None = None
    error: str = Field(description="The typed error's name, e.g. OversizeTextError.")
    detail: str
    field: str | None = None


class TurnsAccepted(BaseModel):
    model_config = ConfigDict(extra="forbid")

    accepted: int = Field(ge=0, description="Turns written now.")
    already_present: int = Field(ge=0, description="Turns that were written before (same ids): ignored.")
    rejected: int = Field(ge=0)
    errors: list[ItemError] = Field(default_factory=list)


class RememberBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: str = Field(min_length=1)
    session_id: str | None = None
    kind: MemoryKind | None = None
    importance: float | None = Field(None, ge=0.0, le=1.0)
    privacy_level: PrivacyLevel | None = None
    expires_at: UtcDatetime | None = None
    occurred_at: UtcDatetime | None = None
    request_id: str | None = Field(None, min_length=1, max_length=256)


class Remembered(BaseModel):
    model_config = ConfigDict(extra="forbid")

    memory_id: str


class ForgetBody(BaseModel):
    """Exactly one of: `memory_id`, `query`, `session_id` alone ("forget that": the session's latest
    memory), or `subject: true` (everything about the user)."""

    model_config = ConfigDict(extra="forbid")

    memory_id: str | None = None
    query: str | None = None
    session_id: str | None = None
    subject: bool = False
    dry_run: bool = Field(False, description="Answer what would be forgotten; change nothing.")
    request_id: str | None = Field(None, min_length=1, max_length=256)


class Forgotten(BaseModel):
    model_config = ConfigDict(extra="forbid")

    memory_ids: list[str]
    dry_run: bool


class UsageBody(BaseModel):
    """The memories a client actually put into a prompt: their use counts toward keeping them."""

    model_config = ConfigDict(extra="forbid")

    memory_ids: list[str] = Field(min_length=1, max_length=1000)
    session_id: str | None = None
    request_id: str | None = Field(None, min_length=1, max_length=256)


class UsageRecorded(BaseModel):
    model_config = ConfigDict(extra="forbid")

    recorded: int


class TurnView(BaseModel):
    """A recent turn of a session, still readable (in its window)."""

    model_config = ConfigDict(extra="forbid")

    turn_id: str
    role: Role
    speaker: str | None = None
    text: str
    occurred_at: UtcDatetime


class MemoryChange(BaseModel):
    """One change to a tenant's memory as it was projected: what `GET /v1/events` streams.

    `record` holds the memory (its text included) on `memory_recorded` when content is asked for
    and still readable; `detail` is content-free either way (ids, kinds, reasons, counts)."""

    model_config = ConfigDict(extra="forbid")

    cursor: str = Field(description="Resume after this change with it (the SSE id).")
    event_id: str
    type: str
    user_id: str
    session_id: str | None = None
    occurred_at: UtcDatetime
    recorded_at: UtcDatetime
    memory_ids: list[str]
    detail: dict
    record: MemoryRecord | None = None


class KeyInfo(BaseModel):
    """An API key as listed: never its secret (only its hash is stored)."""

    model_config = ConfigDict(extra="forbid")

    key_id: str
    tenant_id: str
    scopes: list[Scope]
    name: str | None = None
    created_at: UtcDatetime
    expires_at: UtcDatetime | None = None
    revoked_at: UtcDatetime | None = None


class Health(BaseModel):
    model_config = ConfigDict(extra="forbid")

    status: Literal["ok", "starting", "unavailable"]
    pending: int | None = Field(None, description="Log entries not yet projected (0 when caught up).")


class Problem(BaseModel):
    """An error answer (`application/problem+json`, RFC 9457)."""

    model_config = ConfigDict(extra="allow")

    type: str
    title: str
    status: int
    detail: str
    errors: list[dict] | None = None
