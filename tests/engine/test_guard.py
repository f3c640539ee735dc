"""Bad input gets a clear typed error and writes nothing."""
from __future__ import annotations

import pytest

from conftest import make_turn
from engine.errors import (
    BadTimestampError,
    EmptyTextError,
    InvalidTurnError,
    MissingFieldError,
    OversizeTextError,
    TenantMismatchError,
    UnknownRoleError,
)
from engine import MemoryEngine


@pytest.mark.parametrize("change, error, words", [
    ({"text": "   "}, EmptyTextError, "empty"),
    ({"text": "x" * 20_000}, OversizeTextError, "max_turn_chars"),
    ({"role": "robot"}, UnknownRoleError, "use one of"),
    ({"turn_id": None}, MissingFieldError, "turn_id"),
    ({"tenant_id": ""}, MissingFieldError, "tenant_id"),
    ({"occurred_at": "last tuesday"}, BadTimestampError, "ISO 8601"),
    ({"occurred_at": 12}, BadTimestampError, "ISO 8601"),
    ({"text": 42}, InvalidTurnError, "string"),
    ({"extra": 1}, InvalidTurnError, "extra"),
])
def test_invalid_turn_raises_a_typed_error_and_writes_nothing(engine, change, error, words):
    turn = {**make_turn("fine", 1), **change}
    with pytest.raises(error, match=words):
        engine.ingest(turn)
    assert len(engine.runtime.log) == 0


def test_one_bad_turn_rejects_the_whole_batch(engine):
    good = make_turn("I live in Porto.", 1)
    bad = {**make_turn("x", 2), "role": "wizard"}
    with pytest.raises(UnknownRoleError):
        engine.ingest_many([good, bad])
    assert len(engine.runtime.log) == 0
    assert engine.ingest_many([good]) == 1


def test_engine_bound_to_a_tenant_refuses_other_tenants(tmp_path):
    with MemoryEngine.open(tmp_path / "d", tenant_id="acme") as engine:
        with pytest.raises(TenantMismatchError, match="open an engine for that tenant"):
            engine.ingest(make_turn("hi there friend", 1, tenant="other"))
        with pytest.raises(TenantMismatchError):
            engine.recall(tenant_id="other", user_id="u1", query="x")
        assert len(engine.runtime.log) == 0


def test_reingesting_a_turn_is_a_no_op(engine):
    turn = make_turn("I prefer tea over coffee.", 1)
    assert engine.ingest(turn) is True
    assert engine.ingest(turn) is False
    engine.flush()
    assert len(engine.records("acme", "u1")) == 1
