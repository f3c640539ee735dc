"""The durable local event log: append-only, one global order (so per-subject order too), in RocksDB.

Layout (raw bytes keys):
  e<seq:8 big-endian>            -> encoded event
  i<event_id>                    -> seq            (idempotency: an id is appended once)
  m<memory_id>\0<seq:8>          -> b""            (audit index: every event about one memory)
An append is one synced write batch: either every event of it is on disk, or none is.
"""
from __future__ import annotations

import struct
from pathlib import Path
from typing import Iterator

from rocksdict import Rdict, WriteBatch

from streams.rocks import open_db, write_options

_SEQ = struct.Struct(">Q")


class EventLog:
    def __init__(self, path: Path, *, sync: bool = True, read_only: bool = False):
        self.db: Rdict = open_db(path, read_only=read_only)
        self._write = write_options(sync)
        self._next_seq = self._find_next_seq()

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

    def append(self, entries: list[tuple[str, bytes, list[str]]]) -> list[int | None]:
        """Appends (event_id, encoded, memory_ids) entries whose ids are new.

        Returns one item per entry: its seq, or None where the id was already in the log (a retried
        delivery) or repeated inside `entries`.
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
            self.db.write(batch, self._write)
            self._next_seq = seq
        return seqs

    def read(self, from_seq: int = 0) -> Iterator[tuple[int, bytes]]:
        it = self.db.iter()
        it.seek(b"e" + _SEQ.pack(from_seq))
        while it.valid():
            key = it.key()
            if not key.startswith(b"e"):
                break
            yield _SEQ.unpack(key[1:9])[0], it.value()
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
