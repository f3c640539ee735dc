"""The durable local event log: append-only, one global order (so per-subject order too), in RocksDB.

Layout (raw bytes keys):
  e<seq:8 big-endian>            -> encoded event
  i<event_id>                    -> seq            (idempotency: an id is appended once)
  m<memory_id>\0<seq:8>          -> b""            (audit index: every event about one memory)
  k                              -> keys:8         (the key store's watermark at the last append)
An append is one synced write batch: either every event of it is on disk, or none is.

The watermark lets an open find a key store that lost its newest keys (a truncated WAL, an older
backup): every key an appended event needs was created below it. Reads check the order too: a seq
that skips one is a damaged log, never the end of it.
"""
from __future__ import annotations

import struct
from pathlib import Path
from typing import Iterator

from rocksdict import WriteBatch

from engine.errors import DamagedStoreError
from streams.rocks import Store, advice, open_db, write_options

_SEQ = struct.Struct(">Q")


class EventLog:
    def __init__(self, path: Path, *, sync: bool = True, read_only: bool = False, create: bool = True,
                 data_dir: Path | None = None):
        """create=False: the log must exist already (see streams.rocks.open_db)."""
        self.db: Store = open_db(path, read_only=read_only, create=create, store="log", data_dir=data_dir)
        self._write = write_options(sync)
        try:
            self._next_seq = self._find_next_seq()
        except BaseException:
            self.db.close()
            raise

    def damaged(self, problem: str) -> DamagedStoreError:
        return DamagedStoreError("log", self.db.path, problem, advice("log", self.db.data_dir))

    def _find_next_seq(self) -> int:
        it = self.db.iter()
        it.seek_for_prev(b"e\xff")
        if it.valid() and it.key().startswith(b"e"):
            return _SEQ.unpack(it.key()[1:9])[0] + 1
        return 0

    @property
    def next_seq(self) -> int:
        return self._next_seq

    def contains(self, event_id: str) -> bool:
        return self.db.get(b"i" + event_id.encode()) is not None

    def seq_of(self, event_id: str) -> int | None:
        raw = self.db.get(b"i" + event_id.encode())
        return _SEQ.unpack(raw)[0] if raw is not None else None

    def keys_watermark(self) -> int | None:
        """The key store's watermark recorded with the last append (None: never recorded)."""
        raw = self.db.get(b"k")
        return _SEQ.unpack(raw)[0] if raw else None

    def append(self, entries: list[tuple[str, bytes, list[str]]], *,
               keys_watermark: int | None = None) -> list[int | None]:
        """Appends (event_id, encoded, memory_ids) entries whose ids are new.

        Returns one item per entry: its seq, or None where the id was already in the log (a retried
        delivery) or repeated inside `entries`. `keys_watermark`: the key store's watermark after
        the keys these entries need were persisted, recorded in the same batch.
        """
        batch = WriteBatch(raw_mode=True)
        seqs: list[int | None] = []
        seen: set[str] = set()
        seq = self._next_seq
        for event_id, encoded, memory_ids in entries:
            if event_id in seen or self.contains(event_id):
                seqs.append(None)
                continue
            seen.add(event_id)
            seq_bytes = _SEQ.pack(seq)
            batch.put(b"e" + seq_bytes, encoded)
            batch.put(b"i" + event_id.encode(), seq_bytes)
            for memory_id in memory_ids:
                batch.put(b"m" + memory_id.encode() + b"\0" + seq_bytes, b"")
            seqs.append(seq)
            seq += 1
        if seq > self._next_seq:
            if keys_watermark is not None:
                batch.put(b"k", _SEQ.pack(keys_watermark))
            self.db.write(batch, self._write)
            self._next_seq = seq
        return seqs

    def read(self, from_seq: int = 0) -> Iterator[tuple[int, bytes]]:
        """Entries from `from_seq` in order. Raises DamagedStoreError where one is missing."""
        it = self.db.iter()
        it.seek(b"e" + _SEQ.pack(from_seq))
        expected = from_seq
        while it.valid():
            key = it.key()
            if not key.startswith(b"e"):
                break
            seq = _SEQ.unpack(key[1:9])[0]
            if seq != expected:
                raise self.damaged(f"entries {expected} to {seq - 1} are missing")
            yield seq, it.value()
            expected += 1
            it.next()

    def get(self, seq: int) -> bytes | None:
        return self.db.get(b"e" + _SEQ.pack(seq))

    def seqs_for_memory(self, memory_id: str) -> list[int]:
        prefix = b"m" + memory_id.encode() + b"\0"
        it = self.db.iter()
        it.seek(prefix)
        seqs = []
        while it.valid() and it.key().startswith(prefix):
            seqs.append(_SEQ.unpack(it.key()[len(prefix):])[0])
            it.next()
        return seqs

    def __len__(self) -> int:
        return self._next_seq

    def flush(self) -> None:
        self.db.flush(True)

    def close(self) -> None:
        self.db.close()
