"""Request bodies are bounded, and an API body is read only for a caller with a valid key.

Without this, any client, with no key at all, could make the server read and parse a body of any
size: FastAPI reads and decodes a route's JSON body before it resolves the route's dependencies, the
key check among them (a 192 MB body without a key took 9 s and 850 MB of memory before its 401).

- A body longer than the server's bound (`Settings.api_max_body_mb`) is answered 413 without being
  read: at once when its `Content-Length` says so, else (chunked) as soon as the bytes received pass
  the bound.
- A request with a body to an authenticated path (`/v1/`, `/internal/`) is answered 401 before its
  body is read when its `Authorization` header holds no valid key; the route still checks the key's
  scopes as before.
"""
from __future__ import annotations

from typing import Any, Awaitable, Callable

from starlette.datastructures import Headers

from engine.errors import AuthError
from streams.api.problems import problem

Receive = Callable[[], Awaitable[dict]]
Send = Callable[[dict], Awaitable[None]]

#: Paths whose every route takes the key from the Authorization header (the inspector's session
#: form under /ui/ carries it in its body instead, and is only bounded).
KEYED = ("/v1/", "/internal/")


_CHECKED = "memstream.checked_key"


def authenticated(scope: dict, token: str | None) -> Any | None:
    """The key this guard checked for the request, if it checked `token` (else None: check it)."""
    checked = (scope.get("state") or {}).get(_CHECKED)
    return checked[1] if checked is not None and checked[0] == token else None


def _bearer(headers: Headers) -> str | None:
    scheme, _, token = headers.get("authorization", "").strip().partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


async def guard_body(scope: dict, receive: Receive, send: Send, max_bytes: int,
                     authenticate: Callable[[str | None], Any] | None) -> Receive | None:
    """The `receive` the app should read the request with, or None when this has answered already
    (413 or 401). A request without a body passes untouched."""
    headers = Headers(scope=scope)
    length = headers.get("content-length")
    chunked = "chunked" in headers.get("transfer-encoding", "").lower()
    if length is None and not chunked:
        return receive
    if length is not None and not chunked:
        try:
            declared = int(length)
        except ValueError:
            declared = 0  # the HTTP server itself refuses a malformed Content-Length
        if declared > max_bytes:
            await _too_large(scope, receive, send, max_bytes)
            return None
        if declared == 0:
            return receive
    if authenticate is not None and scope.get("path", "").startswith(KEYED):
        token = _bearer(headers)
        try:
            info = authenticate(token)
        except AuthError as exc:
            await problem(401, "AuthError", str(exc))(scope, receive, send)
            return None
        # The route's key dependency takes it from here (`authenticated`): one check per request.
        scope.setdefault("state", {})[_CHECKED] = (token, info)
    if not chunked:
        return receive  # the HTTP server delivers no more than the Content-Length it checked
    # Chunked: read it here, up to the bound, and hand the app what was read.
    parts: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return _replay([], message, receive)  # the client left: the app sees the disconnect
        size += len(message.get("body", b""))
        if size > max_bytes:
            await _too_large(scope, receive, send, max_bytes)
            return None
        parts.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    return _replay(parts, None, receive)


def _replay(parts: list[bytes], last: dict | None, receive: Receive) -> Receive:
    """A receive that gives the body read so far in one message (or `last`), then the real one."""
    pending = [last if last is not None else {"type": "http.request", "body": b"".join(parts), "more_body": False}]

    async def replayed() -> dict:
        if pending:
            return pending.pop()
        return await receive()

    return replayed


async def _too_large(scope: dict, receive: Receive, send: Send, max_bytes: int) -> None:
    await problem(413, "RequestTooLargeError",
                  f"the request body is over this server's bound of {max_bytes:,} bytes "
                  "(api_max_body_mb); send fewer turns per request")(scope, receive, send)
