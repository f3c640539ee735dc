"""The facade's promises beyond the brief's cases: isolation, permissions, forget modes, usage."""
from __future__ import annotations

from datetime import timedelta

import pytest

from conftest import T0, make_turn
from engine import MemoryEngine
from engine.errors import EngineClosedError, InvalidCommandError, UnknownMemoryError


def test_recall_never_crosses_tenants_or_users(engine):
    engine.ingest_many([
        make_turn("I'm allergic to peanuts.", 1, tenant="a", user="u1"),
        make_turn("I'm allergic to shellfish.", 1, tenant="b", user="u1"),
        make_turn("I'm allergic to pollen.", 1, tenant="a", user="u2"),
    ])
    for tenant, user, word in (("a", "u1", "peanuts"), ("b", "u1", "shellfish"), ("a", "u2", "pollen")):
        hits = engine.recall(tenant_id=tenant, user_id=user, query="allergies", record_use=False)
        assert len(hits) == 1 and word in hits[0].text


def test_every_hit_carries_its_source_turn_ids(engine):
    engine.ingest_many([make_turn("I live in Porto.", 1), make_turn("I work as a nurse.", 2)])
    hits = engine.recall(tenant_id="acme", user_id="u1", query="where does the user live", record_use=False)
    assert hits and all(h.source_turn_ids for h in hits)
    assert hits[0].source_turn_ids == ["s1-t1"]


def test_recall_records_usage_as_events_that_survive_reopen(data_dir):
    with MemoryEngine.open(data_dir) as engine:
        engine.ingest(make_turn("I live in Porto.", 1))
        engine.recall(tenant_id="acme", user_id="u1", query="Porto", now=T0 + timedelta(days=1))
        [rec] = engine.records("acme", "u1")
        assert rec.use_count == 1 and rec.last_used_at == T0 + timedelta(days=1)
    with MemoryEngine.open(data_dir) as engine:
        [rec] = engine.records("acme", "u1")
        assert rec.use_count == 1


def test_sensitive_records_are_withheld_below_their_privacy_level(engine):
    engine.ingest(make_turn("I was diagnosed with diabetes last year.", 1))
    assert engine.recall(tenant_id="acme", user_id="u1", query="diabetes diagnosis", max_privacy="public",
                         record_use=False) == []
    assert engine.recall(tenant_id="acme", user_id="u1", query="diabetes diagnosis", max_privacy="sensitive",
                         record_use=False)


def test_newer_explicit_statement_supersedes_and_keeps_the_old_for_audit(engine):
    engine.ingest(make_turn("I prefer Python examples.", 1))
    engine.ingest(make_turn("Actually, I prefer Java examples.", 2, at=T0 + timedelta(days=2)))
    recs = engine.records("acme", "u1", include_inactive=True)
    old = next(r for r in recs if "Python" in r.text)
    new = next(r for r in recs if "Java" in r.text)
    assert old.tier == "superseded" and old.superseded_by == new.memory_id and new.tier == "active"
    hits = engine.recall(tenant_id="acme", user_id="u1", query="which examples", record_use=False)
    assert [h.memory_id for h in hits if "examples" in h.text] == [new.memory_id]
    assert "memory_superseded" in [e.type for e in engine.audit(old.memory_id)]


def test_forget_that_forgets_the_memory_most_recently_recorded_in_the_session(engine):
    engine.ingest_many([make_turn("I live in Porto.", 1), make_turn("I prefer tea over coffee.", 2)])
    [gone] = engine.forget(tenant_id="acme", user_id="u1", session_id="s1")
    assert [r.text for r in engine.records("acme", "u1")] and all("tea" not in r.text for r in engine.records("acme", "u1"))
    assert gone not in [r.memory_id for r in engine.records("acme", "u1", include_inactive=True)]


def test_forget_that_after_a_recall_forgets_the_recalled_memory(engine):
    engine.ingest_many([make_turn("I live in Porto.", 1), make_turn("I prefer tea over coffee.", 2)])
    [hit, *_] = engine.recall(tenant_id="acme", user_id="u1", query="Where do I live?", session_id="s2")
    assert "Porto" in hit.text
    assert engine.forget(tenant_id="acme", user_id="u1", session_id="s2") == [hit.memory_id]


def test_forget_by_query_and_unknown_ids(engine):
    engine.ingest_many([make_turn("I live in Porto.", 1), make_turn("I prefer tea over coffee.", 2)])
    ids = engine.forget(tenant_id="acme", user_id="u1", query="tea coffee")
    assert ids and all("tea" not in r.text for r in engine.records("acme", "u1"))
    with pytest.raises(UnknownMemoryError, match="forgotten already"):
        engine.forget(tenant_id="acme", user_id="u1", memory_id=ids[0])
    with pytest.raises(InvalidCommandError):
        engine.forget(tenant_id="acme", user_id="u1")
    with pytest.raises(UnknownMemoryError):
        engine.forget(tenant_id="acme", user_id="u1", session_id="never-seen")


def test_context_respects_its_budget_and_reports_what_it_left_out(engine):
    engine.ingest_many([make_turn(f"I like board game Gamename{i} with Piece{i}, Tile{i} and Card{i}.", i)
                        for i in range(40)])
    ctx = engine.context(tenant_id="acme", user_id="u1", session_id="s1", query="board games", budget_tokens=120)
    from engine.tokens import count_tokens

    assert 0 < ctx.tokens <= 120 and count_tokens(ctx.text) <= 120
    assert any(o.reason == "layer budget" for o in ctx.omitted)
    assert {o.reason for o in ctx.omitted} <= {"layer budget", "also in a memory record",
                                               "says what a shown memory says"}
    assert sum(layer.tokens for layer in ctx.layers) == ctx.tokens


def test_relative_dates_are_resolved_against_the_turn_time(engine):
    engine.ingest(make_turn("Yesterday I went hiking at Mount Tam.", 1))
    [ep] = [r for r in engine.records("acme", "u1") if r.kind == "episode"]
    assert ep.happened_at.date() == (T0 - timedelta(days=1)).date()
    assert "1 March 2026" in ep.text


def test_one_episode_does_not_become_a_preference(engine):
    engine.ingest(make_turn("I had sushi for dinner yesterday.", 1))
    kinds = [r.kind for r in engine.records("acme", "u1")]
    assert kinds == ["episode"]


def test_closed_engine_refuses_use(tmp_path):
    engine = MemoryEngine.open(tmp_path / "d")
    engine.close()
    with pytest.raises(EngineClosedError):
        engine.ingest(make_turn("hello there again", 1))


def test_second_process_on_a_held_data_dir_gets_a_clear_error(data_dir):
    from engine.errors import DataDirError

    with MemoryEngine.open(data_dir):
        with pytest.raises(DataDirError, match="another memstream process"):
            MemoryEngine.open(data_dir)


def test_context_does_not_repeat_a_fact_in_the_summary_and_the_profile(tmp_path):
    with MemoryEngine.open(tmp_path / "d", window_max_messages=2) as engine:
        engine.ingest_many([make_turn("I'm allergic to peanuts.", 1), make_turn("ok", 2), make_turn("fine", 3),
                            make_turn("Tell me a joke about ducks please", 4)])
        assert any("peanuts" in line for line in engine.summary("acme", "u1", "s1"))
        ctx = engine.context(tenant_id="acme", user_id="u1", session_id="s1", query="food", budget_tokens=400)
    assert ctx.text.count("peanuts") == 1
    assert any(o.reason == "also in a memory record" and o.ref == "summary:s1-t1" for o in ctx.omitted)


def test_a_redelivered_remember_with_a_request_id_records_once_whatever_its_clock(engine):
    first = engine.remember(tenant_id="acme", user_id="u1", text="My dog is called Rex.", request_id="req-7")
    digest = engine.view_digest()
    again = engine.remember(tenant_id="acme", user_id="u1", text="My dog is called Rex.", request_id="req-7")
    assert again == first and engine.view_digest() == digest


def test_an_ended_session_releases_its_working_memory_but_keeps_its_records(tmp_path):
    with MemoryEngine.open(tmp_path / "d", window_max_messages=2) as engine:
        engine.ingest_many([make_turn("I'm allergic to peanuts.", 1), make_turn("ok", 2), make_turn("fine", 3),
                            make_turn("I adopted a cat named Miso last week.", 4)])
        assert engine.summary("acme", "u1", "s1") and engine.window("acme", "u1", "s1")
        # Another session, within a session's life: the first is still open.
        engine.ingest(make_turn("hello", 1, session="s2", at=T0 + timedelta(hours=1)))
        assert engine.window("acme", "u1", "s1")
        # A day later the first session has ended.
        engine.ingest(make_turn("hello again", 2, session="s3", at=T0 + timedelta(days=1)))
        assert engine.summary("acme", "u1", "s1") == [] and engine.window("acme", "u1", "s1") == []
        texts = " ".join(r.text for r in engine.records("acme", "u1"))
        digest = engine.view_digest()
    assert "peanuts" in texts and "Miso" in texts
    with MemoryEngine.open(tmp_path / "d") as engine:
        assert engine.view_digest() == digest


def test_for_a_question_about_time_recalled_records_are_shown_under_the_day_they_were_said(engine):
    engine.ingest_many([make_turn("I went to a fencing lesson yesterday.", 1),
                        make_turn("I bought a new sabre for my fencing practice.", 2, at=T0 + timedelta(days=3))])
    ctx = engine.context(tenant_id="acme", user_id="u1", query="When did I do fencing?", budget_tokens=400,
                         now=T0 + timedelta(days=4))
    assert "2 March 2026:" in ctx.text and "5 March 2026:" in ctx.text
    assert "1 March 2026" in ctx.text  # "yesterday", resolved
    assert ctx.tokens <= 400
    # A question that does not ask about time spends those tokens on memories instead.
    plain = engine.context(tenant_id="acme", user_id="u1", query="fencing", budget_tokens=400,
                           now=T0 + timedelta(days=4))
    assert "5 March 2026:" not in plain.text and "sabre" in plain.text


def test_context_does_not_spend_its_budget_on_memories_that_repeat_each_other(engine):
    engine.ingest_many([make_turn("I'm truly thankful that my brothers live close by.", 1),
                        make_turn("I'm so thankful my brothers are nearby.", 2, session="s2",
                                  at=T0 + timedelta(days=2)),
                        make_turn("My brothers and I went rafting on the Zambezi.", 3, session="s3",
                                  at=T0 + timedelta(days=4))])
    ctx = engine.context(tenant_id="acme", user_id="u1", query="brothers", budget_tokens=400,
                         now=T0 + timedelta(days=5))
    assert ctx.text.count("thankful") == 1 and "Zambezi" in ctx.text
    # Said twice in other words: one memory (by meaning), or one shown and the other left out.
    thankful = [r for r in engine.records("acme", "u1") if "thankful" in (r.text or "")]
    assert len(thankful) == 1 or any(o.reason == "says what a shown memory says" for o in ctx.omitted)


def test_with_a_query_constraints_always_reach_the_context_and_other_standing_memories_compete(engine):
    engine.ingest_many([
        make_turn("I'm allergic to peanuts.", 1),
        make_turn("I prefer window seats on flights.", 2),
        make_turn("I love jazz music, especially Coltrane.", 3),
    ])
    engine.flush()
    ctx = engine.context(tenant_id="acme", user_id="u1", query="What should I cook for dinner?", budget_tokens=400)
    profile = ctx.text.split("## About the user\n", 1)[1].split("\n\n", 1)[0]
    assert "peanut" in profile  # a constraint binds every answer
    assert "window seats" not in profile  # a preference is shown for its relevance, among the recalled
    plain = engine.context(tenant_id="acme", user_id="u1", budget_tokens=400)
    profile = plain.text.split("## About the user\n", 1)[1].split("\n\n", 1)[0]
    assert "window seats" in profile and "peanut" in profile  # no query: the whole profile


def test_a_forget_naming_two_things_is_refused_and_forgets_nothing(engine):
    from engine.errors import InvalidCommandError

    engine.ingest_many([make_turn("I'm allergic to sesame.", 1), make_turn("My daughter plays the cello.", 2)])
    engine.flush()
    before = [r.memory_id for r in engine.records("acme", "u1")]
    for kwargs in ({"subject": True, "query": "sesame"}, {"memory_id": before[0], "query": "cello"},
                   {"mode": "subject", "memory_id": before[0]}):
        with pytest.raises(InvalidCommandError, match="does not take"):
            engine.forget(tenant_id="acme", user_id="u1", **kwargs)
    assert [r.memory_id for r in engine.records("acme", "u1")] == before


def test_an_engine_bound_to_a_tenant_reports_only_that_tenant(data_dir):
    from dataclasses import replace

    from engine.embedder import shared_embedder
    from engine.processor import OFFLINE
    from engine.runtime import resolve
    from engine.settings import Settings

    def extract(text, **kw):
        if "BOOM" in text:
            raise RuntimeError("a reader that fails on one turn")
        return OFFLINE.extract(text, **kw)

    settings = Settings()
    runtime = resolve("embedded").open(data_dir, settings, lambda: shared_embedder(settings.embedder),
                                       deciders=replace(OFFLINE, extract=extract))
    with MemoryEngine(runtime, settings) as writer:
        writer.ingest_many([make_turn("I live in Porto.", 1, tenant="a"), make_turn("BOOM", 2, tenant="a"),
                            make_turn("I work as a nurse.", 1, tenant="b"), make_turn("I like tea.", 2, tenant="b"),
                            make_turn("BOOM", 3, tenant="b"), make_turn("I cycle.", 1, tenant="b", user="u2")])
        writer.flush()
        everything = writer.stats()
        assert everything["subjects"] == 3 and len(writer.dead_letters()) == 2
    from engine.digest import view_digest

    for tenant, subjects in (("a", 1), ("b", 2)):
        with MemoryEngine.open(data_dir, tenant_id=tenant) as bound:
            stats = bound.stats()
            assert stats["subjects"] == subjects
            assert stats["records_active"] == len([r for s in bound.runtime.subjects() if s[0] == tenant
                                                   for r in bound.runtime.state(*s).active()])
            assert stats["log_events"] < everything["log_events"]
            letters = bound.dead_letters()
            assert len(letters) == 1 and next(bound.runtime.events(letters[0]["seq"])).tenant_id == tenant
            rt = bound.runtime
            assert bound.view_digest() == view_digest([rt.state(*s) for s in rt.subjects() if s[0] == tenant])
            assert bound.view_digest() != view_digest([rt.state(*s) for s in rt.subjects()])


def test_one_budget_rule_for_every_caller(engine):
    from engine.context import MIN_BUDGET_TOKENS, check_budget_tokens

    assert check_budget_tokens(MIN_BUDGET_TOKENS) == MIN_BUDGET_TOKENS
    for bad in (0, MIN_BUDGET_TOKENS - 1, True, 2.5, "400"):
        with pytest.raises(InvalidCommandError, match=f"at least {MIN_BUDGET_TOKENS}"):
            check_budget_tokens(bad)
        with pytest.raises(InvalidCommandError, match=f"at least {MIN_BUDGET_TOKENS}"):
            engine.context(tenant_id="acme", user_id="u1", query="x", budget_tokens=bad)
