"""A typed Python client of memstream's HTTP API (streams.api), over httpx.

    from streams.client import MemstreamClient

    with MemstreamClient("http://127.0.0.1:8080", key) as ms:
        ms.remember("u1", text="I'm vegetarian")
        for hit in ms.recall(user_id="u1", query="what do I eat?"):
            print(hit.memory_id, hit.text)

`AsyncMemstreamClient` has the same methods, each awaitable (`events` is an async iterator). Both are
built from one table: every endpoint is a request builder of `Requests` (a pure function from the
method's arguments to a `Call`: verb, path, query, body, and how to parse the answer), which the sync
client sends with `httpx.Client` and the async one with `httpx.AsyncClient`. Answers are the schemas'
pydantic models (schemas.api, schemas.views, schemas.records).

Errors: an `application/problem+json` answer raises the engine.errors class its title names
(AuthError, ScopeError, InvalidTurnError, UnknownMemoryError, ...), and `ApiError` when no class has
that name (e.g. RequestValidationError, InternalError) or the server cannot be reached. Either way the
exception carries `status`, `title`, `detail` and the whole `problem` document.
"""
from __future__ import annotations

import functools
import random
import time
from dataclasses import dataclass, field
from datetime import datetime
from typing import (Any, AsyncIterator, Awaitable, Callable, Generic, Iterable, Iterator, Mapping, ParamSpec,
                    TypeVar, overload)
from urllib.parse import quote

import httpx
from pydantic import BaseModel, TypeAdapter, ValidationError
from pydantic_core import to_jsonable_python

import engine.errors as errors
from engine.errors import MemstreamError
from schemas.api import (
    Forgotten,
    Health,
    MemoryChange,
    Remembered,
    TurnBody,
    TurnsAccepted,
    TurnView,
    UsageRecorded,
)
from schemas.common import MemoryKind, PrivacyLevel
from schemas.records import MemoryRecord
from schemas.views import AuditEntry, ContextResult, RecallHit, SummaryView

__all__ = ["ApiError", "AsyncMemstreamClient", "Call", "MemstreamClient", "Requests"]

P = ParamSpec("P")
R = TypeVar("R")


class ApiError(MemstreamError):
    """The API answered with an error that no engine.errors class is named after (e.g. a request
    the API's validation refused, a server failure), or it could not be reached (`status` None)."""

    def __init__(self, status: int | None, title: str, detail: str, problem: dict | None = None):
        self.status = status
        self.title = title
        self.detail = detail
        self.problem = problem or {}
        self.errors = self.problem.get("errors")
        super().__init__(f"{title} (HTTP {status}): {detail}" if status is not None else f"{title}: {detail}")


def error_of(status: int, body: Any, reason: str = "") -> MemstreamError:
    """The typed error an API error answer stands for: the engine.errors class named by the
    problem's title when there is one, else ApiError. Both carry status, title, detail, problem."""
    if isinstance(body, dict) and isinstance(body.get("title"), str):
        problem = body
        title, detail = body["title"], str(body.get("detail") or "")
    else:  # not a problem document (e.g. a proxy's error page)
        problem = {}
        title, detail = reason or "HTTPError", (body if isinstance(body, str) else "")[:300] or f"HTTP {status}"
    exc: MemstreamError | None = None
    cls = getattr(errors, title, None)
    if isinstance(cls, type) and issubclass(cls, MemstreamError) and cls is not MemstreamError:
        try:
            exc = cls(detail)
        except TypeError:  # a class built from more than a message (e.g. DamagedStoreError)
            exc = None
    if exc is None:
        return ApiError(status, title, detail, problem)
    exc.status, exc.title, exc.detail, exc.problem = status, title, detail, problem  # type: ignore[attr-defined]
    exc.errors = problem.get("errors")  # type: ignore[attr-defined]
    return exc


# -- requests: one table, shared by both clients ------------------------------------------------------

@dataclass(frozen=True)
class Call(Generic[R]):
    """One API request, and how its answer becomes the method's result."""

    method: str
    path: str
    parse: Callable[[Any], R]
    params: dict[str, Any] | None = None
    body: Any = None
    headers: dict[str, str] | None = None
    answers: tuple[int, ...] = ()  # error statuses whose body is still the answer (readyz: 503)


def _user(user_id: str) -> str:
    if not isinstance(user_id, str) or not user_id:
        raise errors.InvalidCommandError("user_id must be a non-empty string")
    return f"/v1/users/{quote(user_id, safe='')}"


def _query(**params: Any) -> dict[str, Any]:
    """Query parameters without the ones left out (None); datetimes as ISO 8601."""
    return {k: (v.isoformat() if isinstance(v, datetime) else v) for k, v in params.items() if v is not None}


def _body(**fields: Any) -> dict[str, Any]:
    return to_jsonable_python({k: v for k, v in fields.items() if v is not None})


def _model(cls: type[BaseModel]) -> Callable[[Any], Any]:
    return cls.model_validate


def _list(cls: type) -> Callable[[Any], Any]:
    return TypeAdapter(list[cls]).validate_python  # type: ignore[valid-type]


_hits, _records, _audit, _turns = _list(RecallHit), _list(MemoryRecord), _list(AuditEntry), _list(TurnView)


class Requests:
    """The API's endpoints as request builders: pure functions from a client method's arguments to
    its `Call`. Both clients are made of these (`_Sync` / `_Async` below)."""

    @staticmethod
    def ingest(turns: Iterable[TurnBody | Mapping[str, Any]] | TurnBody | Mapping[str, Any]) -> Call[TurnsAccepted]:
        """Sends turns (up to 1,000): each is accepted or rejected on its own, and the answer says
        which (`errors`). The tenant is the key's: leave `tenant_id` out. Raises InvalidTurnError
        (with `.errors`) when every turn was rejected."""
        items = [turns] if isinstance(turns, (TurnBody, Mapping)) else list(turns)
        body = [t.model_dump(mode="json", exclude_none=True) if isinstance(t, BaseModel) else t for t in items]
        return Call("POST", "/v1/turns", _model(TurnsAccepted), body=to_jsonable_python(body))

    @staticmethod
    def recall(user_id: str, *, query: str, k: int = 10, session_id: str | None = None,
               max_privacy: PrivacyLevel | None = None, record_use: bool = False,
               request_id: str | None = None) -> Call[list[RecallHit]]:
        """The user's `k` most relevant memories for `query`, with provenance. Reads never write:
        `record_use=True` (needs the write scope) counts them as used, or call `record_use` later."""
        return Call("GET", f"{_user(user_id)}/recall", _hits, _query(
            q=query, k=k, session_id=session_id, max_privacy=max_privacy, record_use=record_use,
            request_id=request_id))

    @staticmethod
    def context(user_id: str, *, query: str = "", session_id: str | None = None, budget_tokens: int = 400,
                max_privacy: PrivacyLevel | None = None, record_use: bool = False,
                request_id: str | None = None) -> Call[ContextResult]:
        """Summary, profile, episodes and recalled memories packed into `budget_tokens`."""
        return Call("GET", f"{_user(user_id)}/context", _model(ContextResult), _query(
            q=query, session_id=session_id, budget_tokens=budget_tokens, max_privacy=max_privacy,
            record_use=record_use, request_id=request_id))

    @staticmethod
    def remember(user_id: str, *, text: str, session_id: str | None = None, kind: MemoryKind | None = None,
                 importance: float | None = None, privacy_level: PrivacyLevel | None = None,
                 expires_at: datetime | str | None = None, occurred_at: datetime | str | None = None,
                 request_id: str | None = None) -> Call[str]:
        """Stores what the user stated explicitly; returns its memory id (the existing one when the
        same thing was remembered before)."""
        return Call("POST", f"{_user(user_id)}/remember", lambda a: Remembered.model_validate(a).memory_id,
                    body=_body(text=text, session_id=session_id, kind=kind, importance=importance,
                               privacy_level=privacy_level, expires_at=expires_at, occurred_at=occurred_at,
                               request_id=request_id))

    @staticmethod
    def forget(user_id: str, *, memory_id: str | None = None, query: str | None = None,
               session_id: str | None = None, subject: bool = False, dry_run: bool = False,
               request_id: str | None = None) -> Call[Forgotten]:
        """Erases for real one of: a memory by id, what a query names, the session's latest memory
        (`session_id` alone), or everything about the user (`subject=True`). `dry_run=True` answers
        what would be forgotten and changes nothing. Needs the forget scope."""
        return Call("POST", f"{_user(user_id)}/forget", _model(Forgotten), body=_body(
            memory_id=memory_id, query=query, session_id=session_id, subject=subject or None,
            dry_run=dry_run, request_id=request_id))

    @staticmethod
    def record_use(user_id: str, *, memory_ids: list[str], session_id: str | None = None,
                   request_id: str | None = None) -> Call[UsageRecorded]:
        """Counts memories a prompt actually used (use counts toward keeping them)."""
        return Call("POST", f"{_user(user_id)}/usage", _model(UsageRecorded), body=_body(
            memory_ids=list(memory_ids), session_id=session_id, request_id=request_id))

    @staticmethod
    def records(user_id: str, *, include_inactive: bool = False) -> Call[list[MemoryRecord]]:
        """The user's memory records, active only unless `include_inactive`, oldest first."""
        return Call("GET", f"{_user(user_id)}/records", _records, _query(include_inactive=include_inactive))

    @staticmethod
    def profile(user_id: str, *, session_id: str | None = None, budget_tokens: int | None = None,
                max_privacy: PrivacyLevel | None = None) -> Call[SummaryView]:
        """The user profile: standing instructions, constraints, preferences, decisions, facts."""
        return Call("GET", f"{_user(user_id)}/profile", _model(SummaryView), _query(
            session_id=session_id, budget_tokens=budget_tokens, max_privacy=max_privacy))

    @staticmethod
    def summary(user_id: str, *, session_id: str | None = None, topic: str | None = None,
                budget_tokens: int = 200, max_privacy: PrivacyLevel | None = None) -> Call[SummaryView]:
        """A session summary (`session_id`) or a topic summary (`topic`): give one of them."""
        return Call("GET", f"{_user(user_id)}/summary", _model(SummaryView), _query(
            session_id=session_id, topic=topic, budget_tokens=budget_tokens, max_privacy=max_privacy))

    @staticmethod
    def audit(memory_id: str) -> Call[list[AuditEntry]]:
        """Every event about a memory of the key's tenant, oldest first (UnknownMemoryError if none)."""
        if not isinstance(memory_id, str) or not memory_id:
            raise errors.InvalidCommandError("memory_id must be a non-empty string")
        return Call("GET", f"/v1/memories/{quote(memory_id, safe='')}/audit", _audit)

    @staticmethod
    def session_turns(user_id: str, session_id: str) -> Call[list[TurnView]]:
        """The session's recent turns that are still readable (in its window)."""
        return Call("GET", f"{_user(user_id)}/sessions/{quote(session_id, safe='')}/turns", _turns)

    @staticmethod
    def healthz() -> Call[Health]:
        """The server answers (no key needed)."""
        return Call("GET", "/healthz", _model(Health))

    @staticmethod
    def readyz() -> Call[Health]:
        """Whether the server has caught up with its log: status 'ok' (with `pending`) or 'starting'."""
        return Call("GET", "/readyz", _model(Health), answers=(503,))

    @staticmethod
    def events(*, user_id: str | None = None, content: bool = True, since: str | None = None,
               follow: bool = True, last_event_id: str | None = None) -> Call[None]:
        """The change stream's request (its answer is Server-Sent Events, read by `events`)."""
        headers = {"Accept": "text/event-stream"}
        if last_event_id is not None:
            headers["Last-Event-ID"] = last_event_id
        return Call("GET", "/v1/events", lambda _: None, _query(
            user_id=user_id, content=content, since=since, follow=follow), headers=headers)


def _answer(call: Call[R], response: httpx.Response) -> R:
    if response.is_success or response.status_code in call.answers:
        try:
            return call.parse(response.json())
        except (ValueError, ValidationError) as exc:
            raise ApiError(response.status_code, "UnexpectedAnswer",
                           f"{call.method} {call.path} answered something that is not its schema: "
                           f"{str(exc)[:300]}") from None
    raise _error(response)


def _error(response: httpx.Response) -> MemstreamError:
    try:
        body: Any = response.json()
    except ValueError:
        body = response.text
    return error_of(response.status_code, body, response.reason_phrase)


def _unreachable(url: str, exc: httpx.TransportError) -> ApiError:
    if isinstance(exc, httpx.TimeoutException):
        return ApiError(None, "Timeout", f"memstream at {url} did not answer in time ({type(exc).__name__}); "
                                         "raise the client's timeout, or check the server")
    return ApiError(None, "Unreachable", f"could not reach memstream at {url} ({type(exc).__name__}: {exc}); "
                                         "check the URL and that `memstream serve` is running")


# -- the change stream: Server-Sent Events, resumed after a dropped connection ------------------------

class SSEParser:
    """Reads an event stream line by line (the WHATWG rules): `feed` returns each event's data when
    its blank line arrives. `last_id` is the stream's last event id (set when an event with an id
    ends, even one without data), what a reconnect sends as Last-Event-ID; `retry` is the server's
    reconnection delay in seconds, if it sent one."""

    def __init__(self, last_id: str | None = None):
        self.last_id = last_id
        self.retry: float | None = None
        self._id = last_id
        self._data: list[str] = []

    def feed(self, line: str) -> str | None:
        if not line:
            self.last_id = self._id
            data, self._data = self._data, []
            return "\n".join(data) if data else None
        if line.startswith(":"):
            return None
        name, _, value = line.partition(":")
        if value.startswith(" "):
            value = value[1:]
        if name == "data":
            self._data.append(value)
        elif name == "id" and "\0" not in value:
            self._id = value
        elif name == "retry" and value.isdigit():
            self.retry = int(value) / 1000
        return None


@dataclass
class _Resume:
    """Where a change stream is, so a reconnect neither misses nor repeats a change."""

    user_id: str | None
    content: bool
    since: str | None
    follow: bool
    retries: int
    parser: SSEParser = field(default_factory=SSEParser)
    failures: int = 0

    def call(self) -> Call[None]:
        return Requests.events(user_id=self.user_id, content=self.content, since=self.since,
                               follow=self.follow, last_event_id=self.parser.last_id)

    def change(self, line: str) -> MemoryChange | None:
        self.failures = 0  # the server is streaming (it opens with a comment line)
        data = self.parser.feed(line)
        if data is None:
            return None
        try:
            return MemoryChange.model_validate_json(data)
        except ValidationError as exc:
            raise ApiError(200, "UnexpectedAnswer", f"the change stream sent something that is not a "
                                                    f"MemoryChange: {str(exc)[:300]}") from None

    def dropped(self, url: str, exc: BaseException | None) -> float:
        """The delay before the next attempt, or raises when the attempts are used up."""
        retry = self.parser.retry
        self.parser = SSEParser(self.parser.last_id)  # a half-received event is dropped with its connection
        self.parser.retry = retry
        self.failures += 1
        if self.failures > self.retries:
            if isinstance(exc, MemstreamError):
                raise exc
            raise (_unreachable(url, exc) if isinstance(exc, httpx.TransportError) else
                   ApiError(None, "StreamEnded", "the change stream kept ending; check the server")) from exc
        base = retry if retry is not None else 0.25
        return min(10.0, base * 2 ** (self.failures - 1)) * (0.5 + random.random() / 2)


def _retryable(response: httpx.Response) -> bool:
    return response.status_code in (502, 503, 504)


# -- the clients --------------------------------------------------------------------------------------

class _Sync(Generic[P, R]):
    """A sync client's method made from a request builder."""

    def __init__(self, build: Callable[P, Call[R]]):
        self.build = build
        functools.update_wrapper(self, build)  # type: ignore[arg-type]

    @overload
    def __get__(self, obj: None, owner: type) -> "_Sync[P, R]": ...

    @overload
    def __get__(self, obj: "MemstreamClient", owner: type) -> Callable[P, R]: ...

    def __get__(self, obj, owner):
        if obj is None:
            return self
        build = self.build

        @functools.wraps(build)
        def method(*args: P.args, **kwargs: P.kwargs) -> R:
            return obj._send(build(*args, **kwargs))
        return method


class _Async(Generic[P, R]):
    """An async client's method made from a request builder."""

    def __init__(self, build: Callable[P, Call[R]]):
        self.build = build
        functools.update_wrapper(self, build)  # type: ignore[arg-type]

    @overload
    def __get__(self, obj: None, owner: type) -> "_Async[P, R]": ...

    @overload
    def __get__(self, obj: "AsyncMemstreamClient", owner: type) -> Callable[P, Awaitable[R]]: ...

    def __get__(self, obj, owner):
        if obj is None:
            return self
        build = self.build

        @functools.wraps(build)
        async def method(*args: P.args, **kwargs: P.kwargs) -> R:
            return await obj._send(build(*args, **kwargs))
        return method


def _options(url: str, key: str | None, timeout: float, headers: Mapping[str, str] | None) -> dict[str, Any]:
    if not isinstance(url, str) or not url.startswith(("http://", "https://")):
        raise errors.InvalidCommandError(f"url must be http://HOST:PORT or https://..., not {url!r}")
    sent = {"User-Agent": "memstream-client", **(headers or {})}
    if key:
        sent["Authorization"] = f"Bearer {key}"
    return {"base_url": url.rstrip("/"), "headers": sent, "timeout": timeout}


def _stream_timeout(timeout: float, heartbeat_timeout: float) -> httpx.Timeout:
    # The server sends a keep-alive every 15 s on a quiet stream; longer silence is a dead connection.
    return httpx.Timeout(timeout, read=heartbeat_timeout)


class MemstreamClient:
    """memstream's HTTP API, synchronously. `key` is an API key (`memstream keys create`); its
    tenant is the one every call reads and writes."""

    def __init__(self, url: str, key: str | None, timeout: float = 30.0, *,
                 headers: Mapping[str, str] | None = None, transport: httpx.BaseTransport | None = None):
        self.url = url.rstrip("/") if isinstance(url, str) else url
        self.timeout = timeout
        self._http = httpx.Client(**_options(url, key, timeout, headers), transport=transport)

    def __enter__(self) -> "MemstreamClient":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._http.close()

    def _send(self, call: Call[R]) -> R:
        try:
            response = self._http.request(call.method, call.path, params=call.params, json=call.body,
                                              headers=call.headers)
        except httpx.TransportError as exc:
            raise _unreachable(self.url, exc) from None
        return _answer(call, response)

    ingest = _Sync(Requests.ingest)
    recall = _Sync(Requests.recall)
    context = _Sync(Requests.context)
    remember = _Sync(Requests.remember)
    forget = _Sync(Requests.forget)
    record_use = _Sync(Requests.record_use)
    records = _Sync(Requests.records)
    profile = _Sync(Requests.profile)
    summary = _Sync(Requests.summary)
    audit = _Sync(Requests.audit)
    session_turns = _Sync(Requests.session_turns)
    healthz = _Sync(Requests.healthz)
    readyz = _Sync(Requests.readyz)

    def events(self, *, user_id: str | None = None, content: bool = True, since: str | None = None,
               follow: bool = True, retries: int = 5, heartbeat_timeout: float = 60.0) -> Iterator[MemoryChange]:
        """The tenant's memory changes (of one user if `user_id`), as they are projected: from now,
        or after the cursor `since` ('0': from the beginning). `follow=False` ends once caught up.
        A dropped connection is resumed where it broke (Last-Event-ID), so no change is missed or
        repeated; `retries` consecutive failed attempts raise. (A stream started from now that
        drops before its first change resumes from now: pass `since` to be sure of the start.)
        Close the iterator (or leave its loop) to end the stream."""
        state = _Resume(user_id, content, since, follow, retries)
        timeout = _stream_timeout(self.timeout, heartbeat_timeout)
        while True:
            failure: BaseException | None = None
            call = state.call()
            try:
                with self._http.stream("GET", call.path, params=call.params, headers=call.headers,
                                       timeout=timeout) as response:
                    if not response.is_success:
                        response.read()
                        if not _retryable(response):
                            raise _error(response)
                        failure = _error(response)
                    else:
                        for line in response.iter_lines():
                            change = state.change(line)
                            if change is not None:
                                yield change
                        if not follow:
                            return
            except httpx.TransportError as exc:  # dropped, timed out, refused: resume
                failure = exc
            time.sleep(state.dropped(self.url, failure))


class AsyncMemstreamClient:
    """memstream's HTTP API for asyncio (and trio, through anyio): `MemstreamClient`'s methods, awaitable."""

    def __init__(self, url: str, key: str | None, timeout: float = 30.0, *,
                 headers: Mapping[str, str] | None = None, transport: httpx.AsyncBaseTransport | None = None):
        self.url = url.rstrip("/") if isinstance(url, str) else url
        self.timeout = timeout
        self._http = httpx.AsyncClient(**_options(url, key, timeout, headers), transport=transport)

    async def __aenter__(self) -> "AsyncMemstreamClient":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._http.aclose()

    async def _send(self, call: Call[R]) -> R:
        try:
            response = await self._http.request(call.method, call.path, params=call.params, json=call.body,
                                                    headers=call.headers)
        except httpx.TransportError as exc:
            raise _unreachable(self.url, exc) from None
        return _answer(call, response)

    ingest = _Async(Requests.ingest)
    recall = _Async(Requests.recall)
    context = _Async(Requests.context)
    remember = _Async(Requests.remember)
    forget = _Async(Requests.forget)
    record_use = _Async(Requests.record_use)
    records = _Async(Requests.records)
    profile = _Async(Requests.profile)
    summary = _Async(Requests.summary)
    audit = _Async(Requests.audit)
    session_turns = _Async(Requests.session_turns)
    healthz = _Async(Requests.healthz)
    readyz = _Async(Requests.readyz)

    async def events(self, *, user_id: str | None = None, content: bool = True, since: str | None = None,
                     follow: bool = True, retries: int = 5,
                     heartbeat_timeout: float = 60.0) -> AsyncIterator[MemoryChange]:
        """As `MemstreamClient.events`, an async iterator (`contextlib.aclosing` ends it early)."""
        import anyio

        state = _Resume(user_id, content, since, follow, retries)
        timeout = _stream_timeout(self.timeout, heartbeat_timeout)
        while True:
            failure: BaseException | None = None
            call = state.call()
            try:
                async with self._http.stream("GET", call.path, params=call.params, headers=call.headers,
                                             timeout=timeout) as response:
                    if not response.is_success:
                        await response.aread()
                        if not _retryable(response):
                            raise _error(response)
                        failure = _error(response)
                    else:
                        async for line in response.aiter_lines():
                            change = state.change(line)
                            if change is not None:
                                yield change
                        if not follow:
                            return
            except httpx.TransportError as exc:
                failure = exc
            await anyio.sleep(state.dropped(self.url, failure))
