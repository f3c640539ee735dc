"""record_keep_score computes the keep score of DESIGN.md without building its parts: it must equal
keep_score(record_parts(...)) exactly (sorts break ties on it), whatever the record's times, use,
privacy level and the settings' weights."""
from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

import pytest

from engine.scoring import keep_score, record_keep_score, record_parts
from engine.settings import Settings
from schemas.records import MemoryRecord

T = datetime(2026, 5, 1, tzinfo=timezone.utc)


def _records(n: int, seed: int) -> list[MemoryRecord]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        created = T - timedelta(days=rng.uniform(0, 400))
        updated = created + timedelta(days=rng.uniform(0, 30)) if rng.random() < 0.7 else created
        used = updated + timedelta(days=rng.uniform(-40, 40)) if rng.random() < 0.5 else None
        out.append(MemoryRecord(
            memory_id=str(i), tenant_id="t", user_id="u", kind=rng.choice(["fact", "preference", "episode"]),
            text="x", source="user_explicit", confidence=rng.random(), importance=rng.random(),
            created_at=created, updated_at=updated, last_used_at=used, use_count=rng.randrange(0, 12),
            privacy_level=rng.choice(["public", "personal", "sensitive", "secret"])))
    return out


@pytest.mark.parametrize("settings", [
    Settings(),
    Settings(half_life_days=7, usage_saturation=3, weight_usage=0.4, weight_recency=0.1),
    Settings(weight_importance=0.9, weight_confidence=0.05, sensitivity_secret=0.5),
])
def test_the_direct_keep_score_is_the_parts_formula_exactly(settings):
    for now in (T, T + timedelta(days=50), T - timedelta(days=100)):
        for rec in _records(500, seed=int(now.timestamp())):
            assert record_keep_score(rec, now, settings) == keep_score(record_parts(rec, now, settings), settings)
