"""The ingest guard: every turn is validated, and its secrets redacted, before anything is written.

Validation failures raise a typed `InvalidTurnError` subclass naming the field and what to do.
Redaction happens here, in memory, so no secret ever reaches the log, the tables or an index.
"""
from __future__ import annotations

import unicodedata

from datetime import datetime, timezone
from typing import Any, Mapping

from pydantic import ValidationError

from engine.errors import (
    BadTimestampError,
    EmptyTextError,
    InvalidTurnError,
    MissingFieldError,
    OversizeTextError,
    TenantMismatchError,
    UnknownRoleError,
)
from engine.redaction import redact
from engine.settings import Settings
from schemas.common import ROLES
from schemas.turns import TurnIn

_REQUIRED = ("tenant_id", "user_id", "session_id", "turn_id", "role", "text", "occurred_at")
_ID_FIELDS = ("tenant_id", "user_id", "session_id", "turn_id")
#: Timestamps outside this range are almost always a client bug (a zero time, a year 9999 sentinel).
EARLIEST = datetime(1900, 1, 1, tzinfo=timezone.utc)
LATEST = datetime(2200, 1, 1, tzinfo=timezone.utc)



def _visible(text: str) -> bool:
    """Whether the text holds something to read: not only white space, control characters and
    invisible format characters (zero-width spaces and joiners, the byte-order mark, soft hyphens)."""
    return any(not ch.isspace() and unicodedata.category(ch) not in ("Cc", "Cf") for ch in text)

def check_id(name: str, value: object, settings: Settings, turn_id: str | None = None) -> str:
    """Ids are non-empty strings of printable characters, at most `max_id_chars` long."""
    if not isinstance(value, str) or not value.strip():
        raise MissingFieldError(f"missing required field {name!r}", field=name, turn_id=turn_id)
    if len(value) > settings.max_id_chars:
        raise InvalidTurnError(f"{name} is longer than {settings.max_id_chars} characters", field=name,
                               turn_id=turn_id)
    if not value.isprintable():
        raise InvalidTurnError(f"{name} contains control or non-printable characters", field=name,
                               turn_id=turn_id)
    return value


def _turn_id_of(raw: Any) -> str | None:
    if isinstance(raw, Mapping):
        value = raw.get("turn_id")
        return value if isinstance(value, str) else None
    return getattr(raw, "turn_id", None)


def validate_turn(raw: TurnIn | Mapping[str, Any], settings: Settings,
                  bound_tenant: str | None = None) -> TurnIn:
    """A validated `TurnIn`, or a typed error. Text limits are checked before redaction."""
    turn_id = _turn_id_of(raw)
    if isinstance(raw, TurnIn):
        turn = raw
    elif isinstance(raw, Mapping):
        for name in _REQUIRED:
            value = raw.get(name)
            if value is None or (isinstance(value, str) and not value.strip() and name != "text"):
                raise MissingFieldError(f"missing required field {name!r}", field=name, turn_id=turn_id)
        role = raw.get("role")
        if role not in ROLES:
            raise UnknownRoleError(
                f"unknown role {role!r}; use one of {', '.join(ROLES)}", field="role", turn_id=turn_id
            )
        occurred = raw.get("occurred_at")
        if isinstance(occurred, str):
            try:
                datetime.fromisoformat(occurred.replace("Z", "+00:00"))
            except ValueError:
                raise BadTimestampError(
                    f"occurred_at {occurred!r} is not an ISO 8601 timestamp (e.g. 2024-05-01T12:00:00Z)",
                    field="occurred_at", turn_id=turn_id,
                ) from None
        elif not isinstance(occurred, datetime):
            raise BadTimestampError(
                f"occurred_at must be an ISO 8601 string or a datetime, not {type(occurred).__name__}",
                field="occurred_at", turn_id=turn_id,
            )
        if not isinstance(raw.get("text"), str):
            raise InvalidTurnError("text must be a string", field="text", turn_id=turn_id)
        try:
            turn = TurnIn.model_validate(dict(raw))
        except ValidationError as exc:
            err = exc.errors()[0]
            field = ".".join(str(x) for x in err.get("loc", ())) or None
            raise InvalidTurnError(f"invalid turn: {field}: {err.get('msg')}", field=field, turn_id=turn_id) from None
    else:
        raise InvalidTurnError(f"a turn must be a dict or a TurnIn, not {type(raw).__name__}")

    for name in _ID_FIELDS:
        check_id(name, getattr(turn, name), settings, turn.turn_id)
    if not EARLIEST <= turn.occurred_at < LATEST:
        raise BadTimestampError(
            f"occurred_at {turn.occurred_at.isoformat()} is outside {EARLIEST.year}-{LATEST.year - 1}; "
            "send the time the turn happened", field="occurred_at", turn_id=turn.turn_id,
        )
    try:
        turn.text.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidTurnError("text is not valid Unicode (it holds a lone surrogate)", field="text",
                               turn_id=turn.turn_id) from None
    if not _visible(turn.text):
        raise EmptyTextError("text is empty (only spaces or invisible characters); send turns with content",
                             field="text", turn_id=turn.turn_id)
    if len(turn.text) > settings.max_turn_chars:
        raise OversizeTextError(
            f"text has {len(turn.text)} characters, more than max_turn_chars={settings.max_turn_chars}; "
            "split the turn or raise MEMSTREAM_MAX_TURN_CHARS",
            field="text", turn_id=turn.turn_id,
        )
    if bound_tenant is not None and turn.tenant_id != bound_tenant:
        raise TenantMismatchError(
            f"turn {turn.turn_id!r} is for tenant {turn.tenant_id!r} but this engine serves tenant "
            f"{bound_tenant!r}; open an engine for that tenant"
        )
    return turn


def redact_turn(turn: TurnIn) -> tuple[str, list[str]]:
    """(text with secrets replaced by [REDACTED:kind] markers, the kinds removed)."""
    return redact(turn.text)


def redact_speaker(speaker: str | None) -> tuple[str | None, list[str]]:
    """(the speaker with secrets and identifiers replaced by [REDACTED:kind] markers, the kinds
    removed). The speaker is written next to the text (and sealed with it), so it goes through the
    same redaction: a speaker field holding a phone number, an IBAN or a key must not reach the log.
    None (no speaker) stays None."""
    if speaker is None:
        return None, []
    return redact(speaker)
