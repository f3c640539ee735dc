"""The view and processor state on disk (RocksDB): records, session windows and summaries,
record embeddings, applied event ids and the processing offset. Content is sealed like the log's.

Layout (raw bytes keys; <sp> is the subject's length-prefixed id):
  o                      -> next log seq to process
  a<event_id>            -> b""                   applied marker (idempotency by event id; a replay
                                                  writes none: its view is never processed further)
  r<sp><memory_id>       -> sealed record JSON
  w<sp><session_id>      -> sealed session JSON (window turns and summary lines, per-turn keys)
  v<sp><memory_id>       -> sealed float16 embedding (the memory's key; float32 in older directories)
  d<seq:8>               -> dead letter: a log entry that could not be processed, and why
"""
from __future__ import annotations

import json
import struct
from datetime import datetime
from pathlib import Path
from typing import Iterator

import numpy as np
from rocksdict import WriteBatch

from engine.crypto import Sealer, subject_prefix
from engine.embedder import DIM
from engine.state import SessionState, SubjectState
from engine.state import SummaryItem, WindowTurn
from schemas.records import MemoryRecord
from streams.codec import SealedParts, mem_ref, open_record_in_place, sealed_record_json, turn_ref
from streams.rocks import Store, open_db, purge, write_options

_SEQ = struct.Struct(">Q")



def _sp(tenant_id: str, user_id: str) -> bytes:
    return subject_prefix(tenant_id, user_id).encode()


def _parse_sp(key: bytes, offset: int) -> tuple[str, str, int]:
    """Reads a length-prefixed subject id from key[offset:]; returns (tenant, user, end)."""
    text = key.decode()
    i = offset
    parts = []
    for _ in range(2):
        colon = text.index(":", i)
        n = int(text[i:colon])
        parts.append(text[colon + 1: colon + 1 + n])
        i = colon + 1 + n + 1  # skip the "/"
    return parts[0], parts[1], i


def _dt(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


class StateStore:
    def __init__(self, path: Path, sealer: Sealer, *, sync: bool = True, create: bool = True,
                 read_only: bool = False, data_dir: Path | None = None):
        """create=False: the store must exist already (see streams.rocks.open_db)."""
        self.db: Store = open_db(path, create=create, read_only=read_only, store="state", data_dir=data_dir)
        self.sealer = sealer
        self._write = write_options(sync)

    # -- offsets and idempotency ------------------------------------------------------------
    def offset(self) -> int:
        raw = self.db.get(b"o")
        return _SEQ.unpack(raw)[0] if raw else 0

    def applied(self, event_id: str) -> bool:
        return self.db.get(b"a" + event_id.encode()) is not None

    def dead_letter_at(self, seq: int) -> bool:
        return self.db.get(b"d" + _SEQ.pack(seq)) is not None

    def dead_letters(self) -> list[dict]:
        return [json.loads(raw) for _, raw in self._scan(b"d")]

    def resolve_dead_letters(self, event_ids: set[str], how: str, at: str) -> int:
        """Marks the unresolved dead letters of these entries resolved, in one write."""
        batch = WriteBatch(raw_mode=True)
        n = 0
        for key, raw in self._scan(b"d"):
            letter = json.loads(raw)
            if letter.get("event_id") in event_ids and "resolved" not in letter:
                letter.update(resolved=how, resolved_at=at)
                batch.put(key, json.dumps(letter).encode())
                n += 1
        if n:
            self.db.write(batch, self._write)
        return n

    # -- loading ----------------------------------------------------------------------------
    def subjects(self) -> Iterator[tuple[str, str]]:
        seen = set()
        for prefix in (b"r", b"w"):
            it = self.db.iter()
            it.seek(prefix)
            while it.valid() and it.key()[:1] == prefix:
                tenant, user, _ = _parse_sp(it.key(), 1)
                if (tenant, user) not in seen:
                    seen.add((tenant, user))
                    yield tenant, user
                    it.seek(prefix + _sp(tenant, user) + b"\xff")
                    continue
                it.next()

    def _scan(self, prefix: bytes) -> Iterator[tuple[bytes, bytes]]:
        it = self.db.iter()
        it.seek(prefix)
        while it.valid() and it.key().startswith(prefix):
            yield it.key(), it.value()
            it.next()

    def load_subject(self, tenant_id: str, user_id: str) -> SubjectState:
        sp = _sp(tenant_id, user_id)
        state = SubjectState(tenant_id, user_id)
        for _, raw in self._scan(b"r" + sp):
            record = open_record_in_place(self.sealer, MemoryRecord.model_validate_json(raw))
            state.records[record.memory_id] = record
            if record.expires_at is not None or record.fields.get("scope") == "session":
                state.expiring.add(record.memory_id)
        for _, raw in self._scan(b"w" + sp):
            d = json.loads(raw)
            session = self._open_session(tenant_id, user_id, d)
            state.sessions[session.session_id] = session
            if d.get("raw"):
                state.raw_turns[session.session_id] = {t: _dt(at) for t, at in d["raw"].items()}
        # The raw-turn index is whole only when it was kept from the subject's first turn on (a
        # directory written before it was kept reads its raw turns from the log: engine.retention).
        state.raw_turns_complete = self.db.get(b"c" + sp) is not None
        return state

    def load_vectors(self, tenant_id: str, user_id: str) -> dict[str, np.ndarray]:
        sp = _sp(tenant_id, user_id)
        out = {}
        for key, blob in self._scan(b"v" + sp):
            memory_id = key[1 + len(sp):].decode()
            raw = self.sealer.open_bytes(mem_ref(tenant_id, user_id, memory_id), blob)
            if raw is not None:
                # Two bytes a dimension; a directory written before may hold four.
                dtype = np.float32 if len(raw) == 4 * DIM else np.float16
                out[memory_id] = np.frombuffer(raw, dtype=dtype).astype(np.float16)
        return out

    # -- writing ----------------------------------------------------------------------------
    def _seal_session(self, tenant: str, user: str, s: SessionState, raw: dict) -> bytes:
        seal = self.sealer.seal_text
        return json.dumps({
            "session_id": s.session_id,
            "window": [[t.turn_id, t.role, seal(ref := turn_ref(tenant, user, s.session_id, t.turn_id), t.speaker),
                        seal(ref, t.text), t.tokens, t.occurred_at.isoformat()] for t in s.window],
            "summary": [[i.turn_id, i.kind, seal(turn_ref(tenant, user, s.session_id, i.turn_id), i.text),
                         i.importance, i.occurred_at.isoformat()] for i in s.summary],
            "summary_tokens": s.summary_tokens,
            "last_memory_ids": s.last_memory_ids,
            "last_cause": s.last_cause,
            "last_at": s.last_at.isoformat() if s.last_at else None,
            # ids and times of the session's raw turns whose keys live (no content): what retention reads
            "raw": {t: at.isoformat() for t, at in raw.items()},
        }, separators=(",", ":")).encode()

    def _open_session(self, tenant: str, user: str, d: dict) -> SessionState:
        open_ = self.sealer.open_text
        sid = d["session_id"]
        summary = []
        for turn_id, kind, text, importance, at in d["summary"]:
            plain = open_(turn_ref(tenant, user, sid, turn_id), text)
            if plain is not None:
                summary.append(SummaryItem(turn_id, kind, plain, importance, _dt(at)))
        return SessionState(
            session_id=d["session_id"],
            window=[WindowTurn(tid, role, open_(turn_ref(tenant, user, sid, tid), spk),
                               open_(turn_ref(tenant, user, sid, tid), text), tokens, _dt(at))
                    for tid, role, spk, text, tokens, at in d["window"]],
            summary=summary,
            summary_tokens=d["summary_tokens"],
            last_memory_ids=list(d["last_memory_ids"]),
            last_cause=d["last_cause"],
            last_at=_dt(d["last_at"]),
        )

    def commit(self, *, offset: int | None, applied: list[str],
               dirty: dict[tuple[str, str], tuple[set[str], set[str]]],
               states: dict[tuple[str, str], SubjectState],
               new_vectors: dict[tuple[str, str, str], np.ndarray],
               forgotten_subjects: list[tuple[str, str]], dead_letters: list[dict] = (),
               known: SealedParts | None = None) -> None:
        """One atomic write of everything a processing step changed.

        `dirty` maps a subject to (memory ids, session ids) touched; a dirty id that is no longer in
        the state is deleted (with its embedding). `known` holds records' sealed forms as read from
        the log: content that is the same is written in that form, not encrypted again.
        """
        batch = WriteBatch(raw_mode=True)
        for tenant, user in forgotten_subjects:
            sp = _sp(tenant, user)
            for prefix in (b"r", b"w", b"v", b"c"):
                batch.delete_range(prefix + sp, prefix + sp[:-1] + b"0")  # "/" + 1 == "0"
        for subject, (memory_ids, session_ids) in dirty.items():
            state = states.get(subject)
            if state is None:
                continue
            sp = _sp(*subject)
            for memory_id in memory_ids:
                rec = state.records.get(memory_id)
                if rec is None:
                    batch.delete(b"r" + sp + memory_id.encode())
                    batch.delete(b"v" + sp + memory_id.encode())
                else:
                    batch.put(b"r" + sp + memory_id.encode(), sealed_record_json(self.sealer, rec, known))
            for session_id in session_ids:
                session = state.sessions.get(session_id)
                if session is None:
                    batch.delete(b"w" + sp + session_id.encode())
                else:
                    batch.put(b"w" + sp + session_id.encode(),
                              self._seal_session(state.tenant_id, state.user_id, session,
                                                 state.raw_turns.get(session_id, {})))
            if state.raw_turns_complete:
                batch.put(b"c" + sp, b"")
        for (tenant, user, memory_id), vec in new_vectors.items():
            state = states.get((tenant, user))
            if state is not None and memory_id in state.records:
                batch.put(b"v" + _sp(tenant, user) + memory_id.encode(),
                          self.sealer.seal_bytes(mem_ref(tenant, user, memory_id),
                                                 vec.astype(np.float16).tobytes()))
        for event_id in applied:
            batch.put(b"a" + event_id.encode(), b"")
        for letter in dead_letters:
            batch.put(b"d" + _SEQ.pack(letter["seq"]), json.dumps(letter).encode())
        if offset is not None:
            batch.put(b"o", _SEQ.pack(offset))
        self.sealer.keys.persist()
        self.db.write(batch, self._write)

    def ingest(self, tables: list[Path], *, offset: int) -> None:
        """Takes the table files replay workers wrote (streams.replay_shards: their stores' content,
        subjects that do not overlap) and then records `offset`."""
        self.db.ingest(tables)
        batch = WriteBatch(raw_mode=True)
        batch.put(b"o", _SEQ.pack(offset))
        self.db.write(batch, self._write)

    def purge(self) -> None:
        purge(self.db)

    def close(self) -> None:
        self.db.close()
