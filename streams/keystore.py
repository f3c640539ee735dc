"""Per-subject data keys in their own RocksDB directory, apart from the log and the view.

Destroying keys deletes them and then compacts, so the key bytes leave the files on disk; from then on
the content they sealed is unreadable everywhere.

Every key is stored with the number of its creation (a counter that only grows). A subject's forget
records the counter at the moment it was requested, and destroys only the keys created before it: a
turn that arrives after the forget keeps its key even if the forget is processed later.
"""
from __future__ import annotations

import struct
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from rocksdict import WriteBatch

from engine.crypto import KEY_BYTES, KeyRef, new_key, subject_prefix
from engine.errors import CorruptDataError
from streams.rocks import Store, open_db, purge, write_options

_COUNTER_KEY = b"\x00counter"
#: Most keys held in memory as read: past it the cache starts again (keys not written yet stay). A
#: replay of a million records reads a million keys once each; kept, they cost about 230 MiB.
CACHED_KEYS = 100_000
_N = struct.Struct(">Q")

# Told of every key written (its stored value) or destroyed (None): how the Kafka runtime mirrors
# this store into its compacted keys topic.
KeyListener = Callable[[str, "bytes | None"], None]


def newest(watermark: int) -> str:
    """The newest key's creation number as a reader sees it, from a store's watermark."""
    return str(watermark - 1) if watermark > 0 else "none (it holds no key)"


class RocksKeyStore:
    def __init__(self, path: Path, *, sync: bool = True, read_only: bool = False, create: bool = True,
                 data_dir: Path | None = None):
        """read_only: for replay. Keys are read; none is created, destroyed or written.
        create=False: the store must exist already (see streams.rocks.open_db)."""
        self.read_only = read_only
        self.db: Store = open_db(path, read_only=read_only, create=create, store="keys", data_dir=data_dir)
        #: Told the storage name of every key asked for and not found (replay uses it to tell keys
        #: that a forget destroyed from keys that are lost).
        self.on_missing: Callable[[str], None] | None = None
        self._sync = write_options(sync)
        self._cache: dict[str, bytes] = {}
        self._unsaved: dict[str, bytes] = {}
        try:
            raw = self.db.get(_COUNTER_KEY)
        except BaseException:
            self.db.close()
            raise
        self._counter = _N.unpack(raw)[0] if raw else 0
        self.listener: KeyListener | None = None
        self._destruction_suspended = False

    @property
    def watermark(self) -> int:
        """The creation number the next key will get: everything below it exists already."""
        return self._counter

    def _lookup(self, name: str) -> bytes | None:
        key = self._cache.get(name)
        if key is None:
            raw = self.db.get(name.encode())
            if raw is not None:
                if len(raw) not in (KEY_BYTES, _N.size + KEY_BYTES):  # older stores kept no number
                    raise CorruptDataError(f"the key store holds {len(raw)} bytes for {name!r}: it was altered; "
                                           "restore the data directory (its log and keys together) from a backup")
                key = raw[-KEY_BYTES:]
                if len(self._cache) >= CACHED_KEYS:
                    self._cache = {n: v[-KEY_BYTES:] for n, v in self._unsaved.items()}
                self._cache[name] = key
        return key

    def get(self, ref: KeyRef) -> bytes | None:
        return self.get_named(ref.storage_key())

    def get_named(self, name: str) -> bytes | None:
        """`get` by the key's storage name (KeyRef.storage_key)."""
        key = self._lookup(name)
        if key is None and self.on_missing is not None:
            self.on_missing(name)
        return key

    def exists(self, name: str) -> bool:
        """Whether the key stored under `name` exists (without caching it)."""
        return name in self._cache or self.db.get(name.encode()) is not None

    def get_or_create(self, ref: KeyRef) -> bytes:
        key = self._lookup(ref.storage_key())
        if key is None:
            if self.read_only:
                raise CorruptDataError(f"no key for {ref.scope} {ref.name!r}, and this key store is read-only")
            key = new_key()
            name = ref.storage_key()
            self._cache[name] = key
            self._unsaved[name] = _N.pack(self._counter) + key
            self._counter += 1
        return key

    def persist(self) -> None:
        """Writes new keys in one synced batch. Called before anything they sealed is written, so a
        crash never leaves sealed content without its key."""
        if not self._unsaved or self.read_only:
            return
        batch = WriteBatch(raw_mode=True)
        for name, value in self._unsaved.items():
            batch.put(name.encode(), value)
        batch.put(_COUNTER_KEY, _N.pack(self._counter))
        self.db.write(batch, self._sync)
        if self.listener is not None:
            for name, value in self._unsaved.items():
                self.listener(name, value)
        self._unsaved.clear()

    def restore(self, changes: list[tuple[str, bytes | None]]) -> None:
        """Applies keys written or destroyed elsewhere (a changelog), in order, in one write.

        Creation numbers are kept, and the counter moves past them, so the keys this store creates
        next are numbered after every key it was handed.
        """
        if not changes:
            return
        batch = WriteBatch(raw_mode=True)
        for name, value in changes:
            self._cache.pop(name, None)
            self._unsaved.pop(name, None)
            if value is None:
                batch.delete(name.encode())
            else:
                if len(value) != _N.size + KEY_BYTES:
                    raise CorruptDataError(f"a restored key for {name!r} has {len(value)} bytes")
                batch.put(name.encode(), value)
                self._counter = max(self._counter, _N.unpack(value[:_N.size])[0] + 1)
        batch.put(_COUNTER_KEY, _N.pack(self._counter))
        self.db.write(batch, self._sync)

    def names(self) -> Iterator[str]:
        """The storage names of every key held."""
        it = self.db.iter()
        it.seek_to_first()
        while it.valid():
            if not it.key().startswith(b"\x00"):  # the counter and the directory's id are not keys
                yield it.key().decode()
            it.next()

    def purge(self) -> None:
        """Compacts, so destroyed keys leave the files on disk."""
        if not self.read_only:
            purge(self.db)

    @contextmanager
    def subject_destruction_suspended(self) -> Iterator[None]:
        """While restoring from a changelog that already holds every destruction: folding a restored
        subject forget must not destroy again, since its creation numbers (`before`) were counted by
        another store and would name the wrong keys here."""
        self._destruction_suspended = True
        try:
            yield
        finally:
            self._destruction_suspended = False

    def destroy(self, refs: list[KeyRef]) -> None:
        if not refs or self.read_only:
            return
        batch = WriteBatch(raw_mode=True)
        for ref in refs:
            name = ref.storage_key()
            self._cache.pop(name, None)
            self._unsaved.pop(name, None)
            batch.delete(name.encode())
        self.db.write(batch, self._sync)
        if self.listener is not None:
            for ref in refs:
                self.listener(ref.storage_key(), None)
        purge(self.db)

    def destroy_subject(self, tenant_id: str, user_id: str, before: int | None = None) -> None:
        """Destroys the subject's keys created before `before` (all of them when None)."""
        if self.read_only or self._destruction_suspended:
            return
        self.persist()
        prefix = subject_prefix(tenant_id, user_id)
        start = prefix.encode()
        batch = WriteBatch(raw_mode=True)
        doomed = []
        it = self.db.iter()
        it.seek(start)
        while it.valid() and it.key().startswith(start):
            if before is None or _N.unpack(it.value()[:8])[0] < before:
                batch.delete(it.key())
                doomed.append(it.key().decode())
            it.next()
        self.db.write(batch, self._sync)
        for name in doomed:
            self._cache.pop(name, None)
            if self.listener is not None:
                self.listener(name, None)
        purge(self.db)

    def close(self) -> None:
        self.persist()
        self.db.close()
