"""memstream's HTTP API: one FastAPI definition, served by `memstream serve` (embedded runtime) and
by `memstream worker --web-port` (Kafka), over a `MemoryService` (streams.api.service).

Every request carries `Authorization: Bearer <key>`; the key names the tenant (never the URL or the
body) and its scopes: `read` for reads, `write` for turns, remember and usage (and `record_use` on a
read), `forget` for forget, `admin` for everything including the inspector (/ui). Reads never write:
use is recorded by `POST /v1/users/{user_id}/usage`, or by `record_use=true` on a read.

Errors are `application/problem+json` documents titled with the typed error's name; they never hold
a stack trace or the content of a rejected turn.
"""
from __future__ import annotations

import asyncio
import logging
import time
from contextlib import asynccontextmanager
from typing import Annotated, Any, Callable

from fastapi import Body, Depends, FastAPI, Header, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse
from fastapi.routing import APIRoute
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import TypeAdapter
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from engine.errors import InvalidCommandError, MemstreamError, ScopeError
from schemas.api import (
    ForgetBody,
    Forgotten,
    Health,
    ItemError,
    KeyInfo,
    MemoryChange,
    Problem,
    Remembered,
    RememberBody,
    TurnBody,
    TurnsAccepted,
    TurnView,
    UsageBody,
    UsageRecorded,
)
from schemas.common import PrivacyLevel
from schemas.events import Event
from schemas.records import MemoryRecord
from schemas.views import AuditEntry, ContextResult, RecallHit, SummaryView
from streams.api.body import authenticated, guard_body
from streams.api.metrics import Metrics
from streams.api.paths import Id
from streams.api.problems import PROBLEM, problem, status_of
from streams.api.service import MemoryService, tenant_audit

log = logging.getLogger("memstream.api")

API_VERSION = "1"


class Forwarded(Exception):
    """Carries the owning worker's answer out of a dependency (Kafka: another worker holds the subject)."""

    def __init__(self, response):
        self.response = response


_ERRORS = {401: {"model": Problem, "description": "No key, or a bad, revoked or expired one."},
           403: {"model": Problem, "description": "The key lacks the scope."},
           422: {"model": Problem, "description": "Invalid input (typed error)."}}

_UNKNOWN = {**_ERRORS, 404: {"model": Problem, "description": "A named memory is not one of the user's."}}


def change_of(cursor: str, event: Event, content: bool) -> MemoryChange:
    payload = event.payload
    detail = payload.model_dump(mode="json", exclude={"type", "record"})
    record = None
    if payload.type == "memory_recorded":
        rec = payload.record
        ids = [rec.memory_id]
        detail.update(memory_id=rec.memory_id, kind=rec.kind, source=rec.source, confidence=rec.confidence,
                      importance=rec.importance, privacy_level=rec.privacy_level,
                      content="readable" if rec.text is not None else "shredded")
        record = rec if content and rec.text is not None else None
    elif payload.type == "memories_merged":
        ids = [payload.target_id, *payload.merged_ids]
    elif payload.type == "subject_forgotten":
        ids = list(payload.memory_ids)
        detail.pop("keys_before", None)  # the key store's count is over every tenant: not one tenant's to see
    else:
        ids = [payload.memory_id]
    return MemoryChange(cursor=cursor, event_id=event.event_id, type=event.type, user_id=event.user_id,
                        session_id=event.session_id, occurred_at=event.occurred_at,
                        recorded_at=event.recorded_at, memory_ids=ids, detail=detail, record=record)


def key_of(request: Request, authorization: str | None) -> KeyInfo:
    """The calling key (`Authorization: Bearer <key>`), or AuthError."""
    scheme, _, token = (authorization or "").partition(" ")
    if scheme.lower() != "bearer":
        token = ""
    return request.app.state.service.authenticate(token.strip() or None)


_BEARER = HTTPBearer(auto_error=False, scheme_name="apiKey",
                     description="An API key (`memstream keys create`), sent as `Authorization: Bearer <key>`.")


def needs(scope: str) -> Callable:
    """A dependency: the calling key, which must hold `scope` (or `admin`, which holds them all)."""
    async def dependency(request: Request, credentials: Annotated[HTTPAuthorizationCredentials | None,
                                                                  Depends(_BEARER)] = None) -> KeyInfo:
        token = credentials.credentials.strip() if credentials is not None else ""
        key = authenticated(request.scope, token or None) or request.app.state.service.authenticate(token or None)
        if scope not in key.scopes and "admin" not in key.scopes:
            raise ScopeError(f"this API key lacks the {scope!r} scope")
        return key
    return dependency


def problem_media(document: dict) -> dict:
    """The OpenAPI document with every Problem answer under `application/problem+json`, the media
    type the API sends them with (FastAPI would list them as application/json)."""
    for item in document.get("paths", {}).values():
        for operation in item.values():
            for answer in operation.get("responses", {}).values() if isinstance(operation, dict) else ():
                content = answer.get("content", {})
                schema = content.get("application/json", {}).get("schema", {})
                if schema.get("$ref", "").endswith("/Problem"):
                    content[PROBLEM] = content.pop("application/json")
    return document


Read = Annotated[KeyInfo, Depends(needs("read"))]
Write = Annotated[KeyInfo, Depends(needs("write"))]
ForgetKey = Annotated[KeyInfo, Depends(needs("forget"))]
Admin = Annotated[KeyInfo, Depends(needs("admin"))]


def create_app(service: MemoryService, *, title: str = "memstream", ui: bool = True,
               poll_seconds: float = 0.2, heartbeat_seconds: float = 15.0) -> FastAPI:
    metrics = Metrics(service)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        await service.start()
        try:
            yield
        finally:
            await service.stop()

    app = FastAPI(title=title, version=API_VERSION, lifespan=lifespan,
                  description="memstream: event-sourced memory for AI agents. Authenticate with "
                              "`Authorization: Bearer <key>` (`memstream keys create`).")
    app.state.service = service
    app.state.metrics = metrics
    app.state.stopping = False  # set by the server on SIGTERM: followed change streams end

    def openapi() -> dict:
        if app.openapi_schema is None:
            app.openapi_schema = problem_media(get_openapi(
                title=app.title, version=app.version, description=app.description, routes=app.routes))
        return app.openapi_schema

    app.openapi = openapi

    # -- errors --------------------------------------------------------------------------------------
    @app.exception_handler(MemstreamError)
    async def _typed(request: Request, exc: MemstreamError):
        status = status_of(exc)
        if status == 500:
            log.error("%s on %s %s: %s", type(exc).__name__, request.method, request.url.path, exc)
        return problem(status, type(exc).__name__, str(exc))

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError):
        # Only where and what: pydantic's `input` could echo the content of a rejected turn.
        errors = [{"loc": [str(p) for p in e.get("loc", ())], "msg": e.get("msg", "")} for e in exc.errors()]
        detail = "; ".join(f"{'.'.join(e['loc'])}: {e['msg']}" for e in errors[:5])
        return problem(422, "RequestValidationError", detail or "invalid request", errors=errors)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException):
        if exc.status_code == 400:  # a body that is not JSON at all: as invalid as a wrong field
            return problem(422, "RequestValidationError", f"body: {exc.detail}; send a JSON document (UTF-8)")
        titles = {404: "NotFound", 405: "MethodNotAllowed"}
        return problem(exc.status_code, titles.get(exc.status_code, "HTTPError"), str(exc.detail))

    @app.exception_handler(Forwarded)
    async def _forwarded(request: Request, exc: Forwarded):
        return exc.response

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception):
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        return problem(500, "InternalError", "the server failed to answer; the error is in its log")

    app.add_middleware(_Checked, api=app, metrics=metrics, service=service)

    async def subject(request: Request, key: KeyInfo, user_id: str) -> None:
        """Serves here, or raises the owning worker's answer (Kafka)."""
        answer = await service.forward(request, key.tenant_id, user_id)
        if answer is not None:
            raise Forwarded(answer)

    def writing(key: KeyInfo, record_use: bool) -> None:
        if record_use and not {"write", "admin"} & set(key.scopes):
            raise ScopeError("record_use=true needs the 'write' scope (or POST .../usage)")

    # -- health ----------------------------------------------------------------------------------
    @app.get("/healthz", response_model=Health, tags=["health"])
    async def healthz() -> Health:
        return Health(status="ok")

    @app.get("/readyz", response_model=Health, tags=["health"],
             responses={503: {"model": Health, "description": "Still catching up with the log."}})
    async def readyz():
        pending = service.pending()
        if pending is None:
            return JSONResponse(Health(status="starting").model_dump(), status_code=503)
        return Health(status="ok", pending=pending)

    @app.get("/metrics", response_class=PlainTextResponse, tags=["health"])
    async def prometheus() -> PlainTextResponse:
        body, content_type = metrics.render()
        return PlainTextResponse(body, media_type=content_type)

    # -- writes ----------------------------------------------------------------------------------
    @app.post("/v1/turns", status_code=202, response_model=TurnsAccepted, tags=["turns"],
              responses={**_ERRORS, 422: {"model": Problem, "description": "Every item was rejected."}})
    async def post_turns(key: Write, body: Annotated[TurnBody | list[TurnBody] | list[dict] | dict, Body(
            description="One turn or a list (up to 1,000); each item is accepted or rejected on its own.")]
    ) -> Any:
        items = body if isinstance(body, list) else [body]
        if not items:
            raise InvalidCommandError("send one turn or a non-empty list of turns")
        if len(items) > 1000:
            raise InvalidCommandError("at most 1,000 turns per request; send more requests")
        prepared: list[dict | None] = []
        errors: list[ItemError] = []
        for i, item in enumerate(items):
            data = item.model_dump() if isinstance(item, TurnBody) else item
            if not isinstance(data, dict):
                errors.append(ItemError(index=i, error="InvalidTurnError", detail="a turn is a JSON object"))
                prepared.append(None)
            elif "tenant_id" in data:
                errors.append(ItemError(index=i, turn_id=_tid(data), error="InvalidTurnError", field="tenant_id",
                                        detail="tenant_id comes from the API key; leave it out"))
                prepared.append(None)
            else:
                prepared.append({**data, "tenant_id": key.tenant_id})
        valid = [p for p in prepared if p is not None]
        outcomes = await service.ingest(key.tenant_id, valid) if valid else []
        it = iter(outcomes)
        accepted = present = 0
        for i, data in enumerate(prepared):
            if data is None:
                continue
            outcome = next(it)
            if outcome is True:
                accepted += 1
            elif outcome is False:
                present += 1
            else:
                errors.append(ItemError(index=i, turn_id=_tid(data), error=type(outcome).__name__,
                                        detail=str(outcome), field=getattr(outcome, "field", None)))
        metrics.ingested(accepted, present, len(errors))
        errors.sort(key=lambda e: e.index)
        result = TurnsAccepted(accepted=accepted, already_present=present, rejected=len(errors), errors=errors)
        if errors and not accepted and not present:
            return problem(422, "InvalidTurnError", f"every turn was rejected ({len(errors)})",
                           errors=[e.model_dump() for e in errors])
        return result

    @app.post("/v1/users/{user_id:anyid}/remember", status_code=201, response_model=Remembered, tags=["memories"],
              responses=_ERRORS)
    async def remember(request: Request, user_id: Id, body: RememberBody, key: Write) -> Remembered:
        await subject(request, key, user_id)
        data = body.model_dump(exclude_none=True)
        memory_id = await service.call(key.tenant_id, user_id, lambda e: e.remember(
            tenant_id=key.tenant_id, user_id=user_id, **data))
        return Remembered(memory_id=memory_id)

    @app.post("/v1/users/{user_id:anyid}/forget", response_model=Forgotten, tags=["memories"], responses=_UNKNOWN)
    async def forget(request: Request, user_id: Id, body: ForgetBody, key: ForgetKey) -> Forgotten:
        await subject(request, key, user_id)
        named = [n for n in ("memory_id", "query") if getattr(body, n)] + (["subject"] if body.subject else [])
        if len(named) > 1 or (body.subject and body.session_id):
            raise InvalidCommandError("forget one thing per request: memory_id, query, session_id alone, or subject")
        if not named and not body.session_id:
            raise InvalidCommandError("forget needs memory_id, query, session_id (forget that) or subject=true")
        data = body.model_dump(exclude_none=True)
        ids = await service.call(key.tenant_id, user_id, lambda e: e.forget(
            tenant_id=key.tenant_id, user_id=user_id, **data))
        if not body.dry_run:
            metrics.forgot(len(ids))
        return Forgotten(memory_ids=ids, dry_run=body.dry_run)

    @app.post("/v1/users/{user_id:anyid}/usage", response_model=UsageRecorded, tags=["memories"], responses=_UNKNOWN)
    async def usage(request: Request, user_id: Id, body: UsageBody, key: Write) -> UsageRecorded:
        await subject(request, key, user_id)
        n = await service.call(key.tenant_id, user_id, lambda e: e.record_use(
            tenant_id=key.tenant_id, user_id=user_id, memory_ids=body.memory_ids, session_id=body.session_id,
            request_id=body.request_id))
        return UsageRecorded(recorded=n)

    # -- reads -----------------------------------------------------------------------------------
    @app.get("/v1/users/{user_id:anyid}/recall", response_model=list[RecallHit], tags=["reads"], responses=_ERRORS)
    async def recall(request: Request, user_id: Id, key: Read,
                     q: Annotated[str, Query(max_length=4000, description="What to recall.")],
                     k: Annotated[int, Query(ge=1, le=100)] = 10,
                     session_id: Annotated[str | None, Query(min_length=1, max_length=128)] = None,
                     max_privacy: PrivacyLevel | None = None, record_use: bool = False,
                     request_id: Annotated[str | None, Query(min_length=1, max_length=256)] = None) -> Any:
        writing(key, record_use)
        await subject(request, key, user_id)
        started = time.perf_counter()
        hits = await service.call(key.tenant_id, user_id, lambda e: e.recall(
            tenant_id=key.tenant_id, user_id=user_id, query=q, k=k, session_id=session_id,
            max_privacy=max_privacy, record_use=record_use, request_id=request_id))
        metrics.recalled("recall", time.perf_counter() - started)
        return _json(_HITS, hits)

    @app.get("/v1/users/{user_id:anyid}/context", response_model=ContextResult, tags=["reads"], responses=_ERRORS)
    async def context(request: Request, user_id: Id, key: Read,
                      session_id: Annotated[str | None, Query(min_length=1, max_length=128)] = None,
                      q: Annotated[str, Query(max_length=4000)] = "",
                      budget_tokens: Annotated[int, Query(ge=1, le=200_000)] = 400,
                      max_privacy: PrivacyLevel | None = None, record_use: bool = False,
                      request_id: Annotated[str | None, Query(min_length=1, max_length=256)] = None) -> Any:
        writing(key, record_use)
        await subject(request, key, user_id)
        started = time.perf_counter()
        result = await service.call(key.tenant_id, user_id, lambda e: e.context(
            tenant_id=key.tenant_id, user_id=user_id, session_id=session_id, query=q, budget_tokens=budget_tokens,
            max_privacy=max_privacy, record_use=record_use, request_id=request_id))
        metrics.recalled("context", time.perf_counter() - started)
        return _json(_CONTEXT, result)

    @app.get("/v1/users/{user_id:anyid}/records", response_model=list[MemoryRecord], tags=["reads"], responses=_ERRORS)
    async def records(request: Request, user_id: Id, key: Read, include_inactive: bool = False) -> Any:
        await subject(request, key, user_id)
        return _json(_RECORDS, await service.call(key.tenant_id, user_id, lambda e: e.records(
            key.tenant_id, user_id, include_inactive=include_inactive)))

    @app.get("/v1/users/{user_id:anyid}/profile", response_model=SummaryView, tags=["reads"], responses=_ERRORS)
    async def profile(request: Request, user_id: Id, key: Read,
                      session_id: Annotated[str | None, Query(min_length=1, max_length=128)] = None,
                      budget_tokens: Annotated[int | None, Query(ge=1, le=200_000)] = None,
                      max_privacy: PrivacyLevel | None = None) -> Any:
        await subject(request, key, user_id)
        return await service.call(key.tenant_id, user_id, lambda e: e.profile(
            tenant_id=key.tenant_id, user_id=user_id, session_id=session_id, budget_tokens=budget_tokens,
            max_privacy=max_privacy))

    @app.get("/v1/users/{user_id:anyid}/summary", response_model=SummaryView, tags=["reads"], responses=_ERRORS)
    async def summary(request: Request, user_id: Id, key: Read,
                      session_id: Annotated[str | None, Query(min_length=1, max_length=128)] = None,
                      topic: Annotated[str | None, Query(min_length=1, max_length=500)] = None,
                      budget_tokens: Annotated[int, Query(ge=1, le=200_000)] = 200,
                      max_privacy: PrivacyLevel | None = None) -> Any:
        if (session_id is None) == (topic is None):
            raise InvalidCommandError("give either session_id (a session summary) or topic (a topic summary)")
        await subject(request, key, user_id)
        if session_id is not None:
            return await service.call(key.tenant_id, user_id, lambda e: e.session_summary(
                tenant_id=key.tenant_id, user_id=user_id, session_id=session_id, budget_tokens=budget_tokens,
                max_privacy=max_privacy))
        return await service.call(key.tenant_id, user_id, lambda e: e.topic_summary(
            tenant_id=key.tenant_id, user_id=user_id, topic=topic, budget_tokens=budget_tokens,
            max_privacy=max_privacy))

    @app.get("/v1/users/{user_id:anyid}/sessions/{session_id:anyid}/turns", response_model=list[TurnView], tags=["reads"],
             responses=_ERRORS)
    async def session_turns(request: Request, user_id: Id, session_id: Id, key: Read) -> Any:
        await subject(request, key, user_id)
        turns = await service.call(key.tenant_id, user_id, lambda e: e.session_turns(
            key.tenant_id, user_id, session_id))
        # Newest last by when they were said, whatever order they arrived in (ties: arrival order).
        return [TurnView(turn_id=t.turn_id, role=t.role, speaker=t.speaker, text=t.text, occurred_at=t.occurred_at)
                for t in sorted(turns, key=lambda t: t.occurred_at)]

    @app.get("/v1/memories/{memory_id}/audit", response_model=list[AuditEntry], tags=["reads"],
             responses={**_ERRORS, 404: {"model": Problem, "description": "No such memory for this tenant."}})
    async def audit(memory_id: Annotated[str, Path(min_length=1, max_length=256)], key: Read) -> Any:
        return tenant_audit(await service.audit(key.tenant_id, memory_id))

    # -- the change stream -------------------------------------------------------------------------
    @app.get("/v1/events", tags=["events"], response_class=StreamingResponse, responses={
        **_ERRORS, 200: {"description": "Server-Sent Events: one `MemoryChange` (JSON) per event; its SSE id "
                                        "resumes after it (Last-Event-ID).",
                         "content": {"text/event-stream": {"schema": {"type": "string"}}}}})
    async def events(request: Request, key: Read,
                     user_id: Annotated[str | None, Query(min_length=1, max_length=128)] = None,
                     content: bool = True,
                     since: Annotated[str | None, Query(max_length=4096, description=(
                         "Start after this cursor ('0': from the beginning). Default: from now, or the "
                         "Last-Event-ID header."))] = None,
                     follow: Annotated[bool, Query(description="Keep the stream open for new changes; false "
                                                               "ends it once caught up.")] = True,
                     last_event_id: Annotated[str | None, Header(max_length=4096)] = None) -> StreamingResponse:
        # Cursors go out sealed (streams.api.cursors): the runtime's positions count every tenant's
        # events. A bad cursor is a 4xx now, not a broken stream later.
        seal = await service.cursor_seal()
        given = last_event_id or since
        cursor = seal.open(key.tenant_id, given) if given else service.tail()
        start = seal.seal(key.tenant_id, cursor)  # sealed afresh: never what the client sent, echoed
        first, cursor = await service.changes(key.tenant_id, cursor, user_id, 256)

        def sealed(batch: list[tuple[str, Event]]) -> list[tuple[str, Event]]:
            return [(seal.seal(key.tenant_id, c), event) for c, event in batch]

        def still_allowed() -> bool:
            """The key is asked again before each batch: a key revoked (or expired) while its stream
            is open gets nothing more; the stream ends."""
            try:
                return key_of(request, request.headers.get("authorization")).key_id == key.key_id
            except MemstreamError:
                return False

        async def stream():
            nonlocal cursor
            batch, idle = sealed(first), 0.0
            # The cursor at once: a consumer that drops before the first change resumes from here.
            yield f": memstream change stream\nid: {start}\n\n"
            while True:
                if batch:
                    if not still_allowed():
                        return
                    # One write a batch: a consumer that left costs one failed write, not one an event.
                    yield "".join(f"id: {c}\nevent: {event.type}\ndata: {change_of(c, event, content).model_dump_json()}\n\n"
                                  for c, event in batch)
                if await request.is_disconnected():  # not written on to a closed connection
                    return
                if not batch:
                    # Where the stream has read to, past what this consumer may not see: a resume
                    # from here does not scan it again. (Sealed, it says nothing of that volume.)
                    here = f"id: {seal.seal(key.tenant_id, cursor)}\n\n"
                    if not follow or request.app.state.stopping or not still_allowed():
                        if still_allowed():
                            yield here
                        return
                    await asyncio.sleep(poll_seconds)
                    idle += poll_seconds
                    if idle >= heartbeat_seconds:
                        idle = 0.0
                        yield ": keep-alive\n" + here
                else:
                    idle = 0.0
                batch, cursor = await service.changes(key.tenant_id, cursor, user_id, 256)
                batch = sealed(batch)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    if ui:
        try:
            from streams.api.ui import router as ui_router
        except ImportError:  # the inspector is optional
            ui_router = None
        if ui_router is not None:
            app.include_router(ui_router)
    return app


class _Checked:
    """Refuses a query parameter given twice or unknown to the route (a misspelt `recod_use=true` is
    refused, not silently ignored), bounds request bodies (streams.api.body) and counts every request
    in the metrics. Plain ASGI: Starlette's
    BaseHTTPMiddleware would cost a task and a stream copy on every request."""

    def __init__(self, app, api: FastAPI, metrics: Metrics, service: MemoryService):
        self.app, self.api, self.metrics, self.service = app, api, metrics, service

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started = time.perf_counter()
        status = 500

        async def sending(message):
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            request = Request(scope)
            repeated = _repeated(request)
            unknown = None if repeated is not None else _unknown_query(self.api, request)
            if repeated is not None:
                await problem(422, "RequestValidationError",
                              f"query: {repeated!r} is given more than once; send it once")(scope, receive, sending)
            elif unknown is not None:
                await problem(422, "RequestValidationError", f"query: unknown parameter {unknown!r}; the API's "
                              "/openapi.json lists them")(scope, receive, sending)
            else:
                receive = await guard_body(scope, receive, sending, self.service.settings.api_max_body_mb << 20,
                                           self.service.authenticate)
                if receive is not None:
                    await self.app(scope, receive, sending)
        finally:
            route = scope.get("route")
            self.metrics.request(scope["method"], getattr(route, "path_format", "unmatched"), status,
                                 time.perf_counter() - started)


_HITS = TypeAdapter(list[RecallHit])
_CONTEXT = TypeAdapter(ContextResult)
_RECORDS = TypeAdapter(list[MemoryRecord])


def _json(adapter: TypeAdapter, value: Any) -> Response:
    """The engine's own models, serialized once (the route's response_model still documents them;
    FastAPI would dump, validate again and dump them on the hot read paths)."""
    return Response(adapter.dump_json(value), media_type="application/json")


def _repeated(request: Request) -> str | None:
    """A query parameter given more than once, if any."""
    if b"&" not in request.scope.get("query_string", b""):
        return None
    names = [name for name, _ in request.query_params.multi_items()]
    return next((n for n in names if names.count(n) > 1), None)


def _unknown_query(app: FastAPI, request: Request) -> str | None:
    """A query parameter the API route being called does not take, if any (routes of other routers,
    such as the inspector's, are left alone)."""
    if not request.scope.get("query_string"):
        return None
    for route in app.router.routes:
        if isinstance(route, APIRoute) and route.path_format.startswith(("/v1/", "/healthz", "/readyz", "/metrics")):
            match, _ = route.matches(request.scope)
            if match is Match.FULL:
                known = _query_names(route)
                return next((n for n in request.query_params if n not in known), None)
    return None


def _query_names(route: APIRoute) -> frozenset[str]:
    names = getattr(route, "_memstream_query", None)
    if names is None:
        names, todo = set(), [route.dependant]
        while todo:
            dependant = todo.pop()
            names.update(f.alias for f in dependant.query_params)
            todo.extend(dependant.dependencies)
        names = frozenset(names)
        route._memstream_query = names
    return names


def _tid(data: dict) -> str | None:
    value = data.get("turn_id")
    return value if isinstance(value, str) else None
