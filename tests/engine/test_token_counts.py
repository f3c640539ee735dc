"""Token counts of packed lines are cached by a digest of the line: a count read from the cache is
the tokenizer's own, and once content is forgotten no count of anything stays (not even a digest)."""
from __future__ import annotations

from conftest import make_turn
from engine import tokens
from engine.tokens import count_tokens, count_tokens_many

LINES = ["- Sam's physiotherapist is Dr Okafor at the Riverside clinic (May 2026)",
         "- Prefers answers with bullet points",
         "- Sam's flat is on the fourth floor, no lift",
         "naïve café déjà vu — 東京 and emoji 🙂 count too",
         ""]


def test_cached_counts_are_the_tokenizers_own():
    tokens.forget_counts()
    first = count_tokens_many(LINES)
    assert first == [count_tokens(line) for line in LINES]
    assert count_tokens_many(LINES) == first  # from the cache
    mixed = [LINES[2], "- Allergic to kiwi fruit", LINES[0], LINES[2]]
    assert count_tokens_many(mixed) == [count_tokens(line) for line in mixed]


def test_a_full_cache_starts_over(monkeypatch):
    tokens.forget_counts()
    monkeypatch.setattr(tokens, "COUNTS_MAX", 3)
    for i in range(10):
        line = f"- line number {i} about bicycles"
        assert count_tokens_many([line]) == [count_tokens(line)]
        assert len(tokens._counts) <= 3


def test_forgetting_content_leaves_no_count_behind(engine):
    engine.ingest_many([make_turn("I go to the climbing gym every Tuesday evening.", 1),
                        make_turn("I'm learning Portuguese for a move to Lisbon.", 2)])
    engine.flush()
    engine.context(tenant_id="acme", user_id="u1", session_id="s1", query="gym", budget_tokens=300,
                   record_use=False)
    assert tokens._counts  # the packed lines were counted
    gym = [r for r in engine.records("acme", "u1") if "gym" in (r.text or "").lower()]
    assert gym
    engine.forget(tenant_id="acme", user_id="u1", memory_id=gym[0].memory_id)
    engine.flush()
    assert not tokens._counts


def test_turns_shredded_by_retention_leave_no_count_behind(tmp_path):
    from datetime import timedelta

    from conftest import T0
    from engine import MemoryEngine

    with MemoryEngine.open(tmp_path / "data", retention_days=30) as engine:
        engine.ingest_many([make_turn(f"Note {i}: the boiler service is booked for the spring.", i)
                            for i in range(1, 4)])
        engine.flush()
        engine.context(tenant_id="acme", user_id="u1", session_id="s1", query="boiler", budget_tokens=300,
                       record_use=False)
        assert tokens._counts
        engine.sweep(now=T0 + timedelta(days=90))  # the turns' keys are destroyed
        engine.flush()
        assert not tokens._counts
