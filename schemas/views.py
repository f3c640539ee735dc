"""What readers get back: recall hits, assembled contexts, audit entries."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from schemas.common import MemoryKind, UtcDatetime
from schemas.records import TurnRef


class RecallHit(BaseModel):
    model_config = ConfigDict(extra="forbid")

    memory_id: str
    text: str
    kind: MemoryKind
    score: float
    source_turn_ids: list[str]
    sources: list[TurnRef]
    relevance: float
    keep_score: float
    created_at: UtcDatetime
    happened_at: UtcDatetime | None = None


class Omitted(BaseModel):
    model_config = ConfigDict(extra="forbid")

    layer: str
    ref: str
    tokens: int
    reason: str


class LayerReport(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    budget: int
    tokens: int
    items: int


class ContextResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: str
    tokens: int
    sources: list[str]
    omitted: list[Omitted]
    layers: list[LayerReport]
    memory_ids: list[str]


class SummaryView(BaseModel):
    """A session summary, topic summary or user profile: computed from the active records when read."""

    model_config = ConfigDict(extra="forbid")

    title: str
    text: str
    lines: list[str]
    memory_ids: list[str]
    source_turn_ids: list[str]
    tokens: int
    omitted: int


class AuditEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    event_id: str
    type: str
    occurred_at: UtcDatetime
    recorded_at: UtcDatetime
    causation_id: str | None
    detail: dict
