"""Python's full garbage collections, paced for a process that holds a subject cache.

Each subject a cache loads leaves a few thousand objects alive (its records, their provenance, its
index), and each subject it lets go frees as many by reference count. CPython runs a full
collection whenever the objects that reached its oldest generation since the last one number a
quarter of those that survived it. With the cache turning over, that is every few dozen loads,
each walking every object the process holds with the interpreter lock held (0.1-0.5 s at a few
hundred thousand objects, about 0.9 s at a million and a half): a recall that meets one waits.

Records, states and indexes hold no reference cycles (tests/streams/test_collector.py), so they never
need a full collection to be freed. While an engine opened with `gc_full_every_s` is open, the
automatic full collections are held off and one is run when a subject's state is next read or
written after that many seconds have passed, so the cyclic garbage anything else in the process
makes is still freed, later. The younger generations are collected as before. The oldest
generation's threshold is given back when the last such engine closes, or is freed unclosed (the
runtime holds no reference cycle of its own, so dropping it frees it). Only the embedded runtime
paces (the Kafka workers run it); the in-memory reference runtime does not.
"""
from __future__ import annotations

import gc
import itertools
import threading
import time
import weakref
from typing import Callable

#: The oldest generation's threshold while held off: it is never reached.
HELD_OFF = 2**31 - 1

_lock = threading.Lock()
_holds = itertools.count()
_holders: dict[int, float] = {}  # one entry per open runtime that paces collections: its interval
_every = 0.0  # the shortest interval asked for; 0 while nobody asks
_saved_oldest: int | None = None  # the oldest generation's threshold before the first hold
_last_full = time.monotonic()


def hold_off(owner: object, every_s: float) -> Callable[[], object]:
    """`owner` (an open runtime) asks for full collections at most every `every_s` seconds; 0 or
    less asks nothing (Python's own policy). Returns its release: call it at close. It runs once,
    and by itself when an owner never closed is freed."""
    global _saved_oldest, _last_full, _every
    if every_s <= 0:
        return _nothing
    hold = next(_holds)
    with _lock:
        if not _holders:
            young0, young1, _saved_oldest = gc.get_threshold()
            _last_full = time.monotonic()
            gc.set_threshold(young0, young1, HELD_OFF)
        _holders[hold] = every_s
        _every = min(_holders.values())
    release = weakref.finalize(owner, _drop, hold)
    release.atexit = False
    return release


def _nothing() -> None:
    return None


def _drop(hold: int) -> None:
    global _saved_oldest, _every
    with _lock:
        if _holders.pop(hold, None) is None:
            return
        _every = min(_holders.values(), default=0.0)
        if _holders:
            return
        young0, young1, oldest = gc.get_threshold()
        if _saved_oldest is not None and oldest == HELD_OFF:  # unless someone set their own since
            gc.set_threshold(young0, young1, _saved_oldest)  # the young ones as they are now
        _saved_oldest = None


def _collecting() -> bool:
    """Whether Python collects on its own at all (not disabled, nor thresholds set to 0)."""
    return gc.isenabled() and gc.get_threshold()[0] > 0


def tick() -> bool:
    """Runs the full collection that is due, if one is (called on every read or write of a
    subject's state: cheap when none is); whether it ran."""
    global _last_full
    if not _every or time.monotonic() - _last_full < _every:
        return False
    with _lock:
        if not _every or time.monotonic() - _last_full < _every or not _collecting():
            return False
        _last_full = time.monotonic()  # another thread that gets here meanwhile does not collect too
    if _collecting():  # a bulk pass (engine.digest.collector_paused) may have begun meanwhile
        gc.collect()
    _last_full = time.monotonic()  # the interval counts from its end
    return True


def holding() -> bool:
    """Whether full collections are paced (some open runtime asked for it)."""
    return bool(_holders)
