"""Shared vocabulary: the literal types every message in memstream uses."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Annotated, Literal

from pydantic import AfterValidator

Role = Literal["user", "assistant", "system", "tool"]
ROLES: tuple[str, ...] = ("user", "assistant", "system", "tool")

MemoryKind = Literal[
    "preference", "constraint", "decision", "fact", "episode", "temporary_instruction"
]
MEMORY_KINDS: tuple[str, ...] = (
    "preference", "constraint", "decision", "fact", "episode", "temporary_instruction"
)
#: Semantic kinds describe what is true now; an episode describes what happened once.
SEMANTIC_KINDS: frozenset[str] = frozenset({"preference", "constraint", "decision", "fact"})

Source = Literal["user_explicit", "inferred", "reflection", "tool"]
#: How much a source is trusted when two memories disagree (higher wins).
SOURCE_RANK: dict[str, int] = {"user_explicit": 3, "tool": 2, "reflection": 1, "inferred": 0}

PrivacyLevel = Literal["public", "personal", "sensitive", "secret"]
PRIVACY_ORDER: dict[str, int] = {"public": 0, "personal": 1, "sensitive": 2, "secret": 3}

Tier = Literal["active", "archived", "superseded"]


def _aware_utc(value: datetime) -> datetime:
    if value.tzinfo is None:
        value = value.replace(tzinfo=timezone.utc)
    return value.astimezone(timezone.utc)


#: A timestamp normalised to UTC; naive input is read as UTC.
UtcDatetime = Annotated[datetime, AfterValidator(_aware_utc)]
