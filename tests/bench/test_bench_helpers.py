"""The benchmarks' pure helpers: stage attribution from profile stats, percentiles, extrapolation."""
from __future__ import annotations

import math

from bench.ingest import attribute, entry_time, time_called_from
from bench.recall import extrapolate, pct

GUARD = ("/x/engine/guard.py", 10, "validate_turn")
EMBED = ("/x/engine/embedder.py", 69, "embed")
ENCODE = ("/x/engine/embedder.py", 92, "_encode")
DECIDE = ("/x/engine/processor.py", 734, "decide_turn")
EMBED_NEW = ("/x/streams/embedded.py", 404, "_embed_new")
FACADE = ("/x/engine/facade.py", 244, "ingest_many")
FLUSH = ("/x/engine/facade.py", 261, "flush")


def _stats() -> dict:
    # func: (cc, nc, tottime, cumtime, {caller: (cc, nc, tottime, cumtime)})
    return {
        GUARD: (1, 1, 0.5, 1.0, {FACADE: (1, 1, 0.5, 1.0)}),
        # embed: 3 s from deciding, 2 s for new records; it calls _encode for 4.5 s of it
        EMBED: (2, 2, 0.5, 5.0, {DECIDE: (1, 1, 0.3, 3.0), EMBED_NEW: (1, 1, 0.2, 2.0)}),
        ENCODE: (2, 2, 4.5, 4.5, {EMBED: (2, 2, 4.5, 4.5)}),
        DECIDE: (1, 1, 1.0, 4.0, {FLUSH: (1, 1, 1.0, 4.0)}),
    }


def test_a_stage_counts_calls_entering_it_once():
    assert entry_time(_stats(), [("engine/embedder.py", "embed"), ("engine/embedder.py", "_encode")]) == 5.0
    assert entry_time(_stats(), [("engine/guard.py", "validate_turn")]) == 1.0


def test_embedding_for_records_is_told_apart_from_deciding():
    assert time_called_from(_stats(), [("engine/embedder.py", "embed")], [("streams/embedded.py", "_embed_new")]) == 2.0
    stages = attribute(_stats(), total_s=10.0)
    assert stages["embedding"] == 5.0
    assert stages["deciding (without embedding)"] == 1.0  # 4 s in decide_turn, 3 s of it embedding
    assert stages["guard and redaction"] == 1.0
    assert math.isclose(sum(stages.values()), 10.0)


def test_waiting_for_the_warm_up_ahead_is_a_stage_of_its_own():
    reach = ("/x/streams/warm_ahead.py", 60, "reach")
    process = ("/x/streams/embedded.py", 540, "_process_entries")
    stats = {**_stats(), reach: (3, 3, 0.1, 1.5, {process: (3, 3, 0.1, 1.5)})}
    stages = attribute(stats, total_s=10.0)
    assert stages["waiting for the warm-up ahead"] == 1.5
    assert math.isclose(stages["other"], 10.0 - 1.0 - 5.0 - 1.0 - 1.5)


def test_percentiles_are_in_milliseconds_and_extrapolation_is_linear():
    assert pct([0.001] * 99 + [0.1], 50) == 1.0
    assert math.isnan(pct([], 99))
    assert extrapolate(200, 60.0, 1000) == 300.0
