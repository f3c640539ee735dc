"""The hybrid index: what it may return and how it ranks."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import numpy as np

from engine.recall import SubjectIndex
from engine.settings import Settings
from schemas.records import MemoryRecord, TurnRef

AT = datetime(2026, 1, 1, tzinfo=timezone.utc)


def rec(mid, text, **kw):
    base = dict(memory_id=mid, tenant_id="t", user_id="u", kind="fact", text=text, source="user_explicit",
                sources=[TurnRef(session_id="s", turn_id=f"turn-{mid}")], confidence=0.9, importance=0.7, created_at=AT, updated_at=AT)
    base.update(kw)
    return MemoryRecord(**base)


def unit(*xs):
    v = np.zeros(384, dtype=np.float32)
    for i, x in enumerate(xs):
        v[i] = x
    return v / np.linalg.norm(v)


def test_keyword_match_ranks_first_when_dense_scores_tie():
    records = [rec("a", "User lives in Porto"), rec("b", "User likes tennis")]
    index = SubjectIndex(records, np.stack([unit(1, 1), unit(1, 1)]))
    hits = index.search("tennis", unit(1, 1), 2, AT, Settings())
    assert [h.record.memory_id for h in hits] == ["b", "a"]
    assert hits[0].keyword > 0 and hits[1].keyword == 0


def test_expired_and_too_private_records_are_never_returned():
    records = [rec("open", "User likes tennis"),
               rec("gone", "User likes tennis today", expires_at=AT + timedelta(hours=1)),
               rec("health", "User has asthma and likes tennis", privacy_level="sensitive")]
    index = SubjectIndex(records, np.stack([unit(1)] * 3))
    later = AT + timedelta(hours=2)
    assert {h.record.memory_id for h in index.search("tennis", unit(1), 5, later, Settings())} == {"open", "health"}
    assert {h.record.memory_id for h in index.search("tennis", unit(1), 5, later, Settings(),
                                                     max_privacy="personal")} == {"open"}


def test_irrelevant_records_fall_below_the_relevance_floor():
    index = SubjectIndex([rec("a", "User lives in Porto")], np.stack([unit(1, 0)]))
    assert index.search("quantum chromodynamics", unit(0, 1), 5, AT, Settings()) == []


def test_between_equally_relevant_records_the_better_kept_one_wins():
    fresh = rec("fresh", "User likes tennis", created_at=AT, updated_at=AT)
    stale = rec("stale", "User likes tennis", created_at=AT - timedelta(days=200), updated_at=AT - timedelta(days=200))
    index = SubjectIndex([stale, fresh], np.stack([unit(1), unit(1)]))
    assert [h.record.memory_id for h in index.search("tennis", unit(1), 2, AT, Settings())] == ["fresh", "stale"]


def test_records_about_the_person_a_query_names_rank_above_another_persons():
    records = [rec("a", "Odette photographed a heron by the canal"),
               rec("b", "Priya photographed a heron by the canal")]
    index = SubjectIndex(records, np.stack([unit(1, 1), unit(1, 1)]))
    hits = index.search("What did Priya photograph?", unit(1, 1), 2, AT, Settings())
    assert [h.record.memory_id for h in hits] == ["b", "a"]


def test_a_record_that_starts_with_when_is_about_the_participant_it_names():
    people = [rec(f"m{i}", f"Odette likes thing {i}") for i in range(3)] + [
        rec(f"c{i}", f"Priya likes item {i}") for i in range(3)]
    records = people + [rec("a", "Last Friday (23 June 2023), Odette photographed a heron by the canal"),
                        rec("b", "Last Friday (23 June 2023), Priya photographed a heron by the canal")]
    vectors = np.stack([unit(0, 0, 1)] * len(people) + [unit(1, 1), unit(1, 1)])
    index = SubjectIndex(records, vectors)
    assert index.about[-2:] == ["Odette", "Priya"]
    hits = index.search("What did Priya photograph?", unit(1, 1), 2, AT, Settings())
    assert [h.record.memory_id for h in hits] == ["b", "a"]


def test_a_query_about_recent_things_favours_newer_records():
    old_day, new_day = datetime(2025, 3, 1, tzinfo=timezone.utc), datetime(2025, 11, 1, tzinfo=timezone.utc)
    records = [rec("b-new", "Odette photographed a heron", kind="episode", happened_at=new_day),
               rec("a-old", "Odette photographed a heron", kind="episode", happened_at=old_day)]
    index = SubjectIndex(records, np.stack([unit(1, 1), unit(1, 1)]))
    settings = Settings(recall_keep_weight=0)
    recent = index.search("Which bird has Odette photographed lately?", unit(1, 1), 2, AT, settings)
    assert recent[0].record.memory_id == "b-new"
    # Without such a word the two tie, and the tie goes to the lower id.
    plain = index.search("Which bird has Odette photographed?", unit(1, 1), 2, AT, settings)
    assert plain[0].record.memory_id == "a-old" and plain[0].score == plain[1].score


def test_a_query_naming_a_period_favours_records_from_then():
    records = [rec("old", "User went to a concert", kind="episode", happened_at=datetime(2025, 3, 1, tzinfo=timezone.utc)),
               rec("new", "User went to a concert", kind="episode", happened_at=datetime(2025, 12, 1, tzinfo=timezone.utc),
                   created_at=AT - timedelta(days=30), updated_at=AT - timedelta(days=30))]
    index = SubjectIndex(records, np.stack([unit(1, 1), unit(1, 1)]))
    hits = index.search("Which concert did I go to in March last year?", unit(1, 1), 2, AT, Settings(recall_keep_weight=0))
    assert hits[0].record.memory_id == "old"
