"""What the HTTP API needs from a runtime, and the embedded runtime's answer to it.

The API (streams.api.app) is one definition served by both runtimes. It talks to a `MemoryService`:
run a call on the engine that holds a subject, ingest a batch, read a tenant's memory changes from
a cursor, say whether it is ready, and who a key belongs to. `EngineService` serves one embedded
`MemoryEngine`; the Kafka worker has its own (streams.kafka), which also forwards requests for a
subject to the worker that owns the subject's partition.
"""
from __future__ import annotations

import asyncio
import logging
import threading
import time
from typing import Callable, Protocol, TypeVar

import anyio
from anyio import to_thread
from starlette.requests import Request
from starlette.responses import Response

from engine import redaction
from engine.cores import usable_cores
from engine.errors import InvalidCommandError, MemstreamError, TenantMismatchError, UnknownMemoryError
from engine.facade import MemoryEngine
from engine.settings import Settings
from schemas.api import KeyInfo
from schemas.events import Event
from schemas.views import AuditEntry
from streams.api.cursors import CursorSeal
from streams.api.keys import KeyFile

log = logging.getLogger("memstream.api")
T = TypeVar("T")


class MemoryService(Protocol):
    async def start(self) -> None: ...

    async def stop(self) -> None: ...

    #: The engine settings the server runs with (its body bound among them).
    settings: Settings

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

    async def cursor_seal(self) -> CursorSeal:
        """What seals this runtime's cursors before a client sees them (streams.api.cursors)."""

    async def changes(self, tenant_id: str, cursor: str, user_id: str | None,
                      limit: int) -> tuple[list[tuple[str, Event]], str]:
        """Changes after `cursor`, each with the cursor that resumes after it, and the cursor to
        read on from. InvalidCommandError for a cursor this service did not give out."""

    def pending(self) -> int | None:
        """Entries not yet projected; None while starting (the first catch-up has not finished)."""

    def dead_letter_count(self) -> int: ...


def tenant_audit(entries: list) -> list:
    """An audit trail as a tenant sees it: without the key store's watermark (`keys_before`, a count
    over every tenant)."""
    for entry in entries:
        entry.detail.pop("keys_before", None)
    return entries


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
    the pause. It projects in rounds of `project_slice` entries, each in steps of `project_step`
    entries with the lock released between two steps, so a writer or a read waiting for the lock
    waits for one step (a few turns decided), not for a round. While writes keep coming, one round
    is projected every `project_max_lag` seconds, so projection never stops. A burst of requests is
    acknowledged at the log's append speed.

    Reads see every acknowledged write of their subject. With the engine's `reads_catch_up` off
    (`memstream serve` opens it so), a read of a subject waits only until the projector is past the
    subject's last acknowledged write (a tenant-wide read: the tenant's), and the projector stops
    giving writers the way while a read waits; a subject with nothing pending is read at once,
    whatever backlog other subjects or tenants have. A read that waited `read_wait` seconds
    projects what is left itself. With `reads_catch_up` on, every read projects the whole backlog
    first, as on the facade."""

    def __init__(self, engine: MemoryEngine, keys: KeyFile, *, project_every: float = 0.05,
                 project_quiet: float = 0.2, project_max_lag: float = 2.0, project_slice: int = 64,
                 project_step: int = 4, read_wait: float = 5.0):
        self.engine = engine
        self.keys = keys
        self._seal: CursorSeal | None = None
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
        self._read_wait = read_wait
        self._step = project_step
        self._loop: asyncio.AbstractEventLoop | None = None
        # The log's length after each subject's (and tenant's) last acknowledged write: a read of it
        # waits until the projector is past it. Touched on the event loop only.
        self._written: dict[tuple[str, str], int] = {}
        self._tenant_written: dict[str, int] = {}
        self._forget_written_at = 10_000
        self._waiters: list[tuple[int, asyncio.Future]] = []
        self._projected_to = 0  # published by the projector thread after each step
        self._readers_waiting = 0
        self._reading = 0  # engine calls in flight or queued (the projector yields the lock to them)

    async def start(self) -> None:
        # As many engine calls at once as the machine has cores (anyio's default is 40 threads):
        # fewer threads contend for the engine's lock and the interpreter lock, and the rest wait
        # in order (bench.api, 8 clients on 2 cores: context p99 136 -> 87 ms, recall 128 -> 121).
        self._callers = anyio.CapacityLimiter(usable_cores())
        self._loop = asyncio.get_running_loop()
        self._seal = CursorSeal(self.keys.cursor_secret())
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
        if self._readers_waiting:
            return False  # a read waits for a write of its subject: project it now
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
        # The secret scanners are built and the embedding model loads before the server says it is
        # ready, not in the first write or recall.
        redaction.warm_up()
        try:
            self.engine.runtime.embedder.embed(["ready"], cache=False)
        except Exception as exc:  # a read would meet the same error, typed; nothing to hold back here
            log.warning("loading the embedding model failed: %s", exc)
        while not self._stop.is_set():
            if self._caught_up.is_set() and self._writers_first():
                self._wake.wait(self._quiet / 2)  # a read that waits for a write wakes it (so does stop)
                self._wake.clear()
                continue
            try:
                # A round of up to `project_slice` entries, in steps of `project_step`: between two
                # steps the log's lock is free for a writer or a reader waiting for it (each waits
                # for one step at most), and between rounds the check above runs again, so a burst
                # that outlasts the lag bound waits for one round, not a pass.
                handled = 0
                # The round's turns are embedded in one batch first, without the lock: the small
                # steps below then decide them as fast as one whole pass would.
                self.engine.prepare(self._slice)
                while handled < self._slice and not self._stop.is_set():
                    step = self.engine.flush(limit=self._step)
                    handled += step
                    if not step or not self.engine.pending():
                        break
                    self._publish(self.engine.projected())
                    if self._writing or self._reading:  # they take the lock before the next step
                        time.sleep(0.002)
                # Published also when nothing was left: a flush by another caller moves it too.
                self._publish(self.engine.projected())
                if handled or not self._caught_up.is_set():
                    self._dead_letters = self.engine.dead_letter_count()
                    if self.engine.pending():
                        continue
                self._caught_up.set()
            except MemstreamError as exc:  # e.g. closed under us at shutdown
                if self._stop.is_set():
                    return
                log.error("projecting the log failed: %s", exc)
            self._wake.wait(self._every if self._caught_up.is_set() else 0.5)
            self._wake.clear()

    @property
    def settings(self) -> Settings:
        return self.engine.settings

    def authenticate(self, token: str | None) -> KeyInfo:
        return self.keys.authenticate(token)

    async def forward(self, request: Request, tenant_id: str, user_id: str) -> Response | None:
        return None  # one process holds every subject

    async def call(self, tenant_id: str, user_id: str, fn: Callable[[MemoryEngine], T]) -> T:
        await self._sees_writes_of(tenant_id, user_id)
        self._reading += 1
        try:
            return await to_thread.run_sync(fn, self.engine, limiter=self._callers)
        finally:
            self._reading -= 1

    def _ingest(self, items: list[dict]) -> tuple[list[bool | MemstreamError], int]:
        """The outcomes, and the log's length once they are written (what a read of them waits for)."""
        outcomes = self.engine.ingest_each(items)
        return outcomes, self.engine.position()

    def _forget_projected_writes(self) -> None:
        """Drops the subjects whose writes are all projected (a read of them waits for nothing);
        the next pass comes when as many again are held, so ingest never pays it on every call."""
        done = self._projected_to
        self._written = {k: v for k, v in self._written.items() if v > done}
        self._tenant_written = {k: v for k, v in self._tenant_written.items() if v > done}
        self._forget_written_at = max(10_000, 2 * len(self._written))

    def _publish(self, projected: int) -> None:
        """From the projector thread: the view is projected up to `projected`; waiting reads go on."""
        self._projected_to = projected
        if self._readers_waiting and self._loop is not None:
            self._loop.call_soon_threadsafe(self._release)

    def _release(self) -> None:
        done = self._projected_to
        for need, future in self._waiters:
            if need <= done and not future.done():
                future.set_result(None)
        self._waiters = [w for w in self._waiters if not w[1].done()]

    async def _sees_writes_of(self, tenant_id: str, user_id: str) -> None:
        """Returns once the view holds every acknowledged write of the subject (`user_id` "-": of
        the tenant); at once when the engine catches up on every read itself."""
        if self.engine.settings.reads_catch_up:
            return
        if not self._caught_up.is_set():  # starting: the projector has not caught up once yet
            await to_thread.run_sync(self.engine.flush, limiter=self._callers)
            return
        need = self._tenant_written.get(tenant_id) if user_id == "-" else self._written.get((tenant_id, user_id))
        if need is None or need <= self._projected_to:
            return
        future = asyncio.get_running_loop().create_future()
        self._waiters.append((need, future))
        self._readers_waiting += 1
        self._wake.set()
        try:
            self._release()  # the projector may have published before this read registered
            await asyncio.wait_for(future, self._read_wait)
        except TimeoutError:  # the projector is slow or stuck: project what is left here
            await to_thread.run_sync(self.engine.flush, limiter=self._callers)
        finally:
            self._readers_waiting -= 1

    async def ingest(self, tenant_id: str, items: list[dict]) -> list[bool | MemstreamError]:
        with self._writes:
            self._writing += 1
        try:
            outcomes, logged = await to_thread.run_sync(self._ingest, items)
            for item, outcome in zip(items, outcomes):
                if not isinstance(outcome, MemstreamError):  # written now, or before and maybe not projected
                    self._written[(tenant_id, item.get("user_id"))] = logged
                    self._tenant_written[tenant_id] = logged
            if len(self._written) > self._forget_written_at:
                self._forget_projected_writes()
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
        if start > self.engine.position():  # past the log's end: never given out here
            raise InvalidCommandError("this cursor is past the end of this server's log (was the data directory "
                                      "restored from a copy?); resume from 0, the beginning")
        found, position = await to_thread.run_sync(
            lambda: self.engine.changes(start, tenant_id=tenant_id, user_id=user_id, limit=limit))
        return [(str(seq + 1), event) for seq, event in found], str(position)

    async def cursor_seal(self) -> CursorSeal:
        if self._seal is None:  # an app used without start() (it has no change stream then either)
            self._seal = CursorSeal(self.keys.cursor_secret())
        return self._seal

    def pending(self) -> int | None:
        if not self._caught_up.is_set():
            return None
        return self.engine.pending()

    def dead_letter_count(self) -> int:
        return self._dead_letters
