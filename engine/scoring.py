"""The keep score of DESIGN.md: how much a memory is worth keeping right now.

keep = w_i*importance + w_r*recency + w_c*confidence + w_u*usage - sensitivity - duplicate
recency = exp(-age_days / half_life_days); usage = min(1, use_count / usage_saturation).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime

from engine.settings import Settings
from schemas.records import MemoryRecord

@dataclass(frozen=True)
class KeepParts:
    importance: float
    recency: float
    confidence: float
    usage: float
    sensitivity: float
    duplicate: float = 0.0


def keep_score(parts: KeepParts, settings: Settings) -> float:
    return _keep(parts.importance, parts.recency, parts.confidence, parts.usage, parts.sensitivity,
                 parts.duplicate, settings)


def _keep(importance: float, recency_: float, confidence: float, usage_: float, sensitivity: float,
          duplicate: float, settings: Settings) -> float:
    return (
        settings.weight_importance * importance
        + settings.weight_recency * recency_
        + settings.weight_confidence * confidence
        + settings.weight_usage * usage_
        - sensitivity
        - duplicate
    )


def recency(age_days: float, half_life_days: float) -> float:
    return math.exp(-max(0.0, age_days) / half_life_days)


def usage(use_count: int, saturation: int) -> float:
    return min(1.0, use_count / saturation)


def _age_days(record: MemoryRecord, now: datetime) -> float:
    # Age runs from the last time the memory was confirmed or used, not from its first sighting.
    last = record.updated_at
    used, created = record.last_used_at, record.created_at
    if used is not None and used > last:
        last = used
    if created > last:
        last = created
    return (now - last).total_seconds() / 86_400


def record_parts(record: MemoryRecord, now: datetime, settings: Settings, duplicate: bool = False) -> KeepParts:
    return KeepParts(
        importance=record.importance,
        recency=recency(_age_days(record, now), settings.half_life_days),
        confidence=record.confidence,
        usage=usage(record.use_count, settings.usage_saturation),
        sensitivity=getattr(settings, f"sensitivity_{record.privacy_level}"),
        duplicate=settings.duplicate_penalty if duplicate else 0.0,
    )


def record_keep_score(record: MemoryRecord, now: datetime, settings: Settings) -> float:
    """keep_score(record_parts(record, now, settings), settings) without building the parts:
    contexts, profiles and sweeps sort every record by it."""
    return _keep(record.importance, recency(_age_days(record, now), settings.half_life_days), record.confidence,
                 usage(record.use_count, settings.usage_saturation),
                 getattr(settings, f"sensitivity_{record.privacy_level}"), 0.0, settings)


def decide(score: float, settings: Settings) -> str:
    """"keep", "archive" or "delete" for a keep score."""
    if score < settings.delete_threshold:
        return "delete"
    if score < settings.archive_threshold:
        return "archive"
    return "keep"
