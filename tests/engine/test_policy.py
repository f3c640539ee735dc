from datetime import datetime, timedelta, timezone

from engine.policy import decide_sweep
from engine.settings import Settings
from engine.state import SubjectState
from schemas.records import MemoryRecord, TurnRef

AT = datetime(2026, 1, 1, tzinfo=timezone.utc)


def rec(mid, text, *, source="user_explicit", confidence=0.9, importance=0.7, kind="preference", **kw):
    return MemoryRecord(memory_id=mid, tenant_id="t", user_id="u", kind=kind, text=text, source=source,
                        sources=[TurnRef(session_id="s", turn_id=f"turn-{mid}")], confidence=confidence, importance=importance,
                        created_at=AT, updated_at=AT, **kw)


def state_of(*records):
    st = SubjectState("t", "u")
    st.records = {r.memory_id: r for r in records}
    return st


def test_duplicates_merge_into_the_best_sourced_record():
    st = state_of(rec("a", "User prefers dark mode in the editor", source="inferred", confidence=0.95),
                  rec("b", "User prefers dark mode in the editor!", source="user_explicit", confidence=0.8))
    [merge] = [e for e in decide_sweep(st, AT, Settings(), AT) if e.type == "memories_merged"]
    assert merge.payload.target_id == "b" and merge.payload.merged_ids == ["a"]
    assert {s.turn_id for s in merge.payload.sources} == {"turn-a", "turn-b"}
    assert merge.payload.evidence_count == 2 and merge.payload.confidence == 0.95


def test_sweep_expires_due_records_and_is_repeatable():
    st = state_of(rec("x", "answer in French", kind="temporary_instruction", expires_at=AT + timedelta(hours=1)),
                  rec("y", "User likes jazz"))
    first = decide_sweep(st, AT + timedelta(hours=2), Settings(), AT)
    again = decide_sweep(st, AT + timedelta(hours=2), Settings(), AT)
    assert [e.type for e in first] == ["memory_expired"]
    assert [e.model_dump() for e in first] == [e.model_dump() for e in again]


def test_secret_records_are_deleted_not_archived():
    st = state_of(rec("k", "api key [REDACTED:api_key]", privacy_level="secret"))
    [event] = decide_sweep(st, AT, Settings(), AT)
    assert event.type == "memory_forgotten" and event.payload.reason == "secret"


def test_thresholds_are_settings():
    st = state_of(rec("y", "User likes jazz", importance=0.5))
    assert decide_sweep(st, AT, Settings(archive_threshold=0.9), AT)[0].type == "memory_archived"
    assert decide_sweep(st, AT, Settings(), AT) == []
