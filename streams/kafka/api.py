"""The HTTP API (streams.api.app, the same definition `memstream serve` serves) on a Kafka worker.

`KafkaService` is the worker's `MemoryService`:

- a request for a subject is served by the worker that owns the subject's partition: another
  worker forwards it there as it came (method, path, query, body, `Authorization`), and answers
  503 `OwnerUnavailableError` when no owner is known or the owner cannot be reached (a rebalance);
- `POST /v1/turns` validates each turn with the engine's rules, answers "already present" for a
  turn whose event the owning store's log holds (or that this worker sent moments ago), asks the
  owner of another worker's subjects the same question (`/internal/turns`), and produces the new
  ones to the turns topic; when no owner is known the turn is produced anyway and counted accepted
  (ingest is idempotent by turn id, so a turn sent twice is still one turn);
- the change stream (`GET /v1/events`) covers every partition: its cursor holds one position per
  partition (`p<pos0>.<pos1>...`, sealed before a client sees it: streams.api.cursors; the count of the partition's changelog entries before it, which is
  the same in every owner's store of the partition), so a consumer resumes on any worker with no
  miss and no repeat; partitions of other workers are read from their owners (`/internal/changes`);
- audit asks this worker's partition stores, then the other workers (`/internal/audit`);
- keys come from the compacted `<prefix>-api-keys` topic (streams.kafka.apikeys).

Calls between workers carry the calling client's own key, so the owner checks it too and takes the
tenant from it, never from the request. `/status` and `/digest` (operational: counts and digests,
no content) are served beside the API on the same port, outside its OpenAPI document.
"""
from __future__ import annotations

import asyncio
import contextvars
from http.cookies import CookieError, SimpleCookie
import json
import logging
import os
import time
from collections import OrderedDict
from typing import Any, Awaitable, Callable, TypeVar

import httpx
from aiokafka.errors import KafkaError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from engine.errors import InvalidCommandError, InvalidTurnError, MemstreamError, TenantMismatchError, \
    UnknownMemoryError
from engine.facade import MemoryEngine
from engine.guard import validate_turn
from engine.settings import Settings
from engine.ids import turn_event_id
from engine import redaction
from schemas.api import KeyInfo
from schemas.events import Event
from schemas.views import AuditEntry
from streams.api.app import Forwarded
from streams.api.body import authenticated, guard_body
from streams.api.ui import COOKIE as UI_COOKIE
from streams.api.problems import problem, status_of
from streams.api.cursors import CursorSeal
from streams.kafka.apikeys import KafkaKeys, KeyFollower
from streams.kafka.config import KafkaSettings
from streams.kafka.topics import Topics, partition_of, subject_key
from streams.kafka.worker import BrokerUnavailableError, PublishFailed, RetryLater, Worker

log = logging.getLogger("memstream.kafka")
T = TypeVar("T")

FORWARDED_HEADER = "X-Memstream-Forwarded"
EXIT_PUBLISH_FAILED = 75
#: The calling client's `Authorization` header, for the calls this worker makes to the others.
#: What a forwarded answer keeps of the owner's headers: its type, its auth challenge, caching, a
#: redirect's target, and the inspector's page-safety headers.
_ANSWER_HEADERS = frozenset({"content-type", "www-authenticate", "cache-control", "location",
                             "content-security-policy", "referrer-policy", "x-frame-options",
                             "x-content-type-options"})
CALLER: contextvars.ContextVar[str | None] = contextvars.ContextVar("memstream_caller", default=None)


class OwnerUnavailableError(RetryLater):
    """The worker that owns a subject's partition cannot answer right now (the group is
    rebalancing, or the owner is unreachable): retry shortly."""


def unavailable(detail: str, error: type[RetryLater] = OwnerUnavailableError) -> Response:
    """A 503 problem document titled with the error's name: the client retries shortly."""
    return problem(503, error.__name__, detail, retry_after_seconds=1)


# -- cursors ------------------------------------------------------------------------------------------
END = -1  # a partition position not resolved yet: "where its changes end now"


def encode_cursor(positions: list[int]) -> str:
    return "p" + ".".join(str(p) for p in positions)


def parse_cursor(cursor: str, partitions: int) -> list[int]:
    """A Kafka cursor: one position per partition. '0' is the beginning of every partition."""
    if cursor == "0":
        return [0] * partitions
    bad = InvalidCommandError("cursor (Last-Event-ID or since) must be an id this stream sent, or 0")
    if not isinstance(cursor, str) or not cursor.startswith("p") or len(cursor) > 4096:
        raise bad
    parts = cursor[1:].split(".")
    if len(parts) != partitions:
        raise bad
    try:
        positions = [int(p) for p in parts]
    except ValueError:
        raise bad from None
    if any(p < END or len(s) > 19 for p, s in zip(positions, parts)):
        raise bad
    return positions


class KafkaService:
    """The MemoryService of one Kafka worker (see the module's docstring)."""

    def __init__(self, worker: Worker, kcfg: KafkaSettings, *, ensure_started: Callable[[], Awaitable[None]],
                 owns: Callable[[int], bool], owner_url: Callable[[int], str | None],
                 peers: Callable[[], list[str]], self_url: str):
        self.worker = worker
        self.kcfg = kcfg
        self.topics = Topics(kcfg.topic_prefix)
        self._ensure_started = ensure_started
        self._owns = owns
        self._owner_url = owner_url
        self._peers = peers
        self.self_url = self_url.rstrip("/")
        self.keys = KeyFollower(kcfg)
        self._seal: CursorSeal | None = None
        self._seal_lock = asyncio.Lock()
        self.producer = None
        self._http: httpx.AsyncClient | None = None
        self._sent: OrderedDict[str, float] = OrderedDict()  # turn event ids produced, not yet seen handled

    # -- lifecycle -----------------------------------------------------------------------------------
    async def start(self) -> None:
        from streams.kafka.client import Producer

        # The secret scanners are built before the worker's API says it is ready (as `memstream
        # serve` does), not by the first turn that needs them (about a quarter of a second).
        await asyncio.to_thread(redaction.warm_up)
        self._http = httpx.AsyncClient(timeout=httpx.Timeout(60.0, connect=5.0))
        await self.keys.start()
        self.producer = Producer(self.kcfg)
        await self.producer.__aenter__()

    async def stop(self) -> None:
        await self.keys.stop()
        if self.producer is not None:
            try:
                await self.producer.__aexit__(None, None, None)
            except Exception as exc:  # stopping anyway
                log.debug("ignored while stopping the API's producer: %r", exc)
            self.producer = None
        if self._http is not None:
            await self._http.aclose()
            self._http = None

    @property
    def settings(self) -> Settings:
        return self.worker.settings

    def authenticate(self, token: str | None) -> KeyInfo:
        return self.keys.ring.authenticate(token)

    def partition(self, tenant_id: str, user_id: str) -> int:
        return partition_of(subject_key(tenant_id, user_id), self.kcfg.partitions)

    # -- serving a subject ---------------------------------------------------------------------------
    async def forward(self, request: Request, tenant_id: str, user_id: str) -> Response | None:
        p = self.partition(tenant_id, user_id)
        if self._owns(p):
            return None
        if request.headers.get(FORWARDED_HEADER):
            # Forwarded once already: the two workers disagree about the owner (a rebalance).
            return unavailable(f"the owner of this subject's partition ({p}) is changing; retry shortly")
        url = self._owner_url(p)
        if url is None or url.rstrip("/") == self.self_url:
            return unavailable(f"no worker owns this subject's partition ({p}) right now (the group is "
                               "rebalancing); retry shortly")
        headers = {FORWARDED_HEADER: "1"}
        for name in ("authorization", "content-type", "last-event-id", "accept"):
            if name in request.headers:
                headers[name] = request.headers[name]
        # The path and query as they came on the wire (still percent-encoded), not decoded.
        raw_path = request.scope.get("raw_path") or request.url.path.encode()
        query = request.scope.get("query_string") or b""
        target = url.rstrip("/") + raw_path.decode("latin-1") + (f"?{query.decode('latin-1')}" if query else "")
        try:
            answer = await self._client().request(request.method, target, content=await request.body(),
                                                  headers=headers)
        except (httpx.HTTPError, httpx.InvalidURL) as exc:
            log.warning("forwarding %s %s to %s failed: %r", request.method, request.url.path, url, exc)
            return unavailable(f"the owner of this subject's partition ({p}) cannot be reached; retry shortly")
        keep = {k: v for k, v in answer.headers.items()
                if k.lower() in _ANSWER_HEADERS}
        return Response(answer.content, status_code=answer.status_code, headers=keep)

    async def call(self, tenant_id: str, user_id: str, fn: Callable[[MemoryEngine], T]) -> T:
        """Runs `fn` on the subject's partition store; what it logs (a forget, remember, use) is
        committed in one transaction of the partition before the answer goes out."""
        try:
            await self._ensure_started()
            async with self.worker.lock:
                return await self.worker.serve(tenant_id, user_id, fn)
        except RetryLater as exc:
            raise Forwarded(unavailable(str(exc), type(exc) if type(exc) is not RetryLater else OwnerUnavailableError)) from None
        except PublishFailed as exc:
            log.critical("%s; stopping: what this worker logged must reach the changelog", exc)
            os._exit(EXIT_PUBLISH_FAILED)

    def _client(self) -> httpx.AsyncClient:
        if self._http is None:
            self._http = httpx.AsyncClient(timeout=httpx.Timeout(60.0, connect=5.0))
        return self._http

    async def _internal(self, url: str, path: str, body: Any) -> httpx.Response:
        headers = {FORWARDED_HEADER: "1"}
        caller = CALLER.get()
        if caller:
            headers["authorization"] = caller
        return await self._client().post(url.rstrip("/") + path, json=body, headers=headers)

    # -- ingest --------------------------------------------------------------------------------------
    async def ingest(self, tenant_id: str, items: list[dict]) -> list[bool | MemstreamError]:
        return await self._ingest(tenant_id, items, forwarded=False)

    async def _ingest(self, tenant_id: str, items: list[dict], *, forwarded: bool) -> list[bool | MemstreamError]:
        outcomes: list[bool | MemstreamError | None] = [None] * len(items)
        ids: dict[int, str] = {}
        by_partition: dict[int, list[int]] = {}
        for i, item in enumerate(items):
            try:
                turn = validate_turn(item, self.worker.settings, tenant_id)
            except MemstreamError as exc:
                outcomes[i] = exc
                continue
            ids[i] = turn_event_id(turn.tenant_id, turn.user_id, turn.session_id, turn.turn_id)
            by_partition.setdefault(self.partition(tenant_id, turn.user_id), []).append(i)
        to_send: list[int] = []
        remote: dict[str, list[int]] = {}
        local: list[int] = []
        for p, indexes in sorted(by_partition.items()):
            url = None if forwarded or self._owns(p) else self._owner_url(p)
            if self._owns(p):
                local.extend(indexes)
            elif url is not None and url.rstrip("/") != self.self_url:
                remote.setdefault(url, []).extend(indexes)
            else:
                to_send.extend(indexes)  # no owner known: the owner's ingest dedups by turn id
        if local:
            present = await self._present([(i, p) for p in by_partition for i in by_partition[p] if i in set(local)],
                                          ids)
            for i in local:
                if present.get(i):
                    outcomes[i] = False
                else:
                    to_send.append(i)
        for url, indexes in remote.items():
            answered = await self._ask_owner(url, [items[i] for i in indexes])
            if answered is None:
                to_send.extend(indexes)
                continue
            for i, outcome in zip(indexes, answered):
                outcomes[i] = outcome
        seen: set[str] = set()
        fresh: list[int] = []
        for i in sorted(to_send):
            if ids[i] in seen or ids[i] in self._sent:
                outcomes[i] = False  # the same turn twice in a request, or sent moments ago
            else:
                seen.add(ids[i])
                fresh.append(i)
        if fresh:
            if self.producer is None:
                raise Forwarded(unavailable("this worker is starting; retry shortly"))
            try:
                await asyncio.wait_for(self.producer.send_turns([items[i] for i in fresh]), 60)
            except (KafkaError, asyncio.TimeoutError) as exc:
                # Nothing is counted accepted that the broker did not acknowledge; a retry is safe
                # (a turn sent twice is one turn).
                log.warning("producing %d turns failed: %r", len(fresh), exc)
                raise Forwarded(unavailable("the broker did not acknowledge the turns; send them again "
                                            "shortly", BrokerUnavailableError)) from None
            now = time.monotonic()
            for i in fresh:
                outcomes[i] = True
                self._sent[ids[i]] = now
            while len(self._sent) > 100_000:
                self._sent.popitem(last=False)
        return [o if o is not None else InvalidTurnError("not handled") for o in outcomes]

    async def _present(self, pairs: list[tuple[int, int]], ids: dict[int, str]) -> dict[int, bool]:
        """Whether each turn's event is in its (owned) partition store's log."""
        found: dict[int, bool] = {}
        try:
            await self._ensure_started()
            async with self.worker.lock:
                await self.worker.ensure_ready({p for _, p in pairs if self.worker.owns(p)})
                for i, p in pairs:
                    store = self.worker.stores.get(p)
                    if store is not None and p in self.worker.ready:
                        found[i] = await self.worker.run_engine(lambda s=store, e=ids[i]: s.rt.log.contains(e))
        except RetryLater:
            pass  # not known here after all: produced, and the owner dedups
        return found

    async def _ask_owner(self, url: str, items: list[dict]) -> list[bool | MemstreamError] | None:
        try:
            answer = await self._internal(url, "/internal/turns", items)
        except httpx.HTTPError as exc:
            log.warning("asking %s about %d turns failed (%r); producing them here", url, len(items), exc)
            return None
        if answer.status_code != 200:
            return None
        out: list[bool | MemstreamError] = []
        for o in answer.json():
            if isinstance(o, bool):
                out.append(o)
            else:
                out.append(_error_of(o))
        return out if len(out) == len(items) else None

    # -- audit ---------------------------------------------------------------------------------------
    async def audit(self, tenant_id: str, memory_id: str) -> list[AuditEntry]:
        found = await self.local_audit(tenant_id, memory_id)
        if found is not None:
            return found
        for url in self._peers():
            if url.rstrip("/") == self.self_url:
                continue
            try:
                answer = await self._internal(url, "/internal/audit", {"memory_id": memory_id})
            except httpx.HTTPError:
                continue
            if answer.status_code == 200:
                return [AuditEntry.model_validate(e) for e in answer.json()]
        raise UnknownMemoryError(f"no events about memory {memory_id!r}")

    async def local_audit(self, tenant_id: str, memory_id: str) -> list[AuditEntry] | None:
        if not isinstance(memory_id, str) or not memory_id:
            raise InvalidCommandError("memory_id must be a non-empty string")
        async with self.worker.lock:
            for p in sorted(self.worker.ready):
                engine = self.worker.stores[p].engine
                try:
                    return await self.worker.run_engine(lambda e=engine: e.audit(memory_id, tenant_id=tenant_id))
                except (UnknownMemoryError, TenantMismatchError):
                    continue
        return None

    # -- the change stream ---------------------------------------------------------------------------
    async def cursor_seal(self) -> CursorSeal:
        """The seal of the first cursor secret on the API keys topic; this worker publishes one if
        the topic has none yet, and uses whichever comes first (another worker's, made at the
        same time, may)."""
        if self._seal is not None:
            return self._seal
        async with self._seal_lock:
            if self._seal is None:
                loop = asyncio.get_running_loop()
                deadline = loop.time() + 30
                late = Forwarded(unavailable("the change stream's cursor secret has not reached this worker yet; "
                                             "retry shortly"))
                try:
                    await asyncio.wait_for(self.keys.caught_up.wait(), 30)
                    if self.keys.ring.cursor_secret is None:
                        await KafkaKeys(self.kcfg).add_cursor_secret()
                except (TimeoutError, KafkaError, OSError) as exc:
                    log.warning("no cursor secret for the change stream yet: %r", exc)
                    raise late from None
                while self.keys.ring.cursor_secret is None:
                    if loop.time() > deadline:
                        raise late
                    await asyncio.sleep(0.05)
                # The longest cursor: "p", then a position of up to 19 digits and a dot per partition.
                self._seal = CursorSeal(self.keys.ring.cursor_secret, longest=1 + 20 * self.kcfg.partitions)
        return self._seal

    def tail(self) -> str:
        return encode_cursor([END] * self.kcfg.partitions)

    async def changes(self, tenant_id: str, cursor: str, user_id: str | None,
                      limit: int) -> tuple[list[tuple[str, Event]], str]:
        positions = parse_cursor(cursor, self.kcfg.partitions)
        per: dict[int, tuple[list[tuple[int, Event]], int]] = {}
        local = {p: pos for p, pos in enumerate(positions) if self._owns(p)}
        per.update(await self.local_changes(tenant_id, local, user_id, limit))
        remote: dict[str, dict[int, int]] = {}
        for p, pos in enumerate(positions):
            if p in local:
                continue
            url = self._owner_url(p)
            if url is not None and url.rstrip("/") != self.self_url:
                remote.setdefault(url, {})[p] = pos
        for url, wanted in remote.items():
            per.update(await self._remote_changes(url, wanted, user_id, limit))
        # Each change's cursor: its partition just after it, the partitions before it in this answer
        # just after their last change sent (not their scanned end, which moves with other
        # tenants' writes), the others where the request started. Resuming from it re-scans at
        # most what this tenant could not see, and sends nothing twice.
        out: list[tuple[str, Event]] = []
        sent = list(positions)
        after = list(positions)
        for p in range(self.kcfg.partitions):
            if p not in per or len(out) >= limit:
                continue  # unknown now (its owner is changing): read again from where it was
            found, end = per[p]
            for seq, event in found:
                sent[p] = seq + 1
                out.append((encode_cursor(sent), event))
            after[p] = end
        return out, encode_cursor(after)

    async def local_changes(self, tenant_id: str, positions: dict[int, int], user_id: str | None,
                            limit: int) -> dict[int, tuple[list[tuple[int, Event]], int]]:
        """Changes of the partitions this worker serves (others are left out), each read from its
        position (END: its end now) up to what the changelog holds."""
        out: dict[int, tuple[list[tuple[int, Event]], int]] = {}
        if not positions:
            return out
        async with self.worker.lock:
            for p, start in sorted(positions.items()):
                store = self.worker.stores.get(p)
                if store is None or p not in self.worker.ready or not self._owns(p):
                    continue

                def read(store=store, start=start) -> tuple[list[tuple[int, Event]], int]:
                    published = store.published  # only what is on the changelog: the same on every owner
                    if start == END:
                        return [], min(store.engine.projected(), published)
                    found, position = store.engine.changes(start, tenant_id=tenant_id, user_id=user_id,
                                                           limit=limit)
                    position = min(position, max(start, published))
                    return [(s, e) for s, e in found if s < position], position
                out[p] = await self.worker.run_engine(read)
        return out

    async def _remote_changes(self, url: str, positions: dict[int, int], user_id: str | None,
                              limit: int) -> dict[int, tuple[list[tuple[int, Event]], int]]:
        try:
            answer = await self._internal(url, "/internal/changes", {
                "positions": {str(p): pos for p, pos in positions.items()}, "user_id": user_id, "limit": limit})
        except httpx.HTTPError as exc:
            log.info("reading changes from %s failed (%r); they are read on the next poll", url, exc)
            return {}
        if answer.status_code != 200:
            return {}
        out = {}
        for p, part in answer.json().items():
            out[int(p)] = ([(seq, Event.model_validate(e)) for seq, e in part["found"]], part["end"])
        return out

    # -- readiness -----------------------------------------------------------------------------------
    def pending(self) -> int | None:
        assigned = self.worker.assigned
        if assigned is None or not self.keys.caught_up.is_set() or not assigned <= self.worker.ready:
            return None
        total = 0
        for p in sorted(assigned):
            store = self.worker.stores.get(p)
            if store is not None:
                try:
                    total += store.engine.pending()
                except MemstreamError:
                    return None
        return total

    def dead_letter_count(self) -> int:
        return self.worker.counts["dead_letters"]


def _error_of(data: Any) -> MemstreamError:
    import engine.errors as errors

    name = data.get("error") if isinstance(data, dict) else None
    cls = getattr(errors, name, None) if isinstance(name, str) else None
    if not (isinstance(cls, type) and issubclass(cls, InvalidTurnError)):
        cls = InvalidTurnError
    exc = cls.__new__(cls)
    Exception.__init__(exc, str(data.get("detail", "")) if isinstance(data, dict) else "rejected")
    exc.field = data.get("field") if isinstance(data, dict) else None
    exc.turn_id = None
    return exc


# -- the worker's web server: the API, and beside it the internal and operational routes ----------------
def internal_app(service: KafkaService) -> Starlette:
    worker = service.worker

    def key_with(request: Request, scope: str) -> KeyInfo:
        from engine.errors import ScopeError

        scheme, _, token = (request.headers.get("authorization") or "").partition(" ")
        token = (token.strip() or None) if scheme.lower() == "bearer" else None
        key = authenticated(request.scope, token) or service.authenticate(token)
        if scope not in key.scopes and "admin" not in key.scopes:
            raise ScopeError(f"this API key lacks the {scope!r} scope")
        return key

    def guarded(scope: str, handler: Callable[[Request, KeyInfo], Awaitable[Response]]):
        async def endpoint(request: Request) -> Response:
            try:
                return await handler(request, key_with(request, scope))
            except Forwarded as exc:
                return exc.response
            except MemstreamError as exc:
                return problem(status_of(exc), type(exc).__name__, str(exc))
            except (ValueError, KeyError, TypeError) as exc:
                return problem(422, "InvalidCommandError", f"bad internal request: {type(exc).__name__}")
        return endpoint

    async def changes(request: Request, key: KeyInfo) -> Response:
        body = await request.json()
        positions = {int(p): int(pos) for p, pos in body["positions"].items()}
        limit = max(1, min(int(body.get("limit") or 256), 1000))
        found = await service.local_changes(key.tenant_id, positions, body.get("user_id"), limit)
        return JSONResponse({str(p): {"found": [[seq, e.model_dump(mode="json")] for seq, e in items], "end": end}
                             for p, (items, end) in found.items()})

    async def audit(request: Request, key: KeyInfo) -> Response:
        body = await request.json()
        found = await service.local_audit(key.tenant_id, body["memory_id"])
        if found is None:
            return problem(404, "UnknownMemoryError", "no events about this memory here")
        return JSONResponse([e.model_dump(mode="json") for e in found])

    async def turns(request: Request, key: KeyInfo) -> Response:
        items = await request.json()
        if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
            raise InvalidCommandError("a list of turns")
        outcomes = await service._ingest(key.tenant_id, [{**i, "tenant_id": key.tenant_id} for i in items],
                                         forwarded=True)
        return JSONResponse([o if isinstance(o, bool) else {"error": type(o).__name__, "detail": str(o),
                                                             "field": getattr(o, "field", None)}
                             for o in outcomes])

    async def status(request: Request) -> Response:
        assigned = sorted(p for p in range(service.kcfg.partitions) if service._owns(p))
        return JSONResponse({"assigned": assigned, "ready": sorted(worker.ready), **worker.counts})

    async def digest(request: Request) -> Response:
        async with worker.lock:
            value = await worker.run_engine(worker.digest)
            subjects = (await worker.run_engine(worker.subject_digests)
                        if request.query_params.get("subjects") in ("1", "true", "yes") else None)
        return JSONResponse({"digest": value, "ready": sorted(worker.ready),
                             **({"subjects": subjects} if subjects is not None else {})})

    return Starlette(routes=[
        Route("/internal/changes", guarded("read", changes), methods=["POST"]),
        Route("/internal/audit", guarded("read", audit), methods=["POST"]),
        Route("/internal/turns", guarded("write", turns), methods=["POST"]),
        Route("/status", status, methods=["GET"]),
        Route("/digest", digest, methods=["GET"]),
    ])


def _caller(scope: dict) -> str | None:
    """The caller's key as an Authorization value: the header, else the inspector's session cookie
    (what other workers are asked on a browser's behalf carries its key too)."""
    headers = dict(scope.get("headers", ()))
    if b"authorization" in headers:
        return headers[b"authorization"].decode("latin-1")
    cookie = SimpleCookie()
    try:
        cookie.load(headers.get(b"cookie", b"").decode("latin-1"))
    except CookieError:
        return None
    morsel = cookie.get(UI_COOKIE)
    return f"Bearer {morsel.value}" if morsel is not None and morsel.value else None


class WorkerWeb:
    """The ASGI app on a worker's web port: `/internal/*`, `/status` and `/digest` go to the
    internal routes, everything else (and the lifespan) to the API app. The caller's
    `Authorization` header is kept in CALLER for the calls the service makes to other workers."""

    INTERNAL = ("/status", "/digest")

    def __init__(self, api: Any, internal: Any, service: "KafkaService | None" = None):
        self.api = api
        self.internal = internal
        self.service = service

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] in ("http", "websocket"):
            CALLER.set(_caller(scope))
            path = scope.get("path", "")
            if path in self.INTERNAL or path.startswith("/internal/"):
                if scope["type"] == "http" and self.service is not None:
                    # The API's own routes are bounded by its middleware; these here.
                    receive = await guard_body(scope, receive, send, self.service.settings.api_max_body_mb << 20,
                                               self.service.authenticate)
                    if receive is None:
                        return
                await self.internal(scope, receive, send)
                return
        await self.api(scope, receive, send)


def worker_web(service: KafkaService) -> WorkerWeb:
    from streams.api.app import create_app

    return WorkerWeb(create_app(service), internal_app(service), service)


async def stop_soon(task: "asyncio.Future[Any]", server: Any, seconds: float = 10.0) -> None:
    server.should_exit = True
    try:
        await asyncio.wait_for(asyncio.shield(task), seconds)
    except (asyncio.TimeoutError, Exception):
        server.force_exit = True


def json_dumps(data: Any) -> str:
    return json.dumps(data, default=str)
