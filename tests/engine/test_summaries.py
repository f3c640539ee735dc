"""Session summaries, topic summaries and the user profile (engine.summaries through the facade)."""
from __future__ import annotations

from datetime import timedelta

import pytest

from conftest import T0, make_turn
from engine.errors import InvalidCommandError
from engine.tokens import count_tokens

PRIYA = [
    "I went to a sourdough baking meetup yesterday and came home with a starter.",
    "I'm keen on marine conservation or doing research on coral reefs.",
    "I picked the Whitfield scholarship because it covers lab fees for engineering students.",
    "I applied for two engineering scholarships last week.",
]
ODETTE = [
    "I photographed that harbour at dawn last year.",
    "I signed up for a glassblowing course yesterday.",
    "I'm a huge fan of glassblowing.",
]


def _ingest(engine):
    turns = [make_turn(t, i, session="s1", speaker="Priya") for i, t in enumerate(PRIYA[:2], 1)]
    turns += [make_turn(t, 10 + i, session="s1", speaker="Odette") for i, t in enumerate(ODETTE[:1], 1)]
    later = T0 + timedelta(days=30)
    turns += [make_turn(t, i, session="s2", speaker="Priya", at=later + timedelta(minutes=i))
              for i, t in enumerate(PRIYA[2:], 1)]
    turns += [make_turn(t, 10 + i, session="s2", speaker="Odette", at=later + timedelta(minutes=10 + i))
              for i, t in enumerate(ODETTE[1:], 1)]
    engine.ingest_many(turns)
    engine.flush()
    return later + timedelta(days=1)


def test_a_session_summary_tells_what_the_session_left_in_memory_in_order(engine):
    now = _ingest(engine)
    s1 = engine.session_summary(tenant_id="acme", user_id="u1", session_id="s1", now=now)
    assert s1.title.startswith("Session s1, ") and str(T0.year) in s1.title
    assert any("baking meetup" in line for line in s1.lines) and any("harbour at dawn" in line for line in s1.lines)
    assert not any("scholarship" in line or "glassblowing" in line for line in s1.lines)  # those were session s2
    assert s1.source_turn_ids and all(t.startswith("s1-") for t in s1.source_turn_ids)
    assert s1.text.splitlines()[0] == s1.title and s1.tokens == count_tokens(s1.text)
    assert engine.session_summary(tenant_id="acme", user_id="u1", session_id="nope", now=now).lines == []


def test_a_summary_respects_its_budget_and_counts_what_it_left_out(engine):
    now = _ingest(engine)
    full = engine.session_summary(tenant_id="acme", user_id="u1", session_id="s2", now=now, budget_tokens=400)
    small = engine.session_summary(tenant_id="acme", user_id="u1", session_id="s2", now=now, budget_tokens=24)
    assert small.tokens <= 24 and small.omitted >= 1 and len(small.lines) < len(full.lines)
    with pytest.raises(InvalidCommandError):
        engine.session_summary(tenant_id="acme", user_id="u1", session_id="s2", budget_tokens=3)


def test_a_topic_summary_lists_what_is_about_the_topic_in_the_order_it_happened(engine):
    now = _ingest(engine)
    topic = engine.topic_summary(tenant_id="acme", user_id="u1", topic="scholarship", now=now)
    assert topic.title == "Topic: scholarship"
    assert len(topic.lines) == 2 and all("scholarship" in line for line in topic.lines)
    # In the order each happened: the application "last week" before the choice said that day.
    assert "applied" in topic.lines[0] and "picked" in topic.lines[1]
    assert "glassblowing" not in topic.text and "baking meetup" not in topic.text
    with pytest.raises(InvalidCommandError):
        engine.topic_summary(tenant_id="acme", user_id="u1", topic="  ")


def test_the_profile_names_each_person_once_and_keeps_to_its_budget(engine):
    now = _ingest(engine)
    prof = engine.profile(tenant_id="acme", user_id="u1", now=now)
    by_person = {line.split(": ", 1)[0]: line for line in prof.lines}
    assert set(by_person) == {"Priya", "Odette"}
    assert "marine conservation" in by_person["Priya"] and "glassblowing" in by_person["Odette"]
    assert by_person["Odette"].count("Odette") == 1
    # Episodes are not standing facts about a person.
    assert "baking meetup" not in prof.text and "harbour at dawn" not in prof.text
    assert prof.tokens <= engine.settings.profile_max_tokens
    tiny = engine.profile(tenant_id="acme", user_id="u1", now=now, budget_tokens=16)
    assert tiny.tokens <= 16 and tiny.omitted >= 1


def test_summaries_never_show_what_was_forgotten(engine):
    now = _ingest(engine)
    before = engine.topic_summary(tenant_id="acme", user_id="u1", topic="glassblowing", now=now)
    assert "glassblowing" in before.text
    for mid in before.memory_ids:
        engine.forget(tenant_id="acme", user_id="u1", memory_id=mid)
    for view in (engine.topic_summary(tenant_id="acme", user_id="u1", topic="glassblowing", now=now),
                 engine.session_summary(tenant_id="acme", user_id="u1", session_id="s2", now=now),
                 engine.profile(tenant_id="acme", user_id="u1", now=now)):
        assert "glassblowing" not in view.text


def test_summaries_leave_out_what_the_reader_may_not_see(engine):
    engine.ingest(make_turn("I was diagnosed with diabetes last year.", 1, speaker="Priya"))
    engine.ingest(make_turn("I love sea kayaking along the coast.", 2, speaker="Priya"))
    engine.flush()
    now = T0 + timedelta(days=1)
    assert "diabetes" in engine.session_summary(tenant_id="acme", user_id="u1", session_id="s1", now=now).text
    public = engine.session_summary(tenant_id="acme", user_id="u1", session_id="s1", now=now, max_privacy="personal")
    assert "diabetes" not in public.text and "kayaking" in public.text


def test_a_new_sessions_context_carries_the_previous_sessions_summary(engine):
    now = _ingest(engine)
    ctx = engine.context(tenant_id="acme", user_id="u1", session_id="s3", budget_tokens=600, now=now,
                         record_use=False)
    summary = ctx.text.split("## Working summary\n", 1)[1].split("\n\n", 1)[0]
    assert summary.splitlines()[0].startswith("Session s2, ")
    assert "glassblowing course" in summary and "scholarship" in summary
    assert "baking meetup" not in summary  # s1 is older: recalled when relevant, not carried over
    assert any(t.startswith("s2-") for t in ctx.sources)
    # The first session has nothing before it.
    first = engine.context(tenant_id="acme", user_id="u1", session_id="s1", budget_tokens=600, now=now,
                           record_use=False)
    assert "Session s" not in first.text


def test_the_previous_sessions_lines_are_shown_when_the_query_recalls_other_things(engine):
    now = _ingest(engine)
    ctx = engine.context(tenant_id="acme", user_id="u1", session_id="s3", query="paying for university",
                         budget_tokens=600, now=now, record_use=False)
    # A line left out of the summary as "also in a memory record" is in this context as a record.
    carried = [o.ref for o in ctx.omitted if o.reason == "also in a memory record"]
    assert carried and all(ref in ctx.memory_ids for ref in carried)
    # The previous session's lines the query did not recall are still shown under its title.
    summary = ctx.text.split("## Working summary\n", 1)[1].split("\n\n", 1)[0]
    assert summary.splitlines()[0].startswith("Session s2, ") and "glassblowing" in summary


def test_the_previous_session_is_one_the_reader_may_see(engine):
    engine.ingest(make_turn("Yesterday I went hiking at Mount Tam with my sister.", 1, session="s1", speaker="Priya"))
    later = T0 + timedelta(days=2)
    engine.ingest(make_turn("I was diagnosed with diabetes last year.", 1, session="s2", speaker="Priya", at=later))
    engine.flush()
    ctx = engine.context(tenant_id="acme", user_id="u1", session_id="s3", budget_tokens=600,
                         now=later + timedelta(days=1), max_privacy="personal", record_use=False)
    assert "Session s1" in ctx.text and "hiking" in ctx.text and "diabetes" not in ctx.text
