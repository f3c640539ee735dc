"""Recall finds the version of a memory now current through the versions it replaced.

An update often no longer names what it updates: "they moved it to the 25th" replaces "the boiler
inspection is on the 12th". The earlier version stays in the index as a pointer: never returned,
but a query that matches it lifts the version that replaced it to the earlier version's relevance.
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import numpy as np
import pytest

from engine import MemoryEngine
from engine.recall import SubjectIndex, indexed, points_on, recallable
from engine.settings import Settings
from schemas.records import MemoryRecord, TurnRef

AT = datetime(2026, 1, 1, tzinfo=timezone.utc)


def rec(mid, text, **kw):
    base = dict(memory_id=mid, tenant_id="t", user_id="u", kind="fact", text=text, source="user_explicit",
                sources=[TurnRef(session_id="s", turn_id=f"turn-{mid}")], confidence=0.9, importance=0.7,
                created_at=AT, updated_at=AT)
    base.update(kw)
    return MemoryRecord(**base)


def unit(*xs):
    v = np.zeros(384, dtype=np.float32)
    for i, x in enumerate(xs):
        v[i] = x
    return v / np.linalg.norm(v)


def older(mid, text, by, **kw):
    return rec(mid, text, tier="superseded", superseded_by=by, **kw)


# The query is about the inspection (axis 0); the update says only when (axis 1); a distractor
# matches the query better than the update does.
INSPECTION, WHEN, OTHER = unit(1, 0, 0), unit(0, 1, 0), unit(1, 0, 1)
QUERY = unit(1, 0, 0.2)


def _records():
    return ([older("old", "The boiler inspection is on the 12th", "new"),
             rec("new", "They moved it to the 25th"),
             rec("near", "The boiler was serviced last winter")],
            np.stack([INSPECTION, WHEN, OTHER]))


def _ids(hits):
    return [h.record.memory_id for h in hits]


def test_an_earlier_version_is_indexed_but_never_returned():
    old, new, _ = _records()[0]
    assert points_on(old) and not recallable(old) and indexed(old)
    assert recallable(new) and not points_on(new)
    index = SubjectIndex(*_records())
    assert "old" not in index and len(index) == 2
    assert "old" not in _ids(index.search("boiler inspection", QUERY, 5, AT, Settings()))


def test_the_current_version_takes_the_relevance_of_the_version_it_replaced():
    records, vectors = _records()
    without = SubjectIndex([r for r in records if r.memory_id != "old"], vectors[1:])
    assert _ids(without.search("boiler inspection", QUERY, 5, AT, Settings())) == ["near"]  # "new": under the floor
    hits = SubjectIndex(records, vectors).search("boiler inspection", QUERY, 2, AT, Settings())
    assert _ids(hits) == ["new", "near"]


def test_updates_as_they_come_rank_as_a_fresh_build_does():
    records, vectors = _records()
    first = rec("old", "The boiler inspection is on the 12th")
    index = SubjectIndex([first, records[2]], np.stack([vectors[0], vectors[2]]))
    assert _ids(index.search("boiler inspection", QUERY, 1, AT, Settings())) == ["old"]
    index.upsert(records[1], vectors[1])
    index.upsert(records[0])  # superseded now: the vector it had moves with it
    fresh = SubjectIndex(records, vectors)
    got = index.search("boiler inspection", QUERY, 3, AT, Settings())
    want = fresh.search("boiler inspection", QUERY, 3, AT, Settings())
    assert [(h.record.memory_id, h.score) for h in got] == [(h.record.memory_id, h.score) for h in want]


def test_a_chain_of_updates_lifts_the_last_one():
    records = [older("v1", "The boiler inspection is on the 12th", "v2"),
               older("v2", "They moved it to the 25th", "v3"),
               rec("v3", "Now it is the 3rd of next month"),
               rec("near", "The boiler was serviced last winter")]
    index = SubjectIndex(records, np.stack([INSPECTION, WHEN, unit(0, 1, 1), OTHER]))
    assert _ids(index.search("boiler inspection", QUERY, 1, AT, Settings())) == ["v3"]


def test_nothing_is_lifted_when_the_current_version_is_gone_or_not_allowed():
    records, vectors = _records()
    index = SubjectIndex(records, vectors)
    index.remove("new")  # forgotten: its earlier version points at nothing
    assert _ids(index.search("boiler inspection", QUERY, 5, AT, Settings())) == ["near"]
    gone = SubjectIndex([records[0], rec("new", "They moved it to the 25th", expires_at=AT - timedelta(hours=1)),
                         records[2]], vectors)
    assert _ids(gone.search("boiler inspection", QUERY, 5, AT, Settings())) == ["near"]


def test_a_too_private_earlier_version_lends_nothing():
    records = [older("old", "The biopsy results come on the 12th", "new", privacy_level="sensitive"),
               rec("new", "They moved it to the 25th"), rec("near", "The boiler was serviced last winter")]
    index = SubjectIndex(records, np.stack([INSPECTION, WHEN, OTHER]))
    assert _ids(index.search("biopsy results", QUERY, 1, AT, Settings(), max_privacy="personal")) == ["near"]
    assert _ids(index.search("biopsy results", QUERY, 1, AT, Settings())) == ["new"]


def test_a_forgotten_earlier_version_lends_nothing():
    records, vectors = _records()
    index = SubjectIndex(records, vectors)
    assert index.remove("old")
    assert _ids(index.search("boiler inspection", QUERY, 1, AT, Settings())) == ["near"]
    index.upsert(rec("old", None, tier="superseded", superseded_by="new"))  # shredded: not a pointer
    assert _ids(index.search("boiler inspection", QUERY, 1, AT, Settings())) == ["near"]


# -- through the engine, on wording the rules were not written from -----------------------------
START = datetime(2026, 3, 2, 14, 0, tzinfo=timezone.utc)

DISTRACTORS = [
    "My library books are due back on the 20th.",
    "The plumber is coming on the 18th to fix the leaking tap.",
    "My cousin's wedding is on the 30th in Lisbon.",
    "I keep my bikes in the shed behind the house.",
    "I drive a 2014 Skoda Octavia with about 150k km on it.",
]

CASES = [
    # (first statement, the update that no longer names it, the query, what the update says)
    ("My car's next service is booked for March 12 at the Elm Street garage.",
     "The garage called, they pushed it back to the 25th.",
     "when is my car service", "25th"),
    ("The vet check-up for my dog Biscuit is on Thursday morning.",
     "The clinic rang and moved it to Monday afternoon instead.",
     "when is Biscuit's vet appointment", "monday"),
    ("Our allotment society meets in the church hall on Wednesdays.",
     "The hall is being renovated, so from now on we meet at the library on Tuesdays.",
     "where does the allotment society meet", "library"),
]


@pytest.mark.parametrize("first, update, query, new_value", CASES)
def test_recall_answers_with_the_update_that_no_longer_names_its_subject(tmp_path, first, update, query, new_value):
    with MemoryEngine.open(tmp_path / "d") as engine:
        turns = [(0, t) for t in [first] + DISTRACTORS] + [(4, update)]
        for i, (day, text) in enumerate(turns):
            engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": f"s{day}", "turn_id": f"t{i}",
                           "role": "user", "speaker": "Robin", "text": text,
                           "occurred_at": (START + timedelta(days=day, minutes=i)).isoformat()})
        engine.flush()
        records = engine.records(tenant_id="t", user_id="u", include_inactive=True)
        assert any(r.tier == "superseded" and r.superseded_by for r in records), \
            "the case needs the update to supersede the first statement"
        top = engine.recall(tenant_id="t", user_id="u", query=query, k=3, record_use=False)
        assert new_value in top[0].text.lower()
        context = engine.context(tenant_id="t", user_id="u", query=query, budget_tokens=400, record_use=False)
        assert new_value in context.text.lower()


def test_among_many_earlier_versions_the_one_matched_lifts_its_own_current_version():
    # More earlier versions than the re-rank pool: the best matched are found by the scan first.
    records, vectors = [], []
    for i in range(60):
        records += [older(f"old{i:02d}", f"Bay {i} holds crate series {i}", f"new{i:02d}"),
                    rec(f"new{i:02d}", f"Moved to shelf {i}")]
        vectors += [unit(*([0] * (3 + i) + [1])), unit(*([0] * (100 + i) + [1]))]
    index = SubjectIndex(records, np.stack(vectors))
    query = unit(*([0] * (3 + 17) + [1]))
    hits = index.search("crate series 17", query, 3, AT, Settings())
    assert hits[0].record.memory_id == "new17"
    assert all(h.record.memory_id.startswith("new") for h in hits)
