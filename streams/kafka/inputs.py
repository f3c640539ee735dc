"""Input messages (the turns and commands topics) to engine calls, or to a dead letter with a reason.

A turn message is a turn as `memstream ingest` takes it (schemas/turns.py). A command message is
{"command": "remember" | "forget" | "sweep" | "recall", ...} with the fields of schemas/commands.py
(sweep: tenant_id, user_id, now; recall: tenant_id, user_id, query, and optionally k, session_id,
now, request_id: records the use of what that recall returns, in order with the subject's input, as
`recall(record_use=True)` does on the embedded runtime). Every message must be keyed by its subject (topics.subject_key): a key that
disagrees with the content would put a subject's events in someone else's partition.

Reasons never quote content: they name the problem, the field and the message's coordinates.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from engine.errors import MemstreamError
from engine.guard import validate_turn
from engine.settings import Settings
from schemas.commands import Forget, Remember
from schemas.turns import TurnIn
from streams.kafka.topics import subject_key

COMMANDS = ("remember", "forget", "sweep", "recall")


@dataclass(frozen=True)
class Record:
    """One consumed message."""

    topic: str
    partition: int
    offset: int
    key: bytes | None
    value: bytes | None
    timestamp: float | None = None  # seconds since the epoch, as the broker or producer stamped it

    @property
    def coordinates(self) -> str:
        return f"{self.topic}/{self.partition}@{self.offset}"


@dataclass(frozen=True)
class TurnInput:
    record: Record
    turn: TurnIn


@dataclass(frozen=True)
class CommandInput:
    record: Record
    name: str
    data: dict[str, Any]  # validated fields for the facade call

    @property
    def request_id(self) -> str:
        """The client's request id, else the message's coordinates: either way a redelivered
        message decides the same events."""
        return self.data.get("request_id") or f"kafka:{self.record.coordinates}"


@dataclass(frozen=True)
class Rejected:
    record: Record
    reason: str


@dataclass(frozen=True)
class Tick:
    """A worker's own no-op on an input partition: it rolls the partition's segment, so input that
    was handled and deleted can leave the broker's files even when the partition is quiet."""

    record: Record


TICK_KEY = b"\x00memstream-tick"


class _Reject(Exception):
    pass


def error_reason(exc: BaseException) -> str:
    """An engine error as a dead-letter reason: its type and the field it names, never its message
    (a message may quote the value it refused, and a value may be a secret)."""
    field = getattr(exc, "field", None)
    return f"{type(exc).__name__}" + (f" (field {field})" if field else "")


def _schema_reason(exc: ValidationError) -> str:
    # loc and msg only: pydantic's str() would quote the offending input.
    problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'message'}: {e['msg']}" for e in exc.errors())
    return f"wrong schema: {problems}"


def _object(record: Record, max_bytes: int) -> dict[str, Any]:
    if record.value is None:
        raise _Reject("malformed: empty message (a tombstone is not a turn or a command)")
    if len(record.value) > max_bytes:
        raise _Reject(f"oversize: {len(record.value)} bytes > max_message_bytes={max_bytes}")
    try:
        data = json.loads(record.value)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise _Reject(f"malformed: not JSON ({type(exc).__name__} at position {getattr(exc, 'pos', '?')})") from None
    except RecursionError:
        raise _Reject("malformed: JSON nested too deeply") from None
    if not isinstance(data, dict):
        raise _Reject(f"malformed: a message must be a JSON object, not {type(data).__name__}")
    return data


def _check_key(record: Record, tenant_id: str, user_id: str) -> None:
    if record.key != subject_key(tenant_id, user_id):
        raise _Reject("wrong key: a message must be keyed by its subject (tenant_id, user_id)")


def parse(record: Record, *, turns_topic: str, settings: Settings, max_bytes: int
          ) -> TurnInput | CommandInput | Rejected | Tick:
    if record.key == TICK_KEY and record.value == b"{}":
        return Tick(record)
    try:
        data = _object(record, max_bytes)
        if record.topic == turns_topic:
            try:
                turn = validate_turn(data, settings)
            except MemstreamError as exc:
                raise _Reject(f"wrong schema: {error_reason(exc)}") from None
            except ValidationError as exc:
                raise _Reject(_schema_reason(exc)) from None
            _check_key(record, turn.tenant_id, turn.user_id)
            return TurnInput(record, turn)
        name = data.pop("command", None)
        if name not in COMMANDS:
            raise _Reject(f"wrong schema: command must be one of {', '.join(COMMANDS)}")
        try:
            if name == "remember":
                fields = Remember.model_validate(data).model_dump(exclude_unset=True)
            elif name == "forget":
                fields = Forget.model_validate(data).model_dump(exclude_unset=True)
            elif name == "recall":
                fields = _recall_fields(data)
            else:
                fields = _sweep_fields(data)
        except ValidationError as exc:
            raise _Reject(_schema_reason(exc)) from None
        _check_key(record, fields["tenant_id"], fields["user_id"])
        return CommandInput(record, name, fields)
    except _Reject as reject:
        return Rejected(record, str(reject))


def _sweep_fields(data: dict[str, Any]) -> dict[str, Any]:
    allowed = {"tenant_id", "user_id", "now", "request_id"}
    extra = sorted(set(data) - allowed)
    if extra:
        raise _Reject(f"wrong schema: sweep takes {', '.join(sorted(allowed))}; unexpected {', '.join(extra)}")
    for name in ("tenant_id", "user_id", "now"):
        if not isinstance(data.get(name), str) or not data[name]:
            raise _Reject(f"wrong schema: sweep needs {name} (a string)")
    return dict(data)


def _recall_fields(data: dict[str, Any]) -> dict[str, Any]:
    allowed = {"tenant_id", "user_id", "query", "k", "session_id", "now", "request_id"}
    extra = sorted(set(data) - allowed)
    if extra:
        raise _Reject(f"wrong schema: recall takes {', '.join(sorted(allowed))}; unexpected {', '.join(extra)}")
    for name in ("tenant_id", "user_id", "query"):
        if not isinstance(data.get(name), str) or (name != "query" and not data[name]):
            raise _Reject(f"wrong schema: recall needs {name} (a string)")
    for name in ("session_id", "now", "request_id"):
        if data.get(name) is not None and (not isinstance(data[name], str) or not data[name]):
            raise _Reject(f"wrong schema: recall's {name} is a non-empty string")
    k = data.get("k")
    if k is not None and (isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= 100):
        raise _Reject("wrong schema: recall's k is an integer from 1 to 100")
    return {name: value for name, value in data.items() if value is not None}
