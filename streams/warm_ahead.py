"""Warming up a pass's turns a chunk ahead of deciding them.

Deciding by meaning embeds each turn's candidates, and `engine.processor.warm_up` embeds them in
batches beforehand so that deciding finds them cached. Warmed all at once, a pass first waits for
every turn's texts and only then decides; warmed a chunk ahead, on a thread of its own, the model
embeds the next chunk (ONNX Runtime and torch release the GIL while they run) while deciding, which
is Python, works through this one: the two share the cores instead of taking turns.

Only the timing changes: a chunk is merged before the first of its turns is decided, each text's
vector is the same whichever call embeds it, and a warm-up that fails is only a cache missed
(deciding reads and embeds what it needs itself).
"""
from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Callable, Sequence

from schemas.events import Event

#: Turns a chunk: small enough that deciding starts soon, large enough that a batch keeps the
#: embedder's workers busy.
CHUNK = 32

Warm = Callable[[list[Event]], dict[str, list]]


class WarmAhead:
    """Warms `events` ((seq, event), in seq order) chunk by chunk on one background thread.
    `reach(seq)` before deciding the entry at `seq` returns what was read of every chunk up to the
    one holding it (and starts warming the chunk after it); `close()` waits for the thread."""

    def __init__(self, events: Sequence[tuple[int, Event]], warm: Warm, chunk: int | None = None):
        chunk = chunk or CHUNK
        self._chunks = [list(events[i:i + chunk]) for i in range(0, len(events), chunk)]
        self._warm = warm
        self._next = 0  # the chunk whose reading is merged next
        self._pool: ThreadPoolExecutor | None = None
        self._future: Future | None = None
        if self._chunks:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix="memstream-warm")
            self._start(0)

    def _start(self, k: int) -> None:
        self._future = None
        if k < len(self._chunks) and self._pool is not None:
            try:
                self._future = self._pool.submit(self._warm_chunk, self._chunks[k])
            except RuntimeError:  # no thread can start (the interpreter is shutting down): warm nothing
                pass

    def _warm_chunk(self, chunk: list[tuple[int, Event]]) -> dict[str, list]:
        try:
            return self._warm([e for _, e in chunk])
        except Exception:
            return {}  # only a cache: deciding reads and embeds what it needs itself

    def reach(self, seq: int) -> dict[str, list]:
        read: dict[str, list] = {}
        while self._next < len(self._chunks) and self._chunks[self._next][0][0] <= seq:
            if self._future is not None:
                read.update(self._future.result())
            self._next += 1
            self._start(self._next)
        return read

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
            self._future = None
