"""The conversation turn as it arrives (one JSONL line)."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from schemas.common import Role, UtcDatetime


class TurnIn(BaseModel):
    """`{tenant_id, user_id, session_id, turn_id, role, speaker?, text, occurred_at}`."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=False)

    tenant_id: str = Field(min_length=1, max_length=128)
    user_id: str = Field(min_length=1, max_length=128)
    session_id: str = Field(min_length=1, max_length=128)
    turn_id: str = Field(min_length=1, max_length=128)
    role: Role
    speaker: str | None = Field(None, max_length=128)
    text: str
    occurred_at: UtcDatetime
