"""Python's full garbage collections, paced for a process that holds a subject cache.

Each subject a cache loads leaves a few thousand objects alive (its records, their provenance, its
index), and each subject it lets go frees as many by reference count. CPython runs a full
collection whenever the objects that reached its oldest generation since the last one number a
quarter of those that survived it. With the cache turning over, that is every few dozen loads,
each walking every object the process holds with the interpreter lock held (0.1-0.5 s at a few
hundred thousand objects, about 0.9 s at a million and a half): a recall that meets one waits.

Records, states and indexes hold no reference cycles (tests/engine/test_collector.py), so they never
need a full collection to be freed. While an engine opened with `gc_full_every_s` is open, the
automatic full collections are held off and one is run when a subject's state is next read after
that many seconds have passed, so the cyclic garbage anything else in the process makes is still
freed, later. The younger generations are collected as before. The
thresholds are given back when the last such engine closes.
"""
from __future__ import annotations

import gc
import threading
import time

#: The oldest generation's threshold while held off: it is never reached.
HELD_OFF = 2**31 - 1

_lock = threading.Lock()
_holders: dict[int, float] = {}  # id of each open runtime that paces collections -> its interval
_every = 0.0  # the shortest interval asked for; 0 while nobody asks
_saved: tuple[int, int, int] | None = None
_last_full = time.monotonic()


def hold_off(owner: object, every_s: float) -> None:
    """`owner` (an open runtime) asks for full collections at most every `every_s` seconds; 0 or
    less asks nothing (Python's own policy)."""
    global _saved, _last_full, _every
    if every_s <= 0:
        return
    with _lock:
        if not _holders:
            _saved = gc.get_threshold()
            _last_full = time.monotonic()
            gc.set_threshold(_saved[0], _saved[1], HELD_OFF)
        _holders[id(owner)] = every_s
        _every = min(_holders.values())


def release(owner: object) -> None:
    """`owner` closed: the thresholds come back when no open runtime paces collections."""
    global _saved, _every
    with _lock:
        if _holders.pop(id(owner), None) is None:
            return
        _every = min(_holders.values(), default=0.0)
        if _holders:
            return
        if _saved is not None and gc.get_threshold()[2] == HELD_OFF:  # unless someone set their own
            gc.set_threshold(*_saved)
        _saved = None


def tick() -> bool:
    """Runs the full collection that is due, if one is (called on every read of a subject's state:
    cheap when none is); whether it ran."""
    global _last_full
    if not _every or time.monotonic() - _last_full < _every:
        return False
    with _lock:
        if not _every or time.monotonic() - _last_full < _every or not gc.isenabled():
            return False
        _last_full = time.monotonic()  # another thread that gets here meanwhile does not collect too
    gc.collect()
    _last_full = time.monotonic()  # the interval counts from its end
    return True


def holding() -> bool:
    """Whether full collections are paced (some open runtime asked for it)."""
    return bool(_holders)
