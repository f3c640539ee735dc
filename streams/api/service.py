"""What the HTTP API needs from a runtime, and the embedded runtime's answer to it.

The API (streams.api.app) is one definition served by both runtimes. It talks to a `MemoryService`:
run a call on the engine that holds a subject, ingest a batch, read a tenant's memory changes from
a cursor, say whether it is ready, and who a key belongs to. `EngineService` serves one embedded
`MemoryEngine`; the Kafka worker has its own (streams.kafka), which also forwards requests for a
subject to the worker that owns the subject's partition.
"""
from __future__ import annotations

import logging
import os
import threading
import time
from typing import Callable, Protocol, TypeVar

import anyio
from anyio import to_thread
from starlette.requests import Request
from starlette.responses import Response

from engine.errors import InvalidCommandError, MemstreamError, TenantMismatchError, UnknownMemoryError
from engine.facade import MemoryEngine
from schemas.api import KeyInfo
from schemas.events import Event
from schemas.views import AuditEntry
from streams.api.keys import KeyFile

log = logging.getLogger("memstream.api")
T = TypeVar("T")


class MemoryService(Protocol):
    async def start(self) -> None: ...

    async def stop(self) -> None: ...

    def authenticate(self, token: str | None) -> KeyInfo:
        """The key's info, or engine.errors.AuthError."""

    async def forward(self, request: Request, tenant_id: str, user_id: str) -> Response | None:
        """The owner's answer when another process holds this subject; None to serve it here."""

    async def call(self, tenant_id: str, user_id: str, fn: Callable[[MemoryEngine], T]) -> T:
        """Runs `fn` with the engine that holds the subject (in a worker thread: engine calls block)."""

    async def ingest(self, tenant_id: str, items: list[dict]) -> list[bool | MemstreamError]:
        """Per item, as MemoryEngine.ingest_each; each item already carries `tenant_id`."""

    async def audit(self, tenant_id: str, memory_id: str) -> list[AuditEntry]: ...

    def tail(self) -> str:
        """A cursor at the end of the projected changes (where a live stream starts)."""

    async def changes(self, tenant_id: str, cursor: str, user_id: str | None,
                      limit: int) -> tuple[list[tuple[str, Event]], str]:
        """Changes after `cursor`, each with the cursor that resumes after it, and the cursor to
        read on from. InvalidCommandError for a cursor this service did not give out."""

    def pending(self) -> int | None:
        """Entries not yet projected; None while starting (the first catch-up has not finished)."""

    def dead_letter_count(self) -> int: ...


def parse_position(cursor: str) -> int:
    """An embedded cursor: the log position to read on from."""
    if not isinstance(cursor, str) or not cursor.isdigit() or len(cursor) > 19:
        raise InvalidCommandError("cursor (Last-Event-ID or since) must be an event id this server sent (the stream's ids, or 0 for the beginning)")
    return int(cursor)


class EngineService:
    """Serves one embedded engine (opened unbound: each call names the key's tenant). A background
    thread projects what is ingested, so reads, the change stream and readiness follow without a
    client having to flush.

    Writers come first: projecting holds the log's lock, so the projector waits while turns are
    arriving (a request in flight, or one less than `project_quiet` seconds ago) and projects in
    the pause; it projects `project_slice` entries at a time, and a writer waiting for the lock goes
    between two slices. While writes keep coming, one slice is projected every `project_max_lag`
    seconds, so projection never stops. A burst of requests is acknowledged at the log's append speed; a read projects what it
    needs itself, as on the facade, so it always sees what was acknowledged."""

    def __init__(self, engine: MemoryEngine, keys: KeyFile, *, project_every: float = 0.05,
                 project_quiet: float = 0.2, project_max_lag: float = 2.0, project_slice: int = 64):
        self.engine = engine
        self.keys = keys
        self._every = project_every
        self._quiet = project_quiet
        self._max_lag = project_max_lag
        self._slice = project_slice
        self._callers = None
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._caught_up = threading.Event()
        self._dead_letters = 0
        self._writes = threading.Lock()
        self._writing = 0  # ingest requests in flight
        self._last_write = 0.0  # when the last one ended (monotonic)
        self._unprojected_since: float | None = None  # when the oldest write not yet projected ended

    async def start(self) -> None:
        # As many engine calls at once as the machine has cores (anyio's default is 40 threads):
        # fewer threads contend for the engine's lock and the interpreter lock, and the rest wait
        # in order (bench.api, 8 clients on 2 cores: context p99 136 -> 87 ms, recall 128 -> 121).
        self._callers = anyio.CapacityLimiter(max(1, len(os.sched_getaffinity(0))))
        self._thread = threading.Thread(target=self._project, name="memstream-projector", daemon=True)
        self._thread.start()

    async def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            await to_thread.run_sync(self._thread.join)

    def _writers_first(self) -> bool:
        """True while the projector should leave the log's lock to writers: a write is in flight or
        ended less than `project_quiet` ago, and what waits unprojected is not overdue."""
        with self._writes:
            now = time.monotonic()
            if not (self._writing > 0 or now - self._last_write < self._quiet):
                self._unprojected_since = None  # a pause: project everything
                return False
            since = self._unprojected_since
            if since is None or now - since < self._max_lag:
                return True
            # Writes keep coming and the oldest unprojected one is overdue: one slice now, the
            # next one `project_max_lag` later unless a pause comes first.
            self._unprojected_since = now
            return False

    def _project(self) -> None:
        try:  # the embedding model loads before the server says it is ready, not in the first recall
            self.engine.runtime.embedder.embed(["ready"], cache=False)
        except Exception as exc:  # a read would meet the same error, typed; nothing to hold back here
            log.warning("loading the embedding model failed: %s", exc)
        while not self._stop.is_set():
            if self._caught_up.is_set() and self._writers_first():
                self._stop.wait(self._quiet / 2)
                continue
            try:
                # In slices: between two, the log's lock is free for a writer (and the check above
                # runs again), so a burst that outlasts the lag bound waits for one slice, not a pass.
                if self.engine.flush(limit=self._slice) or not self._caught_up.is_set():
                    self._dead_letters = len(self.engine.dead_letters())
                    if self.engine.pending():
                        if self._writing:  # a writer waits for the lock: it goes before the next slice
                            time.sleep(0.002)
                        continue
                self._caught_up.set()
            except MemstreamError as exc:  # e.g. closed under us at shutdown
                if self._stop.is_set():
                    return
                log.error("projecting the log failed: %s", exc)
            self._wake.wait(self._every if self._caught_up.is_set() else 0.5)
            self._wake.clear()

    def authenticate(self, token: str | None) -> KeyInfo:
        return self.keys.authenticate(token)

    async def forward(self, request: Request, tenant_id: str, user_id: str) -> Response | None:
        return None  # one process holds every subject

    async def call(self, tenant_id: str, user_id: str, fn: Callable[[MemoryEngine], T]) -> T:
        return await to_thread.run_sync(fn, self.engine, limiter=self._callers)

    async def ingest(self, tenant_id: str, items: list[dict]) -> list[bool | MemstreamError]:
        with self._writes:
            self._writing += 1
        try:
            outcomes = await to_thread.run_sync(self.engine.ingest_each, items)
        finally:
            with self._writes:
                self._writing -= 1
                self._last_write = time.monotonic()
                if self._unprojected_since is None:
                    self._unprojected_since = self._last_write
        if any(o is True for o in outcomes):
            self._wake.set()
        return outcomes

    async def audit(self, tenant_id: str, memory_id: str) -> list[AuditEntry]:
        try:
            return await to_thread.run_sync(lambda: self.engine.audit(memory_id, tenant_id=tenant_id))
        except TenantMismatchError:  # another tenant's memory: as unknown as one that never existed
            raise UnknownMemoryError(f"no events about memory {memory_id!r}") from None

    def tail(self) -> str:
        return str(self.engine.projected())

    async def changes(self, tenant_id: str, cursor: str, user_id: str | None,
                      limit: int) -> tuple[list[tuple[str, Event]], str]:
        start = parse_position(cursor)
        found, position = await to_thread.run_sync(
            lambda: self.engine.changes(start, tenant_id=tenant_id, user_id=user_id, limit=limit))
        return [(str(seq + 1), event) for seq, event in found], str(position)

    def pending(self) -> int | None:
        if not self._caught_up.is_set():
            return None
        return self.engine.pending()

    def dead_letter_count(self) -> int:
        return self._dead_letters
