"""Per-subject data keys in their own RocksDB directory, apart from the log and the view.

Destroying keys deletes them and then compacts, so the key bytes leave the files on disk; from then on
the content they sealed is unreadable everywhere.

Every key is stored with the number of its creation (a counter that only grows). A subject's forget
records the counter at the moment it was requested, and destroys only the keys created before it: a
turn that arrives after the forget keeps its key even if the forget is processed later.
"""
from __future__ import annotations

import struct
from pathlib import Path

from rocksdict import Rdict, WriteBatch

from engine.crypto import KEY_BYTES, KeyRef, new_key, subject_prefix
from engine.errors import CorruptDataError
from streams.rocks import open_db, purge, write_options

_COUNTER_KEY = b"\x00counter"
_N = struct.Struct(">Q")


class RocksKeyStore:
    def __init__(self, path: Path, *, sync: bool = True, read_only: bool = False):
        """read_only: for replay. Keys are read; none is created, destroyed or written."""
        self.read_only = read_only
        self.db: Rdict = open_db(path, read_only=read_only)
        self._sync = write_options(sync)
        self._cache: dict[str, bytes] = {}
        self._unsaved: dict[str, bytes] = {}
        raw = self.db.get(_COUNTER_KEY)
        self._counter = _N.unpack(raw)[0] if raw else 0

    @property
    def watermark(self) -> int:
        """The creation number the next key will get: everything below it exists already."""
        return self._counter

    def get(self, ref: KeyRef) -> bytes | None:
        name = ref.storage_key()
        key = self._cache.get(name)
        if key is None:
            raw = self.db.get(name.encode())
            if raw is not None:
                key = raw[-KEY_BYTES:]
                self._cache[name] = key
        return key

    def get_or_create(self, ref: KeyRef) -> bytes:
        key = self.get(ref)
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
        self._unsaved.clear()

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
        purge(self.db)

    def destroy_subject(self, tenant_id: str, user_id: str, before: int | None = None) -> None:
        """Destroys the subject's keys created before `before` (all of them when None)."""
        if self.read_only:
            return
        self.persist()
        prefix = subject_prefix(tenant_id, user_id)
        start = prefix.encode()
        if before is None:
            end = start[:-1] + bytes([start[-1] + 1])
            self.db.delete_range(start, end, self._sync)
            doomed = [n for n in self._cache if n.startswith(prefix)]
        else:
            batch = WriteBatch(raw_mode=True)
            doomed = []
            it = self.db.iter()
            it.seek(start)
            while it.valid() and it.key().startswith(start):
                if _N.unpack(it.value()[:8])[0] < before:
                    batch.delete(it.key())
                    doomed.append(it.key().decode())
                it.next()
            self.db.write(batch, self._sync)
        for name in doomed:
            self._cache.pop(name, None)
        purge(self.db)

    def close(self) -> None:
        self.persist()
        self.db.close()
