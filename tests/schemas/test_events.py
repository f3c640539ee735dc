from datetime import datetime, timezone

import pytest
from pydantic import ValidationError

from schemas.commands import Forget
from schemas.events import EVENT_SCHEMA_VERSION, Event, MemoryExpired, TurnReceived

AT = datetime(2026, 1, 1, tzinfo=timezone.utc)


def _turn_event(**over):
    base = dict(event_id="e1", type="turn_received", tenant_id="t", user_id="u", session_id="s",
                occurred_at=AT, recorded_at=AT,
                payload=TurnReceived(turn_id="x", role="user", text="hello", tokens=1))
    base.update(over)
    return Event(**base)


def test_event_round_trips_through_json():
    event = _turn_event()
    again = Event.model_validate_json(event.model_dump_json())
    assert again == event
    assert isinstance(again.payload, TurnReceived)


def test_envelope_type_must_match_payload():
    with pytest.raises(ValidationError):
        _turn_event(type="memory_expired")


def test_newer_schema_version_is_refused_with_advice():
    with pytest.raises(ValidationError, match="upgrade memstream"):
        _turn_event(schema_version=EVENT_SCHEMA_VERSION + 1)


def test_naive_timestamps_are_read_as_utc():
    event = Event(event_id="e2", type="memory_expired", tenant_id="t", user_id="u",
                  occurred_at="2026-01-01T10:00:00", recorded_at=AT,
                  payload=MemoryExpired(memory_id="m", reason="r"))
    assert event.occurred_at.tzinfo is not None and event.occurred_at.hour == 10


def test_forget_command_needs_the_argument_of_its_mode():
    with pytest.raises(ValidationError, match="needs memory_id"):
        Forget(tenant_id="t", user_id="u", mode="id")
    assert Forget(tenant_id="t", user_id="u", mode="subject").mode == "subject"
