"""The compliance inspector at /ui: server-rendered pages over the API's service (no build step, no
script but the login page's few lines, nothing loaded from elsewhere).

Who may look: a key with the `admin` scope, from `Authorization: Bearer <key>` or from the
`memstream_ui` cookie (HttpOnly, SameSite=Strict, path /ui). The cookie is set by POST /ui/session,
which the login page calls with the key it reads from its URL fragment: `memstream keys ui-link`
prints `{url}/ui/login#key=<short-lived admin key>`, and a fragment never reaches a server or its
logs. The tenant is always the key's.

What it shows, per user of the tenant: the records grouped as active, superseded, archived and
expired, each with its provenance (the source and echo turns, when, which decider recorded it), each
memory's audit trail, and a forget button per memory (a POST with a CSRF token derived from the
session's key) that lands on an erasure receipt: the content-free `memory_forgotten` events the
forget produced and how many keys it destroyed. Every piece of user content is HTML-escaped
(Jinja2 autoescape) and the pages carry a Content-Security-Policy that runs no script but the login
page's own.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import datetime, timezone
from typing import Annotated, Any
from urllib.parse import quote, urlencode

from fastapi import APIRouter, Form, Path, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from jinja2 import DictLoader, Environment

from engine.errors import InvalidCommandError, MemstreamError, ScopeError, UnknownMemoryError
from schemas.api import KeyInfo
from schemas.events import Event
from schemas.records import MemoryRecord
from streams.api.paths import Id
from streams.api.problems import status_of
from streams.api.service import EngineService, tenant_audit
from streams.api.ui_templates import TEMPLATES

COOKIE = "memstream_ui"
GROUPS = ("active", "superseded", "archived", "expired")

router = APIRouter(prefix="/ui", include_in_schema=False)
MemoryId = Annotated[str, Path(min_length=1, max_length=256)]

_env = Environment(loader=DictLoader(TEMPLATES), autoescape=True, trim_blocks=True, lstrip_blocks=True)


def _ts(value: datetime | None) -> str:
    return value.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC") if value is not None else "–"


def _detail(value: Any) -> str:
    """An audit detail value as text (escaped by the template like everything else)."""
    if value is None:
        return "–"
    if isinstance(value, dict) and set(value) == {"session_id", "turn_id"}:
        return f"{value['session_id']}/{value['turn_id']}"
    if isinstance(value, list):
        return ", ".join(_detail(v) for v in value) or "–"
    if isinstance(value, float):
        return f"{value:.3g}"
    return str(value)


_env.filters.update(ts=_ts, detail=_detail)


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _q(value: str) -> str:
    """A path segment."""
    return quote(value, safe="")


def csrf_token(token: str) -> str:
    """The forms' CSRF token for a session: derived from its key, which only the HttpOnly cookie
    (or the Authorization header) holds, so a page elsewhere can neither read nor compute it."""
    return hmac.new(token.encode(), b"memstream inspector forms", hashlib.sha256).hexdigest()


# -- rendering ---------------------------------------------------------------------------------------
def _headers(nonce: str) -> dict[str, str]:
    return {
        "Content-Security-Policy": (f"default-src 'none'; script-src 'nonce-{nonce}'; style-src 'nonce-{nonce}'; "
                                    "connect-src 'self'; img-src 'self' data:; form-action 'self'; "
                                    "frame-ancestors 'none'; base-uri 'none'"),
        "Cache-Control": "no-store",
        "Referrer-Policy": "no-referrer",
        "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": "DENY",
    }


def render(name: str, status: int = 200, **context: Any) -> HTMLResponse:
    nonce = secrets.token_urlsafe(16)
    html = _env.get_template(name).render(nonce=nonce, **context)
    return HTMLResponse(html, status_code=status, headers=_headers(nonce))


def error_page(exc: MemstreamError, key: KeyInfo | None = None) -> HTMLResponse:
    status = status_of(exc)
    hints = {401: "Open a fresh login link (memstream keys ui-link --data-dir DIR --tenant T), "
                  "or send an admin key in an 'Authorization: Bearer' header.",
             403: "The inspector needs a key with the 'admin' scope (memstream keys ui-link makes one).",
             404: "Nothing of that name for this tenant."}
    response = render("error.html", status, key=key, title=type(exc).__name__, message=str(exc),
                      hint=hints.get(status, ""), code=status)
    if status == 401:
        response.delete_cookie(COOKIE, path="/ui")
    return response


# -- who is asking -----------------------------------------------------------------------------------
def _token(request: Request) -> str | None:
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    return request.cookies.get(COOKIE) or None


def _admin(service, token: str | None) -> KeyInfo:
    key = service.authenticate(token)
    if "admin" not in key.scopes:
        raise ScopeError("the inspector needs a key with the 'admin' scope; `memstream keys ui-link` makes one")
    return key


class _Session:
    def __init__(self, request: Request):
        self.request = request
        self.service = request.app.state.service
        self.token = _token(request)
        self.key = _admin(self.service, self.token)
        self.tenant = self.key.tenant_id
        self.csrf = csrf_token(self.token or "")

    def page(self, name: str, status: int = 200, **context: Any) -> HTMLResponse:
        return render(name, status, key=self.key, csrf=self.csrf, q=_q, **context)


async def _guarded(request: Request, build) -> Response:
    """Runs a page: any typed error becomes an HTML error page with the API's status for it."""
    session = None
    try:
        session = _Session(request)
        return await build(session)
    except MemstreamError as exc:
        return error_page(exc, session.key if session is not None else None)


# -- reading the service ---------------------------------------------------------------------------
async def _users(session: _Session) -> list[str]:
    """The tenant's users: the embedded engine knows them all; elsewhere (Kafka: subjects spread
    over workers) a service's own `users`, or the users named in the tenant's memory changes, which
    `changes` reads from every partition."""
    service = session.service
    if isinstance(service, EngineService):
        return await service.call(session.tenant, "-", lambda e: e.users(session.tenant))
    own = getattr(service, "users", None)
    if own is not None:
        return await own(session.tenant)
    found: set[str] = set()
    cursor = "0"
    while True:
        batch, cursor = await service.changes(session.tenant, cursor, None, 512)
        if not batch:
            return sorted(found)
        for _, event in batch:
            if event.type == "subject_forgotten":
                found.discard(event.user_id)
            elif event.type == "memory_recorded":
                found.add(event.user_id)


async def _history(session: _Session, user_id: str) -> list[Event]:
    """The user's memory changes (engine.facade.CHANGE_TYPES) from the beginning, oldest first:
    content-free where it matters, and the only place that still names expired and forgotten
    memories, and which decider made each decision."""
    found: list[Event] = []
    cursor = "0"
    while True:
        batch, cursor = await session.service.changes(session.tenant, cursor, user_id, 512)
        if not batch:
            return found
        found.extend(event for _, event in batch)


def _named(event: Event) -> list[str]:
    p = event.payload
    if p.type == "memory_recorded":
        return [p.record.memory_id]
    if p.type == "memories_merged":
        return [p.target_id, *p.merged_ids]
    return [p.memory_id] if hasattr(p, "memory_id") else []


#: Set by a worker that passes a request on to the subject's owner (streams.kafka.api).
FORWARDED = "x-memstream-forwarded"


async def _forward(session: _Session, user_id: str, body: bytes = b"") -> Response | None:
    """Kafka: the worker that owns the subject answers. It is asked with the session's key in an
    Authorization header (a worker passes that header on, not the cookie) and with `body`, the
    request's body as read here (a parsed form can no longer be read as bytes)."""
    request = session.request
    headers = [(k, v) for k, v in request.scope["headers"]
               if k not in (b"authorization", b"cookie", b"content-length")]
    headers += [(b"authorization", f"Bearer {session.token}".encode()),
                (b"content-length", str(len(body)).encode())]
    again = Request(dict(request.scope, headers=headers), request.receive)
    again._body = body  # what Request.body() answers (starlette keeps a read body there)
    return await session.service.forward(again, session.tenant, user_id)


def _group(rec: MemoryRecord, now: datetime) -> str:
    if rec.tier != "active":
        return rec.tier
    if rec.expires_at is not None and rec.expires_at <= now:
        return "expired"  # due: the next sweep (or the subject's next turn) expires it
    return "active"


# -- pages -----------------------------------------------------------------------------------------
@router.get("/login", response_class=HTMLResponse)
async def login() -> HTMLResponse:
    return render("login.html", key=None)


@router.post("/session")
async def open_session(request: Request) -> Response:
    """Takes `{"key": "msk_..."}` (JSON only: a cross-site form cannot send it without a CORS
    preflight this server never grants), checks it is an admin key, and sets the session cookie."""
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        return JSONResponse({"error": "InvalidCommandError", "detail": "send the key as JSON: {\"key\": ...}"},
                            status_code=415)
    try:
        body = await request.json()
    except ValueError:
        body = None
    token = body.get("key") if isinstance(body, dict) else None
    if not isinstance(token, str) or len(token) > 512:
        return JSONResponse({"error": "InvalidCommandError", "detail": "send the key as JSON: {\"key\": ...}"},
                            status_code=422)
    try:
        key = _admin(request.app.state.service, token)
    except MemstreamError as exc:
        return JSONResponse({"error": type(exc).__name__, "detail": str(exc)}, status_code=status_of(exc))
    response = JSONResponse({"tenant_id": key.tenant_id, "key_id": key.key_id,
                             "expires_at": key.expires_at.isoformat() if key.expires_at else None},
                            headers={"Cache-Control": "no-store"})
    max_age = None
    if key.expires_at is not None:
        max_age = max(1, int((key.expires_at - _now()).total_seconds()))
    response.set_cookie(COOKIE, token, max_age=max_age, path="/ui", httponly=True, samesite="strict",
                        secure=request.url.scheme == "https")
    return response


@router.post("/logout")
async def logout(request: Request, csrf: Annotated[str, Form(max_length=128)] = "") -> Response:
    async def build(session: _Session) -> Response:
        _check_csrf(session, csrf)
        response = RedirectResponse("/ui/login", status_code=303)
        response.delete_cookie(COOKIE, path="/ui")
        return response
    return await _guarded(request, build)


@router.get("", response_class=HTMLResponse)
async def users(request: Request, user: Annotated[str | None, Query(min_length=1, max_length=128)] = None
                ) -> Response:
    async def build(session: _Session) -> Response:
        if user is not None:  # the "open a user" form
            return RedirectResponse(f"/ui/users/{_q(user)}", status_code=303)
        return session.page("users.html", users=await _users(session))
    return await _guarded(request, build)


@router.get("/users/{user_id:anyid}/memories/{memory_id}", response_class=HTMLResponse)
async def memory_audit(request: Request, user_id: Id, memory_id: MemoryId) -> Response:
    async def build(session: _Session) -> Response:
        forwarded = await _forward(session, user_id)
        if forwarded is not None:
            return forwarded
        entries = tenant_audit(await session.service.audit(session.tenant, memory_id))  # 404 for another tenant's
        history = await _history(session, user_id)
        mine = [ev for ev in history if memory_id in _named(ev)]
        if not mine:
            raise UnknownMemoryError(f"user {user_id!r} has no memory {memory_id!r}")
        deciders = {ev.event_id: ev.decided_by for ev in mine}
        records = await session.service.call(session.tenant, user_id, lambda e: e.records(
            session.tenant, user_id, include_inactive=True))
        record = next((r for r in records if r.memory_id == memory_id), None)
        return session.page("audit.html", user_id=user_id, memory_id=memory_id, entries=entries,
                            deciders=deciders, record=record, group=_group(record, _now()) if record else None)
    return await _guarded(request, build)


def _check_csrf(session: _Session, given: str) -> None:
    if not given or not hmac.compare_digest(given.encode(), session.csrf.encode()):
        raise ScopeError("this form's CSRF token is missing or does not match the session; reload the page "
                         "and submit it again")


@router.post("/users/{user_id:anyid}/memories/{memory_id}/forget")
async def forget_memory(request: Request, user_id: Id, memory_id: MemoryId,
                        csrf: Annotated[str, Form(max_length=128)] = "") -> Response:
    async def build(session: _Session) -> Response:
        _check_csrf(session, csrf)
        forwarded = await _forward(session, user_id, urlencode({"csrf": csrf}).encode())
        if forwarded is not None:
            return forwarded
        ids = await session.service.call(session.tenant, user_id, lambda e: e.forget(
            tenant_id=session.tenant, user_id=user_id, memory_id=memory_id))
        metrics = getattr(request.app.state, "metrics", None)
        if metrics is not None:
            metrics.forgot(len(ids))
        if request.headers.get(FORWARDED):
            # The worker that passed this on answers with the body alone (no Location): the receipt.
            return await _receipt(session, user_id, ids)
        target = f"/ui/users/{_q(user_id)}/receipt?ids=" + ",".join(_q(i) for i in ids)
        return RedirectResponse(target, status_code=303)
    return await _guarded(request, build)


@router.get("/users/{user_id:anyid}/receipt", response_class=HTMLResponse)
async def receipt(request: Request, user_id: Id,
                  ids: Annotated[str, Query(min_length=1, max_length=20_000)]) -> Response:
    async def build(session: _Session) -> Response:
        forwarded = await _forward(session, user_id)
        if forwarded is not None:
            return forwarded
        return await _receipt(session, user_id, ids.split(","))
    return await _guarded(request, build)


# Last: a user id may hold "/" (matched whole), so the more specific routes above are tried first.
@router.get("/users/{user_id:anyid}", response_class=HTMLResponse)
async def user_records(request: Request, user_id: Id) -> Response:
    async def build(session: _Session) -> Response:
        forwarded = await _forward(session, user_id)
        if forwarded is not None:
            return forwarded
        records = await session.service.call(session.tenant, user_id, lambda e: e.records(
            session.tenant, user_id, include_inactive=True))
        history = await _history(session, user_id)
        recorded: dict[str, Event] = {}
        gone: dict[str, Event] = {}
        for event in history:
            if event.type == "memory_recorded":
                recorded.setdefault(event.payload.record.memory_id, event)
            elif event.type in ("memory_expired", "memory_forgotten"):
                gone[event.payload.memory_id] = event
        now = _now()
        groups: dict[str, list] = {g: [] for g in GROUPS}
        in_view = set()
        for rec in records:
            in_view.add(rec.memory_id)
            groups[_group(rec, now)].append({"record": rec, "recorded": recorded.get(rec.memory_id)})
        expired_gone = [{"event": ev, "recorded": recorded.get(mid)} for mid, ev in gone.items()
                        if ev.type == "memory_expired" and mid not in in_view]
        forgotten = [{"event": ev, "recorded": recorded.get(mid)} for mid, ev in gone.items()
                     if ev.type == "memory_forgotten" and mid not in in_view]
        return session.page("user.html", user_id=user_id, groups=groups, expired_gone=expired_gone,
                            forgotten=forgotten, now=now)
    return await _guarded(request, build)


async def _receipt(session: _Session, user_id: str, ids: list[str]) -> Response:
    """The erasure receipt of the named memories: their memory_forgotten events (ids, counts and
    reasons, never content) and how many keys the forget destroyed."""
    wanted = list(dict.fromkeys(i for i in ids if i))
    if not wanted or len(wanted) > 500:
        raise InvalidCommandError("ids: 1 to 500 comma-separated memory ids")
    history = await _history(session, user_id)
    events = {ev.payload.memory_id: ev for ev in history
              if ev.type == "memory_forgotten" and ev.payload.memory_id in wanted}
    rows, missing = [], []
    for memory_id in wanted:
        event = events.get(memory_id)
        if event is None:
            missing.append(memory_id)
            continue
        p = event.payload
        turns = p.turns_shredded if p.turns_shredded is not None else len(p.shredded_turns)
        rows.append({"event": event, "p": p, "turns": turns, "keys": turns + 1})
    if not rows:
        raise UnknownMemoryError("none of these memories was forgotten for this user")
    return session.page("receipt.html", user_id=user_id, rows=rows, missing=missing,
                        keys_destroyed=sum(r["keys"] for r in rows),
                        turns_shredded=sum(r["turns"] for r in rows))
