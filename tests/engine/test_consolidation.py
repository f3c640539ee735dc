"""Consolidation: repeated evidence about one thing becomes one semantic (reflection) record."""
from __future__ import annotations

from conftest import make_turn
from engine import MemoryEngine

POTTERY = [
    "The pottery studio downtown has a huge kiln for glazed bowls.",
    "Our pottery studio teacher showed us glazed bowls with blue patterns.",
    "The glazed bowls from the pottery studio sold out at the market.",
]
# Statements about one thing that each add something (the default asks for plain repeats).
LOOSE = {"consolidate_similarity": 0.5}
BAKERY = "The bakery on Main Street sells sourdough bread with olives."


def _ingest(engine: MemoryEngine, texts: list[str], speaker: str = "Dara", start: int = 0) -> None:
    for n, text in enumerate(texts, start):
        engine.ingest(make_turn(text, n, speaker=speaker))
    engine.flush()


def test_repeated_evidence_becomes_one_reflection_record_that_supersedes_the_pieces(data_dir):
    with MemoryEngine.open(data_dir, **LOOSE) as engine:
        _ingest(engine, POTTERY + [BAKERY])
        active = engine.records("acme", "u1")
        every = engine.records("acme", "u1", include_inactive=True)
        digest = engine.view_digest()
    merged = [r for r in active if r.source == "reflection"]
    assert len(merged) == 1
    rec = merged[0]
    assert rec.kind == "fact"
    assert rec.source_turn_ids == ["s1-t0", "s1-t1", "s1-t2"]
    assert rec.evidence_count == 3
    assert rec.confidence > 0.8  # above any one piece's
    for part in ("kiln", "blue patterns", "sold out"):
        assert part in (rec.text or "")
    pieces = [r for r in every if r.tier == "superseded"]
    assert {p.superseded_by for p in pieces} == {rec.memory_id}
    assert sorted(t for p in pieces for t in p.source_turn_ids) == ["s1-t0", "s1-t1"]
    # An unrelated statement stays on its own.
    assert any("bakery" in (r.text or "") and r.source == "user_explicit" for r in active)
    # Deterministic: replay gives the same view.
    with MemoryEngine.open(data_dir, **LOOSE) as engine:
        assert engine.view_digest() == digest


def test_consolidation_needs_enough_evidence_from_one_speaker(data_dir):
    with MemoryEngine.open(data_dir, **LOOSE) as engine:
        _ingest(engine, POTTERY[:2])
        _ingest(engine, POTTERY[2:], speaker="Priya", start=2)
        assert not [r for r in engine.records("acme", "u1") if r.source == "reflection"]


def test_later_evidence_grows_the_consolidated_record(data_dir):
    more = "My pottery studio friends glazed new bowls for the fair."
    with MemoryEngine.open(data_dir, **LOOSE) as engine:
        _ingest(engine, POTTERY + [more])
        merged = [r for r in engine.records("acme", "u1") if r.source == "reflection"]
    assert len(merged) == 1
    assert merged[0].evidence_count == 4
    assert merged[0].source_turn_ids == ["s1-t0", "s1-t1", "s1-t2", "s1-t3"]


def test_plain_repeats_consolidate_by_default_and_distinct_statements_do_not(data_dir):
    # The rule-based consolidation alone (deciding by meaning off).
    with MemoryEngine.open(data_dir, decide_by_meaning=False) as engine:
        _ingest(engine, POTTERY)
        assert not [r for r in engine.records("acme", "u1") if r.source == "reflection"]
        _ingest(engine, REPEATS, start=3)
        merged = [r for r in engine.records("acme", "u1") if r.source == "reflection"]
        assert len(merged) == 1 and merged[0].evidence_count >= 3


def test_with_meaning_repeats_still_end_in_one_memory_with_their_evidence(engine):
    _ingest(engine, POTTERY + REPEATS)
    holding = [r for r in engine.records("acme", "u1") if "kiln" in (r.text or "")]
    assert max(len(r.sources) for r in holding) >= 3


REPEATS = ["The pottery studio kiln fired glazed bowls and blue mugs for the spring market.",
           "The pottery studio kiln fired glazed bowls with our teacher Anna and her two assistants.",
           "Glazed bowls from the pottery studio kiln."]


def test_consolidation_can_be_turned_off(data_dir):
    with MemoryEngine.open(data_dir, consolidate=False, **LOOSE) as engine:
        _ingest(engine, POTTERY)
        assert not [r for r in engine.records("acme", "u1") if r.source == "reflection"]
