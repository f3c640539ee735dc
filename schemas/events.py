"""The event log's language: one versioned envelope, one payload type per thing that happened.

Content (turn text, summary lines, record text) lives in the payloads as plain strings inside the
process; the log codec (`streams.codec`) seals it with per-subject keys before it touches disk. A
payload whose key has been destroyed decodes with its content set to ``None``.
"""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, model_validator

from schemas.common import MemoryKind, Role, UtcDatetime
from schemas.records import MemoryRecord, TurnRef

EVENT_SCHEMA_VERSION = 1


class _Payload(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TurnReceived(_Payload):
    type: Literal["turn_received"] = "turn_received"
    turn_id: str
    role: Role
    speaker: str | None = Field(None, description="Sealed with the text; None once shredded.")
    text: str | None = Field(description="Redacted turn text; None once shredded.")
    tokens: int = Field(ge=0)


class SecretRedacted(_Payload):
    """Records that secrets were removed from a turn before it was written. Never holds the value."""

    type: Literal["secret_redacted"] = "secret_redacted"
    turn_id: str
    kinds: list[str]
    count: int = Field(ge=1)


class SummaryLine(BaseModel):
    model_config = ConfigDict(extra="forbid")

    turn_id: str
    kind: str = Field(description="preference, constraint, decision, correction, task, name, date, fact")
    text: str | None
    importance: float = Field(ge=0.0, le=1.0)
    occurred_at: UtcDatetime


class WindowCompacted(_Payload):
    """The oldest part of a session window left it; the running summary that results."""

    type: Literal["window_compacted"] = "window_compacted"
    evicted_turn_ids: list[str]
    summary: list[SummaryLine]
    summary_tokens: int = Field(ge=0)


class MemoryRecorded(_Payload):
    type: Literal["memory_recorded"] = "memory_recorded"
    record: MemoryRecord


class MemoryReinforced(_Payload):
    """A record was used (recalled into a context): usage counts toward keeping it."""

    type: Literal["memory_reinforced"] = "memory_reinforced"
    memory_ids: list[str]
    used_at: UtcDatetime


class MemoryUpdated(_Payload):
    """New evidence for an existing record (a repeat, a confirmation)."""

    type: Literal["memory_updated"] = "memory_updated"
    memory_id: str
    add_sources: list[TurnRef] = Field(default_factory=list)
    confidence: float | None = Field(None, ge=0.0, le=1.0)
    importance: float | None = Field(None, ge=0.0, le=1.0)
    reason: str


class MemorySuperseded(_Payload):
    """A newer statement replaced this record: it leaves recall, stays in the audit trail."""

    type: Literal["memory_superseded"] = "memory_superseded"
    memory_id: str
    superseded_by: str
    reason: str


class MemoriesMerged(_Payload):
    """Duplicates folded into the best-sourced record; the merged ones leave the view."""

    type: Literal["memories_merged"] = "memories_merged"
    target_id: str
    merged_ids: list[str]
    sources: list[TurnRef]
    confidence: float = Field(ge=0.0, le=1.0)
    evidence_count: int = Field(ge=1)
    reason: str


class MemoryExpired(_Payload):
    type: Literal["memory_expired"] = "memory_expired"
    memory_id: str
    reason: str


class MemoryArchived(_Payload):
    type: Literal["memory_archived"] = "memory_archived"
    memory_id: str
    keep_score: float
    reason: str


class MemoryForgotten(_Payload):
    """A record was deleted for real: its key and the keys of the turns it can still be read from
    (its source turns and the turns that repeat it) are destroyed.

    PII-free by construction: ids, counts and a reason, never the text.
    """

    type: Literal["memory_forgotten"] = "memory_forgotten"
    memory_id: str
    kind: MemoryKind | None = None
    shredded_turns: list[TurnRef] = Field(default_factory=list)
    reason: Literal["user_request", "policy", "secret", "expired"]
    turns_shredded: int | None = Field(None, ge=0, description=(
        "How many turns this forget shredded (sources and echoes); None in logs written before it was counted."))
    echo_of: str | None = Field(None, description=(
        "Set when this record is forgotten because it repeats another memory forgotten by the same request."))


class MemoryEchoed(_Payload):
    """A turn (any role) repeats existing memories without being their evidence, e.g. an assistant's
    acknowledgement: it is shredded with them when they are forgotten. Content-free: ids only."""

    type: Literal["memory_echoed"] = "memory_echoed"
    turn: TurnRef
    memory_ids: list[str] = Field(min_length=1)


class TurnsExpired(_Payload):
    """Raw turns of one session (the envelope's) whose keys are destroyed under a retention policy or
    an archive request; the records, session and topic summaries and their provenance ids stay.
    Content-free: ids and the policy."""

    type: Literal["turns_expired"] = "turns_expired"
    turn_ids: list[str] = Field(min_length=1)
    reason: Literal["retention", "archived"]
    policy: str = Field(description="Which rule expired them, e.g. 'retention_days=30 (tenant acme)' or "
                                    "'archive_session'.")


class SubjectForgotten(_Payload):
    """Everything about one (tenant, user) is deleted; the subject key is destroyed."""

    type: Literal["subject_forgotten"] = "subject_forgotten"
    reason: str = "user_request"
    keys_before: int | None = Field(
        None, description="Key-store creation number when the forget was asked: only older keys are destroyed."
    )
    memory_ids: list[str] = Field(
        default_factory=list,
        description="The memories the subject held when it was forgotten (ids only): each one's audit trail ends here.",
    )


Payload = Annotated[
    Union[
        TurnReceived,
        SecretRedacted,
        WindowCompacted,
        MemoryRecorded,
        MemoryReinforced,
        MemoryUpdated,
        MemorySuperseded,
        MemoriesMerged,
        MemoryExpired,
        MemoryArchived,
        MemoryForgotten,
        SubjectForgotten,
        MemoryEchoed,
        TurnsExpired,
    ],
    Field(discriminator="type"),
]

EVENT_TYPES: tuple[str, ...] = (
    "turn_received", "secret_redacted", "window_compacted", "memory_recorded", "memory_reinforced",
    "memory_updated", "memory_superseded", "memories_merged", "memory_expired", "memory_archived",
    "memory_forgotten", "subject_forgotten", "memory_echoed", "turns_expired",
)


class Event(BaseModel):
    """The envelope every event travels in, on the local log and on Kafka alike."""

    model_config = ConfigDict(extra="forbid")

    event_id: str = Field(min_length=1, description="Unique; applying an event twice changes nothing.")
    type: str
    schema_version: int = EVENT_SCHEMA_VERSION
    tenant_id: str
    user_id: str
    session_id: str | None = None
    occurred_at: UtcDatetime
    recorded_at: UtcDatetime
    causation_id: str | None = Field(None, description="The event this one was derived from.")
    decided_by: str | None = Field(None, description="For a decision (an event the processor or rederive derived): "
                                   "the deciders and their versions that made it, e.g. 'rules/2+meaning/1'.")
    payload: Payload

    @model_validator(mode="after")
    def _type_matches_payload(self) -> "Event":
        if self.type != self.payload.type:
            raise ValueError(f"event type {self.type!r} does not match payload type {self.payload.type!r}")
        if self.schema_version > EVENT_SCHEMA_VERSION:
            raise ValueError(
                f"schema_version {self.schema_version} is newer than this memstream understands "
                f"({EVENT_SCHEMA_VERSION}); upgrade memstream"
            )
        return self

    @property
    def subject(self) -> tuple[str, str]:
        return (self.tenant_id, self.user_id)
