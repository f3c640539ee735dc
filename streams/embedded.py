"""The embedded runtime: one process, no services. A durable local log, the processor and the
projector run in this process; state lives in RocksDB next to the log, keys in their own store.

Processing follows the Kafka Streams model on one machine: read the log from the committed offset,
fold each event into its subject's state (skipping ids already applied), let the processor decide on
each turn, append what it decides to the log, and commit state, applied ids and the offset in one
atomic write. A crash anywhere replays from the committed offset to the same state.
"""
from __future__ import annotations

import json
import threading
import weakref
from contextlib import nullcontext
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

import numpy as np

from engine.cores import usable_cores
from engine.crypto import KeyRef, Sealer
from engine.digest import collector_paused
from streams import collector
from engine.embedder import Embedder
from engine.meaning import Meaning
from engine.errors import DamagedStoreError, DataDirError, LostKeysError, error_place
from engine.ids import derive
from engine.processor import RULES, warm_up, OFFLINE, Deciders, decide_turn
from engine.projector import apply
from engine.recall import SubjectIndex, indexed, recallable
from engine.runtime import drop_forgotten_texts
from engine.settings import Settings
from engine.state import SubjectState
from schemas.events import Event
from streams import datadir
from streams.codec import KeyNeeds, decode_event, encode_event, memory_ids_of
from streams.keystore import RocksKeyStore, newest as _newest
from streams import replay_shards
from streams.kept_chunks import KeptChunks
from streams.log import EventLog
from streams.rocks import advice
from streams.statestore import StateStore
from streams.subject_cache import Entry, SubjectCache
from streams.warm_ahead import WarmAhead

Subject = tuple[str, str]
COMMIT_EVERY = 2_000
#: Appended events kept as objects until processed (not read back and decrypted): at most this
#: many, so a backlog that a server's projector has not reached yet costs no unbounded memory.
PENDING_MAX = 4_096
#: How many of the log's newest entries an open checks the key store against.
TAIL_CHECKED = 256


class _Poison(Exception):
    """A log entry that the projector cannot fold in: processing sets it aside and goes on."""

    def __init__(self, seq: int, event_id: str, reason: str):
        super().__init__(reason)
        self.seq, self.event_id, self.reason = seq, event_id, reason


#: Errors of the stores themselves: they stop processing (typed), never become dead letters.
_STORAGE_ERRORS = (DamagedStoreError, DataDirError)


def _reason(stage: str, exc: BaseException) -> str:
    """Why an entry was dead-lettered (engine.errors.error_place: never the error's message)."""
    return f"{stage}: {error_place(exc)}"


@dataclass
class _Step:
    """What a processing step changed, until it is committed."""

    applied: list[str] = field(default_factory=list)
    applied_set: set[str] = field(default_factory=set)
    dirty: dict[Subject, tuple[set[str], set[str]]] = field(default_factory=dict)
    destroy: list[KeyRef] = field(default_factory=list)
    forgotten_subjects: list[tuple[str, str, int | None]] = field(default_factory=list)
    new_vectors: dict[tuple[str, str, str], np.ndarray] = field(default_factory=dict)
    derived: list[Event] = field(default_factory=list)
    dead_letters: list[dict] = field(default_factory=list)
    dropped_texts: list[str] = field(default_factory=list)
    known: dict = field(default_factory=dict)  # records' sealed forms as read (streams.codec.SealedParts)
    grown: set[Subject] = field(default_factory=set)  # subjects whose size changed (use changes none)

    def touch(self, subject: Subject, memory_ids: Iterable[str] = (), session_ids: Iterable[str] = ()) -> None:
        mems, sessions = self.dirty.setdefault(subject, (set(), set()))
        mems.update(memory_ids)
        sessions.update(session_ids)


def _reported_beyond(progress: Callable[[int], None], already: int) -> Callable[[int], None]:
    """`progress`, told only of entries beyond the first `already` (reported once before)."""
    left = already

    def report(n: int) -> None:
        nonlocal left
        if left:
            taken = min(left, n)
            left -= taken
            n -= taken
        if n:
            progress(n)

    return report


class EmbeddedRuntime:
    """engine.runtime.Runtime on one machine: the log, keys and state in RocksDB under `data_dir`."""

    @classmethod
    def open(cls, data_dir: Path, settings: Settings, embedder: Callable[[], Embedder], *,
             deciders: Deciders = OFFLINE, replay_from: Path | None = None) -> "EmbeddedRuntime":
        if replay_from is None:
            return cls(data_dir, settings, embedder, deciders=deciders)
        source = Path(replay_from)
        layout = datadir.inspect(source)
        if layout.new or "log" not in layout.stores:
            raise DataDirError(f"{source} holds no memstream log")
        target = Path(data_dir)
        try:
            if target.exists() and (not target.is_dir() or any(target.iterdir())):
                raise DataDirError(f"replay target {target} is " + ("a file" if not target.is_dir() else "not empty")
                                   + "; give a new directory")
        except OSError as exc:
            raise DataDirError(f"cannot use replay target {target}: {exc.strerror or exc}") from None
        return cls(target, settings, embedder, log_dir=source / "log", keys_dir=source / "keys",
                   replay=True, deciders=deciders)

    @staticmethod
    def doctor(data_dir: Path) -> list:
        """Checks a data directory end to end without writing to it; returns the findings
        (streams.doctor.Finding: store, problem, advice), empty for a healthy directory."""
        from streams.doctor import check

        return check(Path(data_dir))

    @staticmethod
    def rebuild_state(data_dir: Path) -> Path | None:
        """Sets the directory's state store aside (as state.damaged-<time>) and creates an empty one,
        which the next open rebuilds from the log and keys; returns where the old state went."""
        from streams.doctor import rebuild_state

        return rebuild_state(Path(data_dir))

    def __init__(self, data_dir: Path, settings: Settings, embedder: Callable[[], Embedder],
                 *, log_dir: Path | None = None, keys_dir: Path | None = None, replay: bool = False,
                 deciders: Deciders = OFFLINE, shard: tuple[int, int] | None = None):
        """replay: rebuild a view from another directory's log and keys without writing to either.
        deciders: what the processor asks to read turns and summarize windows (offline by default).
        shard: (i, n), a replay worker's: only the subjects of shard i of n are folded
        (streams.replay_shards).

        A new directory gets its stores and then its manifest (streams.datadir); an existing one's
        stores are opened, never created, and checked against each other (see `_cross_check`)."""
        self.data_dir = Path(data_dir)
        layout = datadir.inspect(self.data_dir)
        if not replay and log_dir is None and not layout.new and "log" not in layout.stores:
            raise DataDirError(f"{self.data_dir} holds a view replayed from another directory's log, and no log "
                               "of its own: open the directory it was replayed from")
        if replay and not layout.new:
            raise DataDirError(f"replay target {self.data_dir} is not empty; give a new directory")
        create = layout.new
        if create:
            datadir.write_format(self.data_dir)
        self.settings = settings
        if deciders.meaning is None and settings.decide_by_meaning:
            # A weak reference: the runtime must not hold itself in a cycle, or an engine dropped
            # without close() would wait for a full garbage collection to be freed (streams.collector).
            me = weakref.ref(self)
            deciders = replace(deciders, meaning=Meaning(lambda: me().embedder))
        self.deciders = deciders
        self._embedder_factory = embedder
        self._embedder: Embedder | None = None
        source_dir = Path(log_dir).parent if log_dir is not None else self.data_dir
        source_layout = datadir.inspect(source_dir) if log_dir is not None else layout
        opened = []
        try:
            self.keys = RocksKeyStore(keys_dir or self.data_dir / "keys", sync=settings.sync_writes, read_only=replay,
                                      create=create and keys_dir is None, data_dir=source_dir)
            opened.append(self.keys)
            self.sealer = Sealer(self.keys)
            self.log = EventLog(log_dir or self.data_dir / "log", sync=settings.sync_writes, read_only=replay,
                                create=create and log_dir is None, data_dir=source_dir)
            opened.append(self.log)
            self.store = StateStore(self.data_dir / "state", self.sealer, sync=settings.sync_writes, create=create,
                                    data_dir=self.data_dir)
            opened.append(self.store)
            # Every store must be the directory's own (each carries the id it was created with).
            if log_dir is not None:  # a replay reads another directory's log and keys
                datadir.check_identity({"log": self.log.db, "keys": self.keys.db}, source_layout.data_id)
            if create:
                data_id = datadir.new_id()
            else:
                data_id = datadir.check_identity({"log": self.log.db, "keys": self.keys.db, "state": self.store.db},
                                                 layout.data_id)
            self._cross_check(replay)
            if create:
                # Stamped once every store exists, before the manifest that names the id.
                for store in (self.store,) if replay else (self.keys, self.log, self.store):
                    store.db.stamp(data_id)
                datadir.write_manifest(self.data_dir, ("state",) if replay else datadir.STORES,
                                       replayed_from=source_dir if replay else None, data_id=data_id)
            elif layout.adopt or layout.data_id is None:
                # A directory from before ids (or before manifests) that passed every check: adopted.
                data_id = data_id or datadir.new_id()
                for store in (self.keys, self.log, self.store):
                    if store.db.identity() is None:
                        store.db.stamp(data_id)
                datadir.write_manifest(self.data_dir, datadir.STORES if layout.adopt else layout.stores,
                                       layout.replayed_from or None, data_id=data_id, created_at=layout.created_at)
        except BaseException:
            for store in reversed(opened):
                try:
                    store.db.close()
                except Exception:
                    pass
            raise
        self.data_id = data_id
        self._replay = replay
        self._shard = shard
        # A replay folded by worker processes: where they wrote, and their digest chunk files.
        self._shards_dir: Path | None = None
        self._shard_chunks: list[Path] | None = None
        #: How many processes folded this runtime's replay: 1, or the worker processes it was split over.
        self.replayed_by = 1
        self.lock = threading.RLock()
        # A replay holds the collector off altogether while it folds (engine.digest.collector_paused).
        self._release_collector = collector.hold_off(self, 0 if replay else settings.gc_full_every_s)
        self.cache = SubjectCache(settings.subject_cache_subjects, settings.subject_cache_mb * 1024 * 1024)
        # A replay keeps the digest chunk of each subject its cache lets go (streams.kept_chunks).
        self._kept: KeptChunks | None = None
        if replay:
            self._kept = KeptChunks(self.data_dir)
            self.cache.on_evict = lambda subject, entry: self._kept.keep(subject, entry.state)
        self._stepping = False  # inside a processing step: subjects hold uncommitted changes
        self._pending: dict[int, Event] = {}  # by seq, in seq order: appended here, not processed yet
        self._read: dict[str, list] = {}  # what warm_up read of pending turns, by event id
        self._warmed_to = 0  # pending turns below this seq have been warmed up (prepare, _process)
        # Replay tells keys that are lost from keys a forget destroyed (see `_check_lost_keys`).
        self._seq_now = 0
        # needed: only the keys found missing, by the first seq whose content needed them
        self._needs = KeyNeeds()
        if replay:
            self.keys.on_missing = lambda name: self._needs.needed.setdefault(name, self._seq_now)

    def _cross_check(self, replay: bool) -> None:
        """What one store says about another: the log's record of the keys its entries needed, and
        the state's offset in the log. A store that lost its newest writes (a truncated WAL, a file
        restored from an older backup) is found here, at open, not by a read that comes back empty."""
        needed = self.log.keys_watermark()
        if needed is not None and self.keys.watermark < needed:
            raise DamagedStoreError(
                "keys", self.keys.db.path,
                f"the log's entries need keys numbered up to {needed - 1}, but the key store's newest is "
                f"{_newest(self.keys.watermark)}: its newest {needed - self.keys.watermark} key(s) are gone",
                advice("keys", self.keys.db.data_dir))
        if replay:
            return
        offset, end = self.store.offset(), self.log.next_seq
        if offset > end:
            if end > 0 and not self._state_folded(end - 1):
                raise self._foreign_state(f"the state has processed {offset} log entries, but not this log's "
                                          f"last one (entry {end - 1})")
            raise DamagedStoreError(
                "log", self.log.db.path,
                f"the state has processed {offset} log entries, but the log holds only "
                f"{end}: the log lost its newest entries",
                advice("log", self.data_dir))
        if offset > 0 and not self._state_folded(offset - 1):
            raise self._foreign_state(f"the state says it processed the log up to entry {offset - 1}, but it never "
                                      "folded that entry")
        self._check_tail_keys(end)

    def _state_folded(self, seq: int) -> bool:
        """Whether the state store folded log entry `seq` in (its event id is marked applied) or set
        it aside as a dead letter: a state store from another directory has neither."""
        raw = self.log.get(seq)
        if raw is not None:
            try:
                event_id = json.loads(raw).get("event_id")
            except (ValueError, AttributeError):
                event_id = None
            if isinstance(event_id, str) and self.store.applied(event_id):
                return True
        return self.store.dead_letter_at(seq)

    def _foreign_state(self, problem: str) -> DamagedStoreError:
        return DamagedStoreError("state", self.store.db.path,
                                 f"{problem}: it was made from another log (a state store from another "
                                 "directory or another time)", advice("state", self.data_dir))

    def _check_tail_keys(self, end: int) -> None:
        """The keys the log's newest entries need (a cheap sample of doctor's full check): one that
        is gone although no event after it destroyed it means a key store that lost keys, or another
        directory's key store."""
        needs = KeyNeeds()
        for seq, raw in self.log.read(max(0, end - TAIL_CHECKED)):
            try:
                needs.add(seq, json.loads(raw))
            except Exception:
                continue  # a malformed entry becomes a dead letter when it is processed
        lost = needs.lost(self.keys.exists)
        if lost:
            raise LostKeysError(self.keys.db.path, lost, advice("keys", self.keys.db.data_dir))

    # -- state access ----------------------------------------------------------------------------
    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            self._embedder = self._embedder_factory()
        return self._embedder

    def _entry(self, subject: Subject) -> Entry:
        collector.tick()  # a full garbage collection, when one is due (streams.collector)
        entry = self.cache.get(subject)
        if entry is None:
            entry = Entry(self.store.load_subject(*subject))
            if self._replay and not self._stepping:
                # Once a replay has folded the log, each subject is read once, in order (the view
                # digest): one that is not cached is read for its caller and not kept, so those the
                # fold left in the cache are still there when their turn comes.
                return entry
            if self._kept is not None:
                self._kept.drop(subject)  # back in the cache: the log may change it again
            self.cache.put(subject, entry)
            if not self._stepping:
                self.cache.evict(keep=subject)
        return entry

    def state(self, tenant_id: str, user_id: str) -> SubjectState:
        return self._entry((tenant_id, user_id)).state

    def _vectors(self, subject: Subject) -> dict[str, np.ndarray]:
        entry = self._entry(subject)
        if entry.vectors is None:
            entry.vectors = self.store.load_vectors(*subject)
            self.cache.resize(subject)
        return entry.vectors

    def subjects(self) -> list[Subject]:
        found = set(self.store.subjects()) | {s for s, e in self.cache.items() if e.state.records or e.state.sessions}
        return sorted(found)

    def digest_parts(self) -> Iterator[SubjectState | bytes]:
        """Every subject's part of the view digest, in (tenant, user) order, for
        engine.digest.view_digest(..., ordered=True): the chunk kept when a replay's cache let the
        subject go, else its state (from the cache, or read from the state store); after a replay
        folded by worker processes, the chunks they made."""
        if self._shard_chunks is not None:
            yield from replay_shards.merged_chunks(self._shard_chunks)
            return
        for _, part in self.digest_parts_by_subject():
            yield part

    def digest_parts_by_subject(self) -> Iterator[tuple[Subject, SubjectState | bytes]]:
        kept = self._kept
        for subject in self.subjects():
            chunk = kept.get(subject) if kept is not None else None
            yield subject, chunk if chunk is not None else self.state(*subject)

    def position(self) -> int:
        return self.log.next_seq

    def pending(self) -> int:
        return max(0, self.log.next_seq - self.store.offset())

    def events(self, start: int = 0) -> Iterator[Event]:
        for _, raw in self.log.read(start):
            yield decode_event(raw, self.sealer)

    def logged_event(self, event_id: str) -> Event | None:
        """The logged event with this id, content opened (None when the log has no such id)."""
        seq = self.log.seq_of(event_id)
        if seq is None:
            return None
        raw = self.log.get(seq)
        return decode_event(raw, self.sealer) if raw is not None else None

    def events_about(self, memory_id: str) -> Iterator[Event]:
        for seq in self.log.seqs_for_memory(memory_id):
            yield decode_event(self.log.get(seq), self.sealer)

    def key_watermark(self) -> int:
        return self.keys.watermark

    def dead_letters(self) -> list[dict]:
        return self.store.dead_letters()

    def resolve_dead_letters(self, event_ids: set[str], how: str, at: str) -> int:
        with self.lock:
            return self.store.resolve_dead_letters(event_ids, how, at)

    # -- writing ---------------------------------------------------------------------------------
    def append(self, events: list[Event]) -> list[bool]:
        """Durably appends events; ids already in the log are skipped. One flag per event: was it new?

        An event whose id is already logged is not even encoded: encoding could create a key for
        content that was forgotten (a re-delivered turn must not bring its key back).
        """
        unique = {e.event_id: e for e in reversed(events)}  # the first of repeated ids wins
        fresh = [e for e in events if unique.get(e.event_id) is e and not self.log.contains(e.event_id)]
        entries = [(e.event_id, encode_event(e, self.sealer), memory_ids_of(e)) for e in fresh]
        self.keys.persist()
        seqs = self.log.append(entries, keys_watermark=None if self.keys.read_only else self.keys.watermark)
        new_ids = set()
        # Keep the objects for the processor: no need to read back and decrypt what we just wrote.
        for seq, event in zip(seqs, fresh):
            if seq is not None:
                if len(self._pending) < PENDING_MAX:
                    self._pending[seq] = event
                new_ids.add(event.event_id)
        flags = []
        for e in events:
            flags.append(e.event_id in new_ids)
            new_ids.discard(e.event_id)
        return flags

    # -- processing ------------------------------------------------------------------------------
    def _is_applied(self, event_id: str, step: _Step) -> bool:
        # A replay builds a new state store: nothing in it was applied before this process.
        return event_id in step.applied_set or (not self._replay and self.store.applied(event_id))

    def _apply(self, event: Event, step: _Step) -> None:
        subject = (event.tenant_id, event.user_id)
        entry = self._entry(subject)
        state = entry.state
        p = event.payload
        if p.type == "subject_forgotten":
            step.dropped_texts.extend(r.text for r in state.records.values() if r.text)
            apply(state, event)
            step.forgotten_subjects.append((*subject, p.keys_before))
            if self._replay:
                self._needs.forgets.setdefault(subject, []).append(self._seq_now)
            step.dirty.pop(subject, None)
            entry.vectors, entry.index = {}, None
            entry.stale.clear()
            step.grown.add(subject)
        else:
            removing = p.type in ("memory_expired", "memory_forgotten", "memories_merged")
            memory_ids = memory_ids_of(event)
            if removing:
                step.dropped_texts.extend(
                    r.text for m in memory_ids if (r := state.records.get(m)) is not None and r.text
                )
            destroy = apply(state, event)
            if destroy:
                step.destroy.extend(destroy)
                if self._replay:
                    self._needs.destroyed.update(ref.storage_key() for ref in destroy)
            session_id = event.session_id
            if session_id is None and p.type in ("turn_received", "window_compacted", "turns_expired"):
                session_id = ""  # the projector keeps a turn of no session (a remember's) in session ""
            sessions = [session_id] if session_id is not None else []
            if removing:
                # Any session may have named the removed memory as its latest ("forget that").
                sessions = list(state.sessions)
                vecs = self._vectors(subject)
                for memory_id in memory_ids:
                    if memory_id not in state.records:
                        vecs.pop(memory_id, None)
            if p.type != "memory_reinforced":  # use moves no index: the keep score reads the record
                entry.stale.update(memory_ids)
                step.grown.add(subject)
            step.touch(subject, memory_ids, sessions)
        step.applied.append(event.event_id)
        step.applied_set.add(event.event_id)

    def _commit(self, step: _Step, offset: int | None) -> None:
        """offset None: everything in the log, including what this step appends, is applied."""
        # Derived events reach the log (one synced batch) before the state that folded them in.
        if step.derived:
            self.append(step.derived)
        # Keys are destroyed before the state and offset that record the forget are committed: a
        # crash in between replays the forget, and destroying a key twice is harmless. The other
        # order could commit the forget and lose the destruction.
        for tenant, user, before in step.forgotten_subjects:
            self.keys.destroy_subject(tenant, user, before)
        self.keys.destroy(step.destroy)
        if step.dropped_texts or step.destroy or step.forgotten_subjects:  # content left, or became unreadable
            drop_forgotten_texts(self._embedder, step.dropped_texts,
                                 shredded=bool(step.destroy or step.forgotten_subjects))
        self.store.commit(
            offset=self.log.next_seq if offset is None else offset,
            # A replayed view is never processed further (opening it is refused): it needs no
            # applied markers, which would be half the keys a replay writes.
            applied=[] if self._replay else step.applied,
            dirty=step.dirty,
            states={s: e.state for s in step.dirty if (e := self.cache.get(s)) is not None},
            new_vectors=step.new_vectors,
            forgotten_subjects=[(t, u) for t, u, _ in step.forgotten_subjects],
            dead_letters=step.dead_letters,
            known=step.known,
        )

    def process(self, *, decide: bool = True, embed: bool = True, progress: Callable[[int], None] | None = None,
                limit: int | None = None) -> int:
        """Brings state up to the end of the log (or `limit` entries further); returns the number of
        log entries handled.

        With decide=False (replay) turns are only folded: their derived events are already in the log.
        An entry that cannot be folded in is set aside as a dead letter; the rest goes on.
        """
        with self.lock, (collector_paused() if self._replay else nullcontext()):
            if limit is None:
                sharded, progress = self._process_in_shards(progress)
                if sharded is not None:
                    return sharded
            handled = 0
            stop = None if limit is None else min(self.log.next_seq, self.store.offset() + max(1, limit))
            while True:
                try:
                    handled += self._process(decide, embed, progress, stop_at=stop)
                    if self._replay:
                        self._check_lost_keys()
                    return handled
                except _Poison as poison:
                    self._forget_uncommitted()
                    # Commit everything before the poisoned entry, then set it aside.
                    try:
                        handled += self._process(decide, embed, progress, stop_at=poison.seq)
                    except BaseException:
                        self._forget_uncommitted()
                        raise
                    self.store.commit(offset=poison.seq + 1, applied=[] if self._replay else [poison.event_id],
                                      dirty={}, states={},
                                      new_vectors={}, forgotten_subjects=[],
                                      dead_letters=[{"seq": poison.seq, "event_id": poison.event_id,
                                                     "reason": poison.reason}])
                    handled += 1
                except BaseException:
                    self._forget_uncommitted()
                    raise

    def _replay_workers(self) -> int:
        if (not self._replay or self._shard is not None or self.settings.replay_workers == 1
                or self.store.offset() != 0 or self.log.next_seq < self.settings.replay_workers_from):
            return 1
        return self.settings.replay_workers or min(4, usable_cores())

    def _process_in_shards(self, progress: Callable[[int], None] | None
                           ) -> tuple[int | None, Callable[[int], None] | None]:
        """A replay of a long log, folded by worker processes (streams.replay_shards). Returns the
        entries handled, or None when it is not split or a worker did not finish cleanly (nothing
        was written here then: the caller folds in this process), and the progress callback for
        that fold, which goes on from what the workers reported."""
        workers = self._replay_workers()
        if workers < 2:
            return None, progress
        reported = 0

        def counted(n: int) -> None:
            nonlocal reported
            reported += n
            if progress is not None:
                progress(n)
        end = self.log.next_seq
        # Each worker holds a share of the subject cache's bounds: together they hold what one would.
        settings = self.settings.model_copy(update={
            "subject_cache_subjects": max(1, self.settings.subject_cache_subjects // workers),
            "subject_cache_mb": max(16, self.settings.subject_cache_mb // workers)})
        workdir = replay_shards.new_workdir(self.data_dir)
        try:
            # The settings go to the workers in a file: never the LLM's key (a replay asks no model).
            done = replay_shards.run(self.log.db.path.parent, settings.model_dump_json(exclude={"llm_api_key"}),
                                     end, workers, workdir, counted)
            if done is None:
                replay_shards.remove_workdir(workdir)
                return None, (_reported_beyond(progress, reported) if reported and progress is not None else progress)
            self.store.ingest(done.tables, offset=end)
        except BaseException:
            replay_shards.remove_workdir(workdir)
            raise
        self._shards_dir, self._shard_chunks = workdir, done.chunks
        self.replayed_by = workers
        return done.handled, progress

    def _check_lost_keys(self) -> None:
        """After a replay read the whole log: a key that some content needed and that is gone,
        although no event destroyed it (a forget, an expiry, a merge, a subject forget logged after
        the content), is lost, not forgotten."""
        lost = self._needs.lost(lambda name: False)  # every key it holds was found missing
        if lost:
            raise LostKeysError(self.keys.db.path, lost, advice("keys", self.keys.db.data_dir))

    def _forget_uncommitted(self) -> None:
        """Whatever a step folded in memory but did not commit must not survive: reload from the
        store on next use, which holds exactly the committed state."""
        self._stepping = False
        self.cache.clear()
        self._pending.clear()
        self._read = {}

    def _process(self, decide: bool, embed: bool, progress: Callable[[int], None] | None,
                 stop_at: int | None = None) -> int:
        offset = self.store.offset()
        end = self.log.next_seq if stop_at is None else stop_at
        if offset >= end:
            return 0
        step = _Step()
        # Until a step commits, its subjects' memory is ahead of the store: none may be dropped.
        self._stepping = True
        ahead: list[tuple[int, Event]] = []
        if decide and self._pending and self.deciders.reader == RULES:
            # Turns appended in this process and not decided yet: embed what deciding them needs in
            # batches, a chunk ahead of deciding (an LLM reader is not asked here: it would be asked
            # twice), unless `prepare` did it already.
            start = max(offset, self._warmed_to)
            for q, e in self._pending.items():  # in seq order: appended so
                if q >= end:
                    break
                if q >= start:
                    ahead.append((q, e))
            if ahead:
                self._warmed_to = max(self._warmed_to, end)
        warmer = WarmAhead(ahead, lambda events: warm_up(events, self.settings, self.deciders))
        try:
            return self._process_entries(offset, end, step, warmer, decide, embed, progress, stop_at)
        finally:
            warmer.close()

    def _process_entries(self, offset: int, end: int, step: "_Step", warmer: WarmAhead, decide: bool, embed: bool,
                         progress: Callable[[int], None] | None, stop_at: int | None) -> int:
        handled = 0
        shard = self._shard
        for seq, raw in self.log.read(offset):
            if seq >= end:
                break
            if shard is not None and replay_shards.shard_of_raw(raw, shard[1]) != shard[0]:
                continue  # another worker's subject
            handled += 1
            self._seq_now = seq
            try:
                event = self._pending.pop(seq, None) or decode_event(raw, self.sealer, step.known)
            except _STORAGE_ERRORS:
                raise  # a damaged store is not a malformed entry: it stops processing, typed
            except Exception as exc:  # a malformed entry is set aside with its reason, never fatal
                step.dead_letters.append({"seq": seq, "event_id": None, "reason": _reason("undecodable", exc)})
                continue
            if shard is not None and replay_shards.shard_of(event.tenant_id, event.user_id, shard[1]) != shard[0]:
                raise replay_shards.ShardMismatch(f"entry {seq} names its subject in a form the split does not read")
            self._read.update(warmer.reach(seq))
            if not self._is_applied(event.event_id, step):
                try:
                    self._fold(event, step, decide, seq)
                except _STORAGE_ERRORS:
                    raise
                except Exception as exc:
                    raise _Poison(seq, event.event_id, _reason("projector failed", exc)) from exc
            self._read.pop(event.event_id, None)  # what was warmed for it, if it was not decided
            if progress is not None:
                progress(1)
            if len(step.applied) >= COMMIT_EVERY:
                if embed:
                    self._embed_new(step)
                self._commit(step, seq + 1)
                self._stepping = False
                # What the step added counts against the cache's bound before it evicts (else a
                # long pass holds every subject it touched up to the subject count, whatever their size).
                for subject in step.grown:
                    self.cache.resize(subject)
                self.cache.evict()
                self._stepping = True
                step = _Step()
        # Everything appended during this pass was applied as it was appended.
        if embed:
            self._embed_new(step)
        self._commit(step, None if stop_at is None else stop_at)
        self._stepping = False
        for subject in step.grown:
            self.cache.resize(subject)
        self.cache.evict()
        self._drop_processed()
        return handled

    def _drop_processed(self) -> None:
        """After a pass: what it applied leaves `_pending` (the decisions it appended, applied as
        they were appended); the turns beyond a limited pass stay for the next one."""
        done = self.store.offset()
        processed = []
        for seq in self._pending:  # in seq order
            if seq >= done:
                break
            processed.append(seq)
        for seq in processed:
            del self._pending[seq]

    def prepare(self, limit: int) -> int:
        """Warms up the next `limit` appended turns that are not decided yet, as `process` does for
        its own pass, but without holding the lock while it embeds: a server that projects in small
        steps (to let writers in between them) thus keeps deciding with batched embeddings, and its
        writers and readers do not wait for the batch. Returns how many turns it warmed."""
        if self.deciders.reader != RULES or not self.settings.decide_by_meaning or limit < 1:
            return 0
        with self.lock:
            start = max(self.store.offset(), self._warmed_to)
            ahead = []
            for seq, event in self._pending.items():
                if seq >= start and event.payload.type == "turn_received":  # not decisions appended
                    ahead.append((seq, event))
                    if len(ahead) >= limit:
                        break
        if not ahead:
            return 0
        try:
            read = warm_up([e for _, e in ahead], self.settings, self.deciders)
        except Exception:
            return 0  # only a cache: deciding reads and embeds what it needs itself
        with self.lock:
            for seq, event in ahead:  # what a pass decided meanwhile needs nothing more
                if self._pending.get(seq) is event and event.event_id in read:
                    self._read[event.event_id] = read[event.event_id]
            self._warmed_to = max(self._warmed_to, ahead[-1][0] + 1)
        return len(ahead)

    def _fold(self, event: Event, step: _Step, decide: bool, seq: int) -> None:
        """Folds one log entry in; for a turn, also what the processor decides about it."""
        self._apply(event, step)
        if not (decide and event.payload.type == "turn_received"):
            return
        if self._fold_logged_decisions(event, step):
            return
        state = self.state(event.tenant_id, event.user_id)
        try:
            derived = decide_turn(state, event, self.settings, self.deciders, self._read.pop(event.event_id, None))
        except _STORAGE_ERRORS:
            raise
        except Exception as exc:
            # The turn stays in its window; only the decisions about it are skipped.
            step.dead_letters.append({"seq": seq, "event_id": event.event_id,
                                      "reason": _reason("processor failed", exc)})
            return
        step.derived.extend(derived)
        for d in derived:
            if not self._is_applied(d.event_id, step):
                self._apply(d, step)

    def _fold_logged_decisions(self, turn: Event, step: _Step) -> bool:
        """If the turn's decisions are in the log already (a crash came before the state commit, or
        a changelog was restored), folds them now, right after the turn, as when they were decided,
        and returns True. Deciding again could differ: an LLM may answer otherwise, and later turns
        must be decided on the state their predecessors' decisions left."""
        n = 0
        while (seq := self.log.seq_of(derive(turn.event_id, str(n)))) is not None:
            decided = self._pending.get(seq) or decode_event(self.log.get(seq), self.sealer)
            if not self._is_applied(decided.event_id, step):
                self._apply(decided, step)
            n += 1
        return n > 0

    def _embed_new(self, step: _Step) -> None:
        """Embeds, in one batch, the records this step created (records, not turns)."""
        todo: list[tuple[Subject, str, str]] = []
        for subject, (memory_ids, _) in step.dirty.items():
            entry = self.cache.get(subject)
            if entry is None:
                continue
            state = entry.state
            vecs = self._vectors(subject)
            for memory_id in memory_ids:
                rec = state.records.get(memory_id)
                if rec is not None and recallable(rec) and memory_id not in vecs:
                    todo.append((subject, memory_id, rec.text))
        if not todo:
            return
        try:
            vectors = self.embedder.embed([t for _, _, t in todo])
        except Exception:
            # Embedding is a cache: records are safe in the log and the view; recall embeds what
            # is missing when it builds its index.
            return
        for (subject, memory_id, _), vec in zip(todo, vectors):
            compact = vec.astype(np.float16)  # what is stored; recall rescores in float32
            self._vectors(subject)[memory_id] = compact
            step.new_vectors[(subject[0], subject[1], memory_id)] = compact

    # -- recall ----------------------------------------------------------------------------------
    def index(self, tenant_id: str, user_id: str) -> SubjectIndex:
        """The subject's recall index: built once when the subject is loaded, then updated with just
        the records that changed (recorded, superseded, merged, forgotten ...); use changes nothing."""
        subject = (tenant_id, user_id)
        entry = self._entry(subject)
        state = entry.state
        if entry.index is None:
            records = sorted(filter(indexed, state.records.values()), key=lambda r: r.memory_id)
            entry.index = SubjectIndex(records, self.vectors(tenant_id, user_id, [r.memory_id for r in records]))
        elif entry.stale:
            changed = sorted(entry.stale)
            live = [rec for m in changed if (rec := state.records.get(m)) is not None and indexed(rec)]
            vecs = dict(zip((r.memory_id for r in live),
                            self.vectors(tenant_id, user_id, [r.memory_id for r in live])))
            for memory_id in changed:
                if memory_id in vecs:
                    entry.index.upsert(state.records[memory_id], vecs[memory_id])
                else:
                    entry.index.remove(memory_id)
        else:
            return entry.index
        entry.stale.clear()
        self.cache.resize(subject)  # the index was built or changed: so did the subject's size
        return entry.index

    def vectors(self, tenant_id: str, user_id: str, memory_ids: Sequence[str]) -> np.ndarray:
        """The records' stored embeddings in this order; missing ones are embedded (and kept)."""
        vecs = self._vectors((tenant_id, user_id))
        state = self.state(tenant_id, user_id)
        missing = [m for m in memory_ids if m not in vecs and m in state.records and state.records[m].text]
        if missing:
            for memory_id, vec in zip(missing, self.embedder.embed([state.records[m].text for m in missing])):
                vecs[memory_id] = vec.astype(np.float16)
        if not memory_ids:
            return np.zeros((0, self.embedder.dim), dtype=np.float16)
        return np.stack([vecs[m] for m in memory_ids])

    # -- maintenance -----------------------------------------------------------------------------
    def compact(self) -> None:
        """Flushes and compacts every store so deleted bytes leave the files on disk."""
        with self.lock:
            self.store.purge()
            self.log.flush()
            self.log.db.compact_range(None, None)
            if not self.keys.read_only:
                self.keys.db.flush(True)
                self.keys.db.compact_range(None, None)

    def close(self) -> None:
        with self.lock:
            self._release_collector()
            if self._kept is not None:
                self._kept.close()
            replay_shards.remove_workdir(self._shards_dir)
            self._shards_dir = None
            self.store.close()
            self.log.close()
            self.keys.close()
