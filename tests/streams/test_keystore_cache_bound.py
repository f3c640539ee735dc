"""The key store's in-memory cache of keys read is bounded (a replay reads every record's key once),
and starting it again never loses a key that was made and not yet written."""
from __future__ import annotations

import streams.keystore as keystore
from engine.crypto import Sealer
from streams.codec import mem_ref, sealed_record_json
from streams.keystore import RocksKeyStore


def test_the_cache_stays_bounded_and_keeps_keys_not_yet_written(tmp_path, monkeypatch):
    monkeypatch.setattr(keystore, "CACHED_KEYS", 4)
    keys = RocksKeyStore(tmp_path / "keys", sync=False)
    written = {i: keys.get_or_create(mem_ref("t", "u", f"w{i}")) for i in range(10)}
    keys.persist()
    keys.close()
    keys = RocksKeyStore(tmp_path / "keys", sync=False, create=False)
    try:
        unsaved = {i: keys.get_or_create(mem_ref("t", "u", f"n{i}")) for i in range(3)}
        for _ in range(2):  # reading every written key passes the bound more than once
            for i, key in written.items():
                assert keys.get(mem_ref("t", "u", f"w{i}")) == key
                assert len(keys._cache) <= keystore.CACHED_KEYS + len(unsaved)
        # Made before the cache started again and not written yet: the same keys, not new ones.
        for i, key in unsaved.items():
            assert keys.get_or_create(mem_ref("t", "u", f"n{i}")) == key
        keys.persist()
    finally:
        keys.close()
    keys = RocksKeyStore(tmp_path / "keys", sync=False, create=False, read_only=True)
    try:
        assert all(keys.get(mem_ref("t", "u", f"n{i}")) == key for i, key in unsaved.items())
    finally:
        keys.close()


def test_a_record_sealed_again_reads_back_the_same(tmp_path):
    from datetime import datetime, timezone

    from schemas.records import MemoryRecord
    from streams.codec import open_record_in_place

    at = datetime(2026, 1, 1, tzinfo=timezone.utc)
    sealer = Sealer(RocksKeyStore(tmp_path / "keys", sync=False))
    rec = MemoryRecord(memory_id="m1", tenant_id="t", user_id="u", kind="fact", text="lives in Porto",
                       fields={"place": "Porto"}, slot="fact:home", source="user_explicit", confidence=0.9,
                       importance=0.8, created_at=at, updated_at=at, sources=[{"session_id": "s", "turn_id": "t1"}])
    raw = sealed_record_json(sealer, rec)
    assert b"Porto" not in raw
    sealed = MemoryRecord.model_validate_json(raw)
    assert sealed.fields.keys() == {"$sealed"}
    assert open_record_in_place(sealer, sealed) == rec
    assert rec.text == "lives in Porto"  # the record itself is left as it was
