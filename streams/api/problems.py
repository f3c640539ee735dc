"""How the API answers a typed error: its HTTP status, and the `application/problem+json` document
(RFC 9457) titled with the error's name. Shared by the API (streams.api.app), the inspector
(streams.api.ui) and the Kafka worker's routes (streams.kafka.api)."""
from __future__ import annotations

from typing import Any

from fastapi.responses import JSONResponse

from engine.errors import (
    AuthError,
    EngineClosedError,
    InvalidCommandError,
    InvalidTurnError,
    ScopeError,
    TenantMismatchError,
    UnknownMemoryError,
)

PROBLEM = "application/problem+json"

#: HTTP status of each typed error the API can meet (the first class an error is an instance of).
STATUS: tuple[tuple[type[BaseException], int], ...] = (
    (AuthError, 401),
    (ScopeError, 403),
    (UnknownMemoryError, 404),
    (TenantMismatchError, 404),  # another tenant's data is as unknown as absent data
    (InvalidTurnError, 422),
    (InvalidCommandError, 422),
    (EngineClosedError, 503),
)


def status_of(exc: BaseException) -> int:
    return next((code for cls, code in STATUS if isinstance(exc, cls)), 500)


def problem(status: int, title: str, detail: str, **extra: Any) -> JSONResponse:
    body = {"type": f"urn:memstream:error:{title}", "title": title, "status": status, "detail": detail, **extra}
    headers = {"WWW-Authenticate": 'Bearer realm="memstream"'} if status == 401 else None
    return JSONResponse(body, status_code=status, media_type=PROBLEM, headers=headers)
