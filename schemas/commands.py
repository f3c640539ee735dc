"""Commands a user or an agent platform sends: remember something, forget something."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from schemas.common import MemoryKind, PrivacyLevel, UtcDatetime


class Remember(BaseModel):
    """Store a memory the user stated explicitly ("remember that ...")."""

    model_config = ConfigDict(extra="forbid")

    tenant_id: str = Field(min_length=1)
    user_id: str = Field(min_length=1)
    session_id: str | None = None
    text: str = Field(min_length=1)
    kind: MemoryKind | None = Field(None, description="Inferred from the text when absent.")
    importance: float | None = Field(None, ge=0.0, le=1.0)
    privacy_level: PrivacyLevel | None = None
    expires_at: UtcDatetime | None = None
    occurred_at: UtcDatetime | None = None
    request_id: str | None = Field(None, min_length=1, max_length=256, description=(
        "Makes the command idempotent: the same request_id decides the same events, so a retried "
        "or redelivered command changes nothing twice."))


ForgetMode = Literal["id", "query", "that", "subject"]


class Forget(BaseModel):
    """Forget by id, by query, "forget that" (the session's latest memory), or the whole subject."""

    model_config = ConfigDict(extra="forbid")

    tenant_id: str = Field(min_length=1)
    user_id: str = Field(min_length=1)
    mode: ForgetMode
    memory_id: str | None = None
    query: str | None = None
    session_id: str | None = None
    occurred_at: UtcDatetime | None = None
    request_id: str | None = Field(None, min_length=1, max_length=256, description=(
        "Makes the command idempotent: the same request_id decides the same events, so a retried "
        "or redelivered command changes nothing twice."))

    @model_validator(mode="after")
    def _mode_has_its_argument(self) -> "Forget":
        needed = {"id": "memory_id", "query": "query", "that": "session_id"}.get(self.mode)
        if needed and not getattr(self, needed):
            raise ValueError(f"forget by {self.mode} needs {needed}")
        # Erasure cannot be undone: a command naming two things to forget is refused, not read as
        # one of them (a session id only says where "forget that" was said).
        other = [name for name in ("memory_id", "query") if name != needed and getattr(self, name)]
        if other:
            raise ValueError(f"forget by {self.mode} does not take {' or '.join(other)}; "
                             "send one forget for each thing to forget")
        return self
