from datetime import datetime, timezone

from engine.crypto import Sealer
from schemas.events import Event, MemoryRecorded, SummaryLine, TurnReceived, WindowCompacted
from schemas.records import MemoryRecord
from streams.codec import decode_event, encode_event, mem_ref, turn_ref
from streams.keystore import RocksKeyStore

AT = datetime(2026, 1, 1, tzinfo=timezone.utc)


def _env(payload, **kw):
    return Event(event_id=kw.pop("event_id", "e"), type=payload.type, tenant_id="t", user_id="u", session_id="s",
                 occurred_at=AT, recorded_at=AT, payload=payload)


def test_content_is_sealed_and_ids_stay_readable(tmp_path):
    sealer = Sealer(RocksKeyStore(tmp_path / "keys"))
    rec = MemoryRecord(memory_id="m1", tenant_id="t", user_id="u", kind="constraint", text="allergic to kiwis",
                       fields={"object": "kiwis"}, slot="constraint:allergy:kiwi", source="user_explicit",
                       confidence=0.9, importance=0.9, created_at=AT, updated_at=AT)
    events = [
        _env(TurnReceived(turn_id="t1", role="user", text="I am allergic to kiwis", tokens=6)),
        _env(MemoryRecorded(record=rec)),
        _env(WindowCompacted(evicted_turn_ids=["t1"], summary=[SummaryLine(
            turn_id="t1", kind="constraint", text="allergic to kiwis", importance=0.9, occurred_at=AT)],
            summary_tokens=4)),
    ]
    for event in events:
        raw = encode_event(event, sealer)
        assert b"kiwi" not in raw
        assert decode_event(raw, sealer) == event


def test_content_decodes_as_none_once_its_key_is_destroyed(tmp_path):
    keys = RocksKeyStore(tmp_path / "keys")
    sealer = Sealer(keys)
    raw = encode_event(_env(TurnReceived(turn_id="t1", role="user", text="secret plans", tokens=2)), sealer)
    keys.destroy([turn_ref("t", "u", "s", "t1")])
    assert decode_event(raw, sealer).payload.text is None


def test_sealed_content_cannot_be_moved_to_another_subject(tmp_path):
    import pytest

    from engine.errors import CorruptDataError

    keys = RocksKeyStore(tmp_path / "keys")
    sealer = Sealer(keys)
    sealed = sealer.seal_text(mem_ref("t", "u", "m"), "hello")
    # Same key bytes under another subject's name: the associated data still refuses it.
    other = mem_ref("t", "other", "m")
    keys._cache[other.storage_key()] = keys.get(mem_ref("t", "u", "m"))
    with pytest.raises(CorruptDataError, match="failed authentication"):
        sealer.open_text(other, sealed)


def test_destroyed_keys_leave_the_files_on_disk(tmp_path):
    keys = RocksKeyStore(tmp_path / "keys")
    ref = mem_ref("t", "u", "m")
    key = keys.get_or_create(ref)
    keys.persist()
    keys.destroy([ref])
    keys.close()
    assert all(key not in p.read_bytes() for p in (tmp_path / "keys").rglob("*") if p.is_file())
    again = RocksKeyStore(tmp_path / "keys")
    assert again.get(ref) is None
