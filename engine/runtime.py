"""The port between memstream's pure core and the runtimes that store and process its log.

The core (this package) decides and folds: it turns a subject's state and an input into events, and
events into state. A runtime keeps the log and the state somewhere (RocksDB in one process, Kafka
topics across workers), runs the core over each new log entry, and answers reads. `MemoryEngine`
drives any object that has this shape; which one is a setting (`runtime`), resolved by name when an
engine is opened, the way a persistence module is chosen by name in other event-sourced systems:

    "embedded"            -> streams.embedded.EmbeddedRuntime (the default)
    "package.module:Name" -> any other class with the same `open` and methods

The core never imports a runtime: names are resolved here, at open time, with importlib.
"""
from __future__ import annotations

import importlib
from pathlib import Path
from typing import Callable, ContextManager, Iterator, Protocol, Sequence, runtime_checkable

import numpy as np

from engine.embedder import Embedder
from engine.erasure import clear_caches as clear_erasure_caches
from engine.errors import InvalidSettingsError
from engine.meaning import clear_caches
from engine.tokens import forget_counts
from engine.processor import Deciders
from engine.recall import SubjectIndex
from engine.settings import Settings
from engine.state import SubjectState
from engine.textnorm import term_set
from schemas.events import Event

Subject = tuple[str, str]

#: Runtimes known by a short name.
NAMES = {"embedded": "streams.embedded:EmbeddedRuntime"}


@runtime_checkable
class Runtime(Protocol):
    """What the engine needs of a runtime. Writes happen under `lock`: read the state, decide, append,
    process, with no other writer in between (a transaction on one subject's state).

    Optional: `digest_parts()`, every subject's part of the view digest in (tenant, user) order,
    each a `SubjectState` or the bytes of its chunk already made (engine.digest.subject_chunk), for
    a runtime that can hand some without loading the subject again; `MemoryEngine.replay` uses it
    when present, else digests `state()` of every subject."""

    settings: Settings
    deciders: Deciders
    lock: ContextManager

    @property
    def embedder(self) -> Embedder: ...

    # -- the log -----------------------------------------------------------------------------------
    def append(self, events: Sequence[Event]) -> list[bool]:
        """Durably appends events, skipping ids already logged; one flag per event: was it new?"""

    def position(self) -> int:
        """How many entries the log holds (what makes a command without a request id unique). Read
        without the lock too (a server asks it after a write returned): a counter that only grows."""

    def pending(self) -> int:
        """Log entries not yet folded into the view."""

    def process(self, *, decide: bool = True, embed: bool = True,
                progress: Callable[[int], None] | None = None, limit: int | None = None) -> int:
        """Folds every new log entry into the view (deciding on turns unless `decide=False`), or the
        next `limit` entries (a server projects in slices, letting writers in between them).

        A turn is decided right after it is folded, and what it decides is appended and folded
        before the next entry. A turn whose decisions are already logged (events named
        `engine.ids.derive(turn.event_id, "0")`, `"1"`, ...: a remember command's, or a turn decided
        before a crash) has them folded right after it instead, and is not decided again."""

    def prepare(self, limit: int) -> int:
        """Does ahead, without the lock, what deciding the next `limit` appended turns can do
        before their turn (embedding their candidates in one batch); returns how many turns it
        prepared (0 where there is nothing to gain). Changes no decision."""

    def events(self, start: int = 0) -> Iterator[Event]:
        """The log's events from `start`, decoded (forgotten content reads as None)."""

    def logged_event(self, event_id: str) -> Event | None:
        """The logged event with this id, content opened (None when the log has no such id)."""

    def events_about(self, memory_id: str) -> Iterator[Event]:
        """Every logged event that names a memory, oldest first."""

    def key_watermark(self) -> int:
        """The key store's position: a subject forget destroys every key of the subject made before it."""

    # -- state and indexes -------------------------------------------------------------------------
    def state(self, tenant_id: str, user_id: str) -> SubjectState:
        """The subject's folded state (empty for a subject never seen)."""

    def subjects(self) -> list[Subject]:
        """Every subject with state, sorted."""

    def index(self, tenant_id: str, user_id: str) -> SubjectIndex:
        """The recall index over the subject's active records, current with its state."""

    def vectors(self, tenant_id: str, user_id: str, memory_ids: Sequence[str]) -> np.ndarray:
        """Embeddings of the subject's records, in the given order (any tier; made when missing)."""

    def dead_letters(self) -> list[dict]:
        """Log entries that could not be processed, with their reasons (and, once a turn's
        decisions were made again, how and when: `resolved`, `resolved_at`)."""

    def resolve_dead_letters(self, event_ids: set[str], how: str, at: str) -> int:
        """Marks the unresolved dead letters of these log entries resolved (`how`, at `at`); returns
        how many were."""

    # -- maintenance -------------------------------------------------------------------------------
    def compact(self) -> None:
        """Makes deleted and shredded bytes leave the files on disk."""

    def close(self) -> None: ...


class RuntimeFactory(Protocol):
    def open(self, data_dir: Path, settings: Settings, embedder: Callable[[], Embedder], *,
             deciders: Deciders, replay_from: Path | None = None) -> Runtime:
        """Opens (creating if needed) a runtime on `data_dir`. With `replay_from`, rebuilds a view in
        `data_dir` from another directory's log without writing to that directory."""


def resolve(name: str) -> RuntimeFactory:
    """The runtime class a `runtime` setting names."""
    target = NAMES.get(name, name)
    module_name, _, attr = target.partition(":")
    if not module_name or not attr:
        raise InvalidSettingsError(f"runtime {name!r} is neither one of {', '.join(NAMES)} nor 'module:Class'")
    try:
        factory = getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError) as exc:
        raise InvalidSettingsError(f"runtime {name!r} cannot be loaded: {exc}") from None
    if not callable(getattr(factory, "open", None)):
        raise InvalidSettingsError(f"runtime {name!r} has no open(data_dir, settings, embedder, ...)")
    return factory


def drop_forgotten_texts(embedder: Embedder | None, texts: Sequence[str], shredded: bool = False) -> None:
    """What every runtime does once content is forgotten: no process cache keeps it (the
    embedder's vectors by text, the term sets and the meaning rules' caches, all keyed by text).
    `shredded`: keys were destroyed, and the embedder lets go of every vector (decisions embed
    forms of a record's text, its statements and clauses, that its text alone does not name)."""
    if embedder is not None and shredded and hasattr(embedder, "forget_all"):
        embedder.forget_all()
    elif embedder is not None and hasattr(embedder, "forget_text"):
        for text in texts:
            embedder.forget_text(text)
    term_set.cache_clear()
    clear_caches()
    clear_erasure_caches()
    forget_counts()
