"""The brief's eight test cases and its scoring exercise, end to end through the facade."""
from __future__ import annotations

import pytest

from datetime import timedelta

from conftest import T0, make_turn
from engine import MemoryEngine
from engine.scoring import KeepParts, decide, keep_score
from engine.settings import Settings


def _by_kind(engine, kind, user="u1"):
    return [r for r in engine.records("acme", user) if r.kind == kind]


def test_buffer_keeps_newest_messages_and_summarizes_older_ones(tmp_path):
    with MemoryEngine.open(tmp_path / "d", window_max_messages=6, window_budget_tokens=4000) as engine:
        texts = [
            "Hi!", "I prefer dark mode in every editor.", "Thanks, sounds good.",
            "I'm allergic to shellfish.", "ok", "We decided to ship the beta on Friday.",
            "Hello again", "got it", "How is the weather?", "cool", "nice", "bye for now",
        ]
        engine.ingest_many([make_turn(t, i) for i, t in enumerate(texts)])
        engine.flush()
        window = engine.window("acme", "u1", "s1")
        summary = " ".join(engine.summary("acme", "u1", "s1"))
    assert window == [f"s1-t{i}" for i in range(len(texts) - len(window), len(texts))]
    assert len(window) <= 6
    assert "dark mode" in summary and "shellfish" in summary and "beta" in summary
    for chatter in ("Thanks", "Hi!", "got it"):
        assert chatter not in summary


def test_stable_preference_is_compressed_into_a_structured_record(engine):
    engine.ingest(make_turn("I prefer Python examples over Java ones.", 1))
    engine.flush()
    [rec] = _by_kind(engine, "preference")
    assert "Python" in rec.text and rec.source == "user_explicit"
    assert rec.source_turn_ids == ["s1-t1"]
    assert rec.fields and rec.slot
    assert 0 < rec.confidence <= 1 and 0 < rec.importance <= 1
    assert rec.created_at == rec.updated_at == T0 + timedelta(minutes=1)
    assert rec.use_count == 0 and rec.expires_at is None and rec.tier == "active"


def test_temporary_instruction_expires_after_the_session(engine):
    engine.ingest(make_turn("For this session, answer in French please.", 1))
    engine.flush()
    [rec] = _by_kind(engine, "temporary_instruction")
    assert rec.expires_at is not None and rec.expires_at > rec.created_at
    ctx = engine.context(tenant_id="acme", user_id="u1", session_id="s1", query="language", now=T0 + timedelta(minutes=5))
    assert "French" in ctx.text
    engine.ingest(make_turn("Let's talk about the budget.", 1, session="s2", at=T0 + timedelta(hours=1)))
    engine.flush()
    assert _by_kind(engine, "temporary_instruction") == []
    ctx2 = engine.context(tenant_id="acme", user_id="u1", session_id="s2", query="language", now=T0 + timedelta(hours=1))
    assert "French" not in ctx2.text
    assert [e.type for e in engine.audit(rec.memory_id)][-1] == "memory_expired"


def test_duplicate_is_merged_not_stored_twice(engine):
    engine.ingest(make_turn("I prefer Python examples over Java ones.", 1))
    engine.ingest(make_turn("I prefer Python examples over Java ones.", 2, session="s2"))
    engine.flush()
    [rec] = _by_kind(engine, "preference")
    assert rec.source_turn_ids == ["s1-t1", "s2-t2"]
    assert rec.evidence_count == 2


def test_secret_is_redacted_before_anything_is_stored(engine, data_dir):
    key = "sk-proj-9fQ2xLmN8vR4tY6uI0oP3aS5dF7gH1jK"
    engine.ingest(make_turn(f"My deploy key is {key} and my password is hunter22x.", 1))
    engine.flush()
    for rec in engine.records("acme", "u1", include_inactive=True):
        assert key not in (rec.text or "") and "hunter22x" not in (rec.text or "")
    ctx = engine.context(tenant_id="acme", user_id="u1", session_id="s1", query="deploy key password")
    assert key not in ctx.text and "hunter22x" not in ctx.text
    engine.compact()
    for path in data_dir.rglob("*"):
        if path.is_file():
            blob = path.read_bytes()
            assert key.encode() not in blob and b"hunter22x" not in blob, path


def test_stale_memory_loses_priority_as_it_ages(tmp_path):
    # The same statement, said 120 days ago by one user and yesterday by another: equally relevant,
    # so only its age can tell them apart.
    old_at, new_at = T0, T0 + timedelta(days=120)
    now = new_at + timedelta(days=1)
    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest(make_turn("I like hiking in the mountains.", 1, at=old_at, user="then"))
        engine.ingest(make_turn("I like hiking in the mountains.", 1, at=new_at, user="now"))
        engine.flush()
        old, new = (engine.recall(tenant_id="acme", user_id=u, query="hiking", k=1, now=now, record_use=False)[0]
                    for u in ("then", "now"))
    assert old.relevance == pytest.approx(new.relevance, abs=1e-6)
    assert old.keep_score < new.keep_score and old.score < new.score
    s = Settings()
    young = KeepParts(0.7, 1.0, 0.9, 0.0, 0.1)
    aged = KeepParts(0.7, 0.02, 0.9, 0.0, 0.1)
    assert keep_score(aged, s) < keep_score(young, s)


def test_relevant_memory_is_retrieved_into_the_prompt_for_one_turn(engine):
    engine.ingest_many([
        make_turn("I'm allergic to peanuts.", 1),
        make_turn("I work as a nurse in Boston.", 2),
        make_turn("I prefer window seats on flights.", 3),
    ])
    engine.flush()
    ctx = engine.context(tenant_id="acme", user_id="u1", session_id="s9",
                         query="Can you suggest a snack recipe for me?", budget_tokens=400)
    assert "peanut" in ctx.text
    assert "s1-t1" in ctx.sources
    assert ctx.tokens <= 400


def test_user_deletion_request_removes_the_chosen_memory(engine):
    engine.ingest_many([make_turn("I prefer tea over coffee.", 1), make_turn("I live in Porto.", 2)])
    engine.flush()
    tea = next(r for r in engine.records("acme", "u1") if "tea" in r.text)
    assert engine.forget(tenant_id="acme", user_id="u1", memory_id=tea.memory_id) == [tea.memory_id]
    remaining = [r.text for r in engine.records("acme", "u1", include_inactive=True)]
    assert not any("tea" in t for t in remaining) and any("Porto" in t for t in remaining)
    hits = engine.recall(tenant_id="acme", user_id="u1", query="tea or coffee?", record_use=False)
    assert tea.memory_id not in [h.memory_id for h in hits]
    trail = engine.audit(tea.memory_id)
    assert trail[0].detail["content"] == "shredded"
    assert trail[-1].type == "memory_forgotten"


def test_scoring_exercise_keeps_python_archives_joke_deletes_api_key():
    s = Settings()
    python_pref = keep_score(KeepParts(importance=0.8, recency=0.7, confidence=0.9, usage=1.0, sensitivity=0.1), s)
    assert abs(python_pref - 0.74) < 1e-9 and decide(python_pref, s) == "keep"
    # A joke from six months ago: low importance, recency exp(-180/30), never used.
    joke = keep_score(KeepParts(importance=0.2, recency=0.0025, confidence=0.6, usage=0.0, sensitivity=0.0), s)
    assert decide(joke, s) == "archive"
    api_key = keep_score(KeepParts(importance=0.5, recency=1.0, confidence=1.0, usage=0.0, sensitivity=1.0), s)
    assert decide(api_key, s) == "delete"


def test_sweep_archives_the_stale_joke_and_keeps_the_used_preference(engine):
    joke = engine.remember(tenant_id="acme", user_id="u1", text="Told a joke about penguins wearing hats",
                           kind="episode", importance=0.2, occurred_at=T0)
    pref = engine.remember(tenant_id="acme", user_id="u1", text="I prefer Python examples",
                           importance=0.8, occurred_at=T0)
    later = T0 + timedelta(days=180)
    for i in range(5):  # the preference keeps being used; the joke never is
        engine.recall(tenant_id="acme", user_id="u1", query="Python examples", k=1, now=later - timedelta(days=i))
    counts = engine.sweep(later)
    tiers = {r.memory_id: r.tier for r in engine.records("acme", "u1", include_inactive=True)}
    assert counts.get("memory_archived") == 1
    assert tiers == {joke: "archived", pref: "active"}


def test_window_compacts_when_it_passes_seventy_percent_of_its_token_budget(tmp_path):
    from engine.tokens import count_tokens

    texts = [f"I prefer long detailed answers with code samples about topic {i}." for i in range(12)]
    budget = 100
    running, trigger = 0, None
    for i, text in enumerate(texts):
        running += count_tokens(text)
        if running > 0.7 * budget:
            trigger = i
            break
    assert trigger is not None and trigger >= 3
    with MemoryEngine.open(tmp_path / "d", window_budget_tokens=budget, window_max_messages=100) as engine:
        engine.ingest_many([make_turn(t, i) for i, t in enumerate(texts[:trigger])])
        engine.flush()
        assert engine.summary("acme", "u1", "s1") == []
        assert len(engine.window("acme", "u1", "s1")) == trigger
        engine.ingest(make_turn(texts[trigger], trigger))
        engine.flush()
        window = engine.window("acme", "u1", "s1")
        summary = engine.summary("acme", "u1", "s1")
    kept = trigger + 1 - (trigger + 1) // 2
    assert window == [f"s1-t{i}" for i in range(trigger + 1 - kept, trigger + 1)]
    assert len(summary) == (trigger + 1) // 2 and all("code samples" in line for line in summary)
