"""What the replay's cheaper paths must keep: records written to the state store read back the same,
content read from the log is written again in its sealed form only while it is unchanged, shredded
content is never written, and the view digest is the one it always was."""
import gc
import hashlib
import json
from datetime import datetime, timezone

from engine.crypto import Sealer
from engine.digest import collector_paused, subject_digest_items, view_digest
from engine.state import SessionState, SubjectState, SummaryItem, WindowTurn
from schemas.events import Event, MemoryRecorded
from schemas.records import MemoryRecord, TurnRef
from streams.codec import decode_event, encode_event, mem_ref, open_record_in_place, sealed_record_json
from streams.keystore import RocksKeyStore

AT = datetime(2026, 1, 1, tzinfo=timezone.utc)


def _record(memory_id="m1", **kw) -> MemoryRecord:
    base = dict(memory_id=memory_id, tenant_id="t", user_id="u", session_id="s", kind="constraint",
                text="allergic to kiwis", fields={"object": "kiwis", "polarity": "+"}, slot="constraint:allergy",
                source="user_explicit", sources=[TurnRef(session_id="s", turn_id="t1")], confidence=0.9,
                importance=0.75, created_at=AT, updated_at=AT, expires_at=AT, use_count=3)
    base.update(kw)
    return MemoryRecord(**base)


def _logged(sealer, rec) -> bytes:
    return encode_event(Event(event_id="e-" + rec.memory_id, type="memory_recorded", tenant_id="t", user_id="u",
                              occurred_at=AT, recorded_at=AT, payload=MemoryRecorded(record=rec)), sealer)


def _stored(sealer, raw: bytes) -> MemoryRecord:
    return open_record_in_place(sealer, MemoryRecord.model_validate_json(raw))


def test_a_record_written_sealed_reads_back_equal_and_holds_no_plain_content(tmp_path):
    sealer = Sealer(RocksKeyStore(tmp_path / "keys"))
    rec = _record(echoes=[TurnRef(session_id="s", turn_id="t9")], happened_at=AT, superseded_by="m0")
    raw = sealed_record_json(sealer, rec)
    assert b"kiwi" not in raw and b"allergy" not in raw
    assert _stored(sealer, raw) == rec


def test_unchanged_content_is_written_in_the_sealed_form_read_from_the_log(tmp_path):
    sealer = Sealer(RocksKeyStore(tmp_path / "keys"))
    raw = _logged(sealer, _record())
    logged = json.loads(raw)["payload"]["record"]
    known: dict = {}
    rec = decode_event(raw, sealer, known).payload.record
    assert rec.text == "allergic to kiwis"
    rec.use_count += 1  # what the projector changes leaves the content as it was read
    written = json.loads(sealed_record_json(sealer, rec, known))
    assert (written["text"], written["slot"], written["fields"]) == (logged["text"], logged["slot"], logged["fields"])
    assert _stored(sealer, json.dumps(written).encode()) == rec


def test_changed_content_is_sealed_anew(tmp_path):
    sealer = Sealer(RocksKeyStore(tmp_path / "keys"))
    known: dict = {}
    rec = decode_event(_logged(sealer, _record()), sealer, known).payload.record
    logged = known[rec.memory_id][3]
    for change in ({"text": "allergic to figs"}, {"slot": "constraint:other"}, {"fields": {"object": "figs"}}):
        changed = rec.model_copy(update=change)
        written = json.loads(sealed_record_json(sealer, changed, known))
        assert (written["text"], written["slot"], written["fields"]["$sealed"]) != logged
        assert _stored(sealer, json.dumps(written).encode()) == changed
    # fields changed in place on the record the log gave (not a copy) are sealed anew too
    rec.fields["object"] = "figs"
    assert _stored(sealer, sealed_record_json(sealer, rec, known)).fields["object"] == "figs"


def test_a_record_whose_key_was_destroyed_is_written_without_content_and_without_a_new_key(tmp_path):
    keys = RocksKeyStore(tmp_path / "keys")
    sealer = Sealer(keys)
    raw = _logged(sealer, _record())
    keys.destroy([mem_ref("t", "u", "m1")])
    known: dict = {}
    rec = decode_event(raw, sealer, known).payload.record
    assert (rec.text, rec.slot, rec.fields) == (None, None, {})
    assert "m1" not in known
    written = json.loads(sealed_record_json(sealer, rec, known))
    assert (written["text"], written["slot"], written["fields"]) == (None, None, {})
    assert keys.get(mem_ref("t", "u", "m1")) is None


def _reference_digest(states) -> str:
    """The view digest as it was defined before the replay was made cheaper."""
    h = hashlib.sha256()

    def _h(text):
        return None if text is None else hashlib.sha256(text.encode()).hexdigest()

    for state in sorted(states, key=lambda s: (s.tenant_id, s.user_id)):
        if not state.records and not state.sessions:
            continue
        items = []
        for rec in sorted(state.records.values(), key=lambda r: r.memory_id):
            d = rec.model_dump(mode="json")
            d["text"], d["slot"] = _h(rec.text), _h(rec.slot)
            d["fields"] = _h(json.dumps(rec.fields, sort_keys=True))
            if not d["echoes"]:
                del d["echoes"]
            items.append(["record", d])
        for sid in sorted(state.sessions):
            s = state.sessions[sid]
            items.append(["summary", sid, [[i.turn_id, i.kind, _h(i.text), i.importance] for i in s.summary],
                          [t.turn_id for t in s.window]])
        h.update(json.dumps([state.tenant_id, state.user_id, items], sort_keys=True, separators=(",", ":")).encode())
    return h.hexdigest()


def test_the_view_digest_hashes_what_it_always_hashed():
    a = SubjectState("t", "u")
    a.records = {m: _record(m, text=t, fields=f) for m, t, f in [
        ("m2", "prefers tea", {}), ("m1", "café au lait, s'il vous plaît", {"b": "2", "a": "1"}),
        ("m3", None, {}), ("m0", "x", {"k": "é"})]}
    a.records["m0"].echoes.append(TurnRef(session_id="s", turn_id="t4"))
    a.sessions["s"] = SessionState("s", window=[WindowTurn("t5", "user", None, "hi", 1, AT)],
                                   summary=[SummaryItem("t4", "fact", "said hi", 0.3333333333333333, AT)])
    b = SubjectState("t", "another user")
    b.records = {"m9": _record("m9", user_id="another user", confidence=1e-05, importance=1.0)}
    empty = SubjectState("t", "nobody")
    assert view_digest([a, b, empty]) == _reference_digest([a, b, empty])
    assert view_digest([b, a], ordered=False) == view_digest([a, b])
    assert subject_digest_items(a)[0][1]["memory_id"] == "m0"


def test_the_collector_is_enabled_again_after_a_pass_and_left_off_when_it_was_off():
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
