"""Per-subject data keys in their own RocksDB directory, apart from the log and the view.

Destroying keys deletes them and then compacts, so the key bytes leave the files on disk; from then on
the content they sealed is unreadable everywhere.
"""
from __future__ import annotations

from pathlib import Path

from rocksdict import Rdict, WriteBatch

from engine.crypto import KeyRef, new_key, subject_prefix
from streams.rocks import open_db, purge, write_options


class RocksKeyStore:
    def __init__(self, path: Path, *, sync: bool = True):
        self.db: Rdict = open_db(path)
        self._sync = write_options(sync)
        self._cache: dict[str, bytes] = {}
        self._unsaved: dict[str, bytes] = {}

    def get(self, ref: KeyRef) -> bytes | None:
        name = ref.storage_key()
        key = self._cache.get(name)
        if key is None:
            key = self.db.get(name.encode())
            if key is not None:
                self._cache[name] = key
        return key

    def get_or_create(self, ref: KeyRef) -> bytes:
        key = self.get(ref)
        if key is None:
            key = new_key()
            name = ref.storage_key()
            self._cache[name] = key
            self._unsaved[name] = key
        return key

    def persist(self) -> None:
        """Writes new keys in one synced batch. Called before anything they sealed is written, so a
        crash never leaves sealed content without its key."""
        if not self._unsaved:
            return
        batch = WriteBatch(raw_mode=True)
        for name, key in self._unsaved.items():
            batch.put(name.encode(), key)
        self.db.write(batch, self._sync)
        self._unsaved.clear()

    def destroy(self, refs: list[KeyRef]) -> None:
        if not refs:
            return
        batch = WriteBatch(raw_mode=True)
        for ref in refs:
            name = ref.storage_key()
            self._cache.pop(name, None)
            self._unsaved.pop(name, None)
            batch.delete(name.encode())
        self.db.write(batch, self._sync)
        purge(self.db)

    def destroy_subject(self, tenant_id: str, user_id: str) -> None:
        prefix = subject_prefix(tenant_id, user_id)
        for table in (self._cache, self._unsaved):
            for name in [n for n in table if n.startswith(prefix)]:
                del table[name]
        start = prefix.encode()
        end = start[:-1] + bytes([start[-1] + 1])
        self.db.delete_range(start, end, self._sync)
        purge(self.db)

    def close(self) -> None:
        self.persist()
        self.db.close()
