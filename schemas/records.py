"""A long-term memory record: the compact, typed unit that recall and context assembly read."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from schemas.common import MemoryKind, PrivacyLevel, Source, Tier, UtcDatetime

RECORD_SCHEMA_VERSION = 1


class TurnRef(BaseModel):
    """One turn, named the way the ingest names it: turn ids are unique within a session."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    session_id: str
    turn_id: str


class MemoryRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    memory_id: str
    tenant_id: str
    user_id: str
    session_id: str | None = Field(None, description="Session the record was learned in.")
    kind: MemoryKind
    text: str | None = Field(
        description="The memory in one line, speaker attributed. None once its key is shredded."
    )
    fields: dict[str, str] = Field(default_factory=dict, description="Structured parts, e.g. object, polarity.")
    slot: str | None = Field(
        None, description="What the record is about; two records with one slot conflict."
    )
    source: Source
    sources: list[TurnRef] = Field(default_factory=list, description="Provenance: the turns it came from.")
    echoes: list[TurnRef] = Field(default_factory=list, description=(
        "Other turns (any role) that repeat this memory, e.g. an assistant's acknowledgement: not "
        "evidence, but shredded with the memory when it is forgotten (engine.erasure)."))
    confidence: float = Field(ge=0.0, le=1.0)
    importance: float = Field(ge=0.0, le=1.0)
    created_at: UtcDatetime
    updated_at: UtcDatetime
    last_used_at: UtcDatetime | None = None
    use_count: int = 0
    happened_at: UtcDatetime | None = Field(None, description="For episodes: when it happened.")
    expires_at: UtcDatetime | None = None
    privacy_level: PrivacyLevel = "personal"
    tier: Tier = "active"
    superseded_by: str | None = None
    evidence_count: int = Field(1, description="How many turns said this; merges add up.")

    @property
    def source_turn_ids(self) -> list[str]:
        return [s.turn_id for s in self.sources]
