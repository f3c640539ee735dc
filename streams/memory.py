"""The in-memory runtime: the pure core folding a list of events, and nothing else.

No storage library, no encryption, no threads of its own: the log is a Python list, the view a dict
of subject states, folded by engine.projector.apply and decided by engine.processor.decide_turn in
the order EmbeddedRuntime does it (fold the turn, decide, append the derived events, fold them). It
is the reference the runtime contract suite compares every other runtime against, and a second
complete implementation of engine.runtime.Runtime: what it needs, the port offers.

    MemoryEngine.open(path, runtime="streams.memory:MemoryRuntime")

Like an in-memory database named by path, the log and view of a `data_dir` live for the life of the
process: opening the same directory again continues them, and `replay_from` names another one.
Nothing is written to disk.

Forgetting is real here too. There are no keys to shred, so a key is a name and a creation number
(engine.crypto.KeyRef, as the projector names them), and destroying it blanks, in the log itself,
every content field sealed under it (streams/codec.py says which: a turn's text and speaker and
the summary lines made of it under the turn's key; a record's text, slot and fields under the
memory's key). The forgotten text leaves the embeddings and the process caches as well.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterator, Sequence

import numpy as np

from engine.crypto import KeyRef
from engine.embedder import Embedder
from engine.errors import DataDirError, error_place
from engine.ids import derive
from engine.meaning import Meaning
from engine.processor import OFFLINE, RULES, Deciders, decide_turn, warm_up
from engine.projector import apply
from engine.recall import SubjectIndex, indexed, recallable
from engine.runtime import drop_forgotten_texts
from engine.settings import Settings
from engine.state import SubjectState
from schemas.events import Event
from streams.codec import mem_ref, memory_ids_of, turn_ref

Subject = tuple[str, str]

#: Records whose removal takes their text out of the view (and so out of the process caches).
_REMOVING = ("memory_expired", "memory_forgotten", "memories_merged")


def sealed_refs(event: Event) -> list[KeyRef]:
    """The keys an event's content would be sealed under on a runtime that encrypts (streams.codec)."""
    p = event.payload
    if p.type == "turn_received":
        if p.text is None and p.speaker is None:
            return []
        return [turn_ref(event.tenant_id, event.user_id, event.session_id, p.turn_id)]
    if p.type == "window_compacted":
        return [turn_ref(event.tenant_id, event.user_id, event.session_id, line.turn_id)
                for line in p.summary if line.text is not None]
    if p.type == "memory_recorded" and p.record.text is not None:
        return [mem_ref(event.tenant_id, event.user_id, p.record.memory_id)]
    return []


def blanked(event: Event, gone: set[KeyRef]) -> Event:
    """The event with every field sealed under a key in `gone` read as a destroyed key reads."""
    p = event.payload
    t, u, s = event.tenant_id, event.user_id, event.session_id
    if p.type == "turn_received" and turn_ref(t, u, s, p.turn_id) in gone:
        return event.model_copy(update={"payload": p.model_copy(update={"text": None, "speaker": None})})
    if p.type == "window_compacted":
        lines = [line.model_copy(update={"text": None}) if turn_ref(t, u, s, line.turn_id) in gone else line
                 for line in p.summary]
        return event.model_copy(update={"payload": p.model_copy(update={"summary": lines})})
    if p.type == "memory_recorded" and mem_ref(t, u, p.record.memory_id) in gone:
        record = p.record.model_copy(update={"text": None, "slot": None, "fields": {}})
        return event.model_copy(update={"payload": p.model_copy(update={"record": record})})
    return event


@dataclass
class _Log:
    """The log and its keys: what a directory holds on a durable runtime."""

    events: list[Event] = field(default_factory=list)
    seq_of: dict[str, int] = field(default_factory=dict)
    about: dict[str, list[int]] = field(default_factory=dict)  # memory id -> seqs naming it
    keys: dict[KeyRef, int] = field(default_factory=dict)  # live key -> its creation number
    sealed: dict[KeyRef, list[int]] = field(default_factory=dict)  # key -> seqs with content under it
    counter: int = 0

    def destroy(self, refs: Sequence[KeyRef]) -> None:
        """Destroys keys: what they sealed is blanked in the log, for good."""
        gone = {r for r in refs if self.keys.pop(r, None) is not None}
        for seq in sorted({q for r in gone for q in self.sealed.pop(r, ())}):
            self.events[seq] = blanked(self.events[seq], gone)

    def destroy_subject(self, tenant_id: str, user_id: str, before: int | None) -> None:
        """Every key of the subject created before `before` (all of them when None)."""
        self.destroy([r for r, n in self.keys.items() if (r.tenant_id, r.user_id) == (tenant_id, user_id)
                      and (before is None or n < before)])


@dataclass
class _View:
    """The folded state: what the log gives when processed (a cache of it, as on every runtime)."""

    states: dict[Subject, SubjectState] = field(default_factory=dict)
    applied: set[str] = field(default_factory=set)
    offset: int = 0
    vectors: dict[Subject, dict[str, np.ndarray]] = field(default_factory=dict)
    indexes: dict[Subject, SubjectIndex] = field(default_factory=dict)
    dead_letters: list[dict] = field(default_factory=list)


@dataclass
class _Pass:
    """What one processing pass did that is acted on at its end."""

    destroy: list[KeyRef] = field(default_factory=list)
    forgotten: list[tuple[str, str, int | None]] = field(default_factory=list)  # subject, keys_before
    dropped: list[str] = field(default_factory=list)  # texts that left the view
    touched: set[Subject] = field(default_factory=set)


#: The logs and views of this process, by data directory.
_STORES: dict[str, tuple[_Log, _View]] = {}


def _name(data_dir: Path) -> str:
    return str(Path(data_dir).expanduser().absolute())


class MemoryRuntime:
    """engine.runtime.Runtime over an in-memory log: the pure core, folding."""

    @classmethod
    def open(cls, data_dir: Path, settings: Settings, embedder: Callable[[], Embedder], *,
             deciders: Deciders = OFFLINE, replay_from: Path | None = None) -> "MemoryRuntime":
        if replay_from is None:
            log, view = _STORES.setdefault(_name(data_dir), (_Log(), _View()))
            return cls(log, view, settings, embedder, deciders)
        source = _STORES.get(_name(replay_from))
        if source is None:
            raise DataDirError(f"{replay_from} holds no in-memory log in this process")
        target = _STORES.get(_name(data_dir))
        if target is not None and (target[0].events or target[1].states):
            raise DataDirError(f"replay target {data_dir} is not empty")
        # Not registered under the target's name: the source's log stays the source's, and opening
        # the target again later starts a store of its own.
        return cls(source[0], _View(), settings, embedder, deciders, replay=True)

    def __init__(self, log: _Log, view: _View, settings: Settings, embedder: Callable[[], Embedder],
                 deciders: Deciders = OFFLINE, *, replay: bool = False):
        """replay: the log is another directory's; it is read, never written, and no key is destroyed
        (the log that was replayed destroyed them when it was processed)."""
        self.settings = settings
        if deciders.meaning is None and settings.decide_by_meaning:
            deciders = replace(deciders, meaning=Meaning(lambda: self.embedder))
        self.deciders = deciders
        self.lock = threading.RLock()
        self._log, self._view, self._replay = log, view, replay
        self._embedder_factory = embedder
        self._embedder: Embedder | None = None

    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            self._embedder = self._embedder_factory()
        return self._embedder

    # -- the log ---------------------------------------------------------------------------------
    def append(self, events: Sequence[Event]) -> list[bool]:
        """Appends events whose ids are not logged yet (the first of repeated ids wins)."""
        if self._replay:
            raise DataDirError("a replay reads another directory's log; it appends nothing")
        log = self._log
        flags = []
        for event in events:
            new = event.event_id not in log.seq_of
            flags.append(new)
            if not new:
                continue
            seq = log.seq_of[event.event_id] = len(log.events)
            log.events.append(event)
            for memory_id in memory_ids_of(event):
                log.about.setdefault(memory_id, []).append(seq)
            for ref in sealed_refs(event):
                if ref not in log.keys:  # keys are made when content is first sealed under them
                    log.keys[ref] = log.counter
                    log.counter += 1
                log.sealed.setdefault(ref, []).append(seq)
        return flags

    def position(self) -> int:
        return len(self._log.events)

    def pending(self) -> int:
        return len(self._log.events) - self._view.offset

    def prepare(self, limit: int) -> int:
        """Nothing to do ahead: `process` warms up the turns of its pass itself, and this runtime's
        events are objects already."""
        return 0

    def events(self, start: int = 0) -> Iterator[Event]:
        yield from self._log.events[start:]

    def logged_event(self, event_id: str) -> Event | None:
        seq = self._log.seq_of.get(event_id)
        return self._log.events[seq] if seq is not None else None

    def events_about(self, memory_id: str) -> Iterator[Event]:
        for seq in self._log.about.get(memory_id, ()):
            yield self._log.events[seq]

    def key_watermark(self) -> int:
        return self._log.counter

    # -- processing ------------------------------------------------------------------------------
    def process(self, *, decide: bool = True, embed: bool = True,
                progress: Callable[[int], None] | None = None, limit: int | None = None) -> int:
        """Folds the log from the view's offset to its end (at most `limit` entries), deciding on
        each turn unless `decide` is False (replay: the decisions are in the log already). What a
        pass destroys is destroyed at its end, as a durable runtime does when it commits the pass."""
        with self.lock:
            view, log = self._view, self._log
            start, end = view.offset, len(log.events)
            if limit is not None:
                end = min(end, start + max(1, limit))
            if start >= end:
                return 0
            if decide and self.deciders.reader == RULES:
                try:  # one embedding batch for the pass; only a cache, deciding needs none of it
                    read = warm_up(log.events[start:end], self.settings, self.deciders)
                except Exception:
                    read = {}
            else:
                read = {}
            step = _Pass()
            for seq in range(start, end):
                event = log.events[seq]
                if event.event_id not in view.applied:
                    self._fold(seq, event, decide, read, step)
                if progress is not None:
                    progress(1)
            # What deciding appended was folded as it was appended (after a limited pass, the next
            # one reads it again and finds it applied).
            view.offset = len(log.events) if limit is None else end
            if embed:
                self._embed_new(step.touched)
            if not self._replay:
                for tenant, user, before in step.forgotten:
                    log.destroy_subject(tenant, user, before)
                log.destroy(step.destroy)
            if step.dropped or step.destroy or step.forgotten:  # content left, or became unreadable
                drop_forgotten_texts(self._embedder, step.dropped, shredded=bool(step.destroy or step.forgotten))
            return end - start

    def _fold(self, seq: int, event: Event, decide: bool, read: dict, step: _Pass) -> None:
        """One log entry, and for a turn what the processor decides about it, folded right after."""
        if not self._apply(seq, event, step):
            return
        if not (decide and event.payload.type == "turn_received"):
            return
        if self._fold_logged_decisions(event, step):
            return
        state = self.state(event.tenant_id, event.user_id)
        try:
            derived = decide_turn(state, event, self.settings, self.deciders, read.pop(event.event_id, None))
        except Exception as exc:  # the turn stays in its window; only the decisions about it are lost
            self._view.dead_letters.append({"seq": seq, "event_id": event.event_id,
                                            "reason": _reason("processor failed", exc)})
            return
        self.append(derived)
        for d in derived:
            if d.event_id not in self._view.applied:
                self._apply(self._log.seq_of[d.event_id], d, step)

    def _fold_logged_decisions(self, turn: Event, step: _Pass) -> bool:
        """A turn whose decisions are logged already (a remember command logs its turn with what it
        decided, named derive(turn, "0"), derive(turn, "1"), ...) is not decided again: its decisions
        are folded right after it, and True is returned."""
        n = 0
        while (seq := self._log.seq_of.get(derive(turn.event_id, str(n)))) is not None:
            decided = self._log.events[seq]
            if decided.event_id not in self._view.applied:
                self._apply(seq, decided, step)
            n += 1
        return n > 0

    def _apply(self, seq: int, event: Event, step: _Pass) -> bool:
        """Folds one event into its subject's state; False when it could not be (a dead letter)."""
        view = self._view
        subject = event.subject
        state = self.state(*subject)
        p = event.payload
        if p.type == "subject_forgotten":
            step.dropped.extend(r.text for r in state.records.values() if r.text)
        elif p.type in _REMOVING:
            step.dropped.extend(r.text for m in memory_ids_of(event) if (r := state.records.get(m)) and r.text)
        try:
            step.destroy.extend(apply(state, event))
        except Exception as exc:
            view.dead_letters.append({"seq": seq, "event_id": event.event_id,
                                      "reason": _reason("projector failed", exc)})
            view.applied.add(event.event_id)
            return False
        view.applied.add(event.event_id)
        if p.type == "subject_forgotten":
            step.forgotten.append((*subject, p.keys_before))
            view.vectors.pop(subject, None)
        elif p.type in _REMOVING:
            vecs = view.vectors.get(subject, {})
            for memory_id in memory_ids_of(event):
                if memory_id not in state.records:
                    vecs.pop(memory_id, None)
        if p.type != "memory_reinforced":  # use changes no index: the keep score reads the record
            view.indexes.pop(subject, None)  # rebuilt from the records on the next read
        step.touched.add(subject)
        return True

    def _embed_new(self, subjects: set[Subject]) -> None:
        """Embeds, in one batch, the active records of these subjects that have no vector yet."""
        todo = [(s, r.memory_id, r.text) for s in sorted(subjects) for r in self.state(*s).records.values()
                if recallable(r) and r.memory_id not in self._view.vectors.get(s, {})]
        if not todo:
            return
        try:
            vectors = self.embedder.embed([text for _, _, text in todo])
        except Exception:
            return  # a cache: recall embeds what is missing
        for (subject, memory_id, _), vec in zip(todo, vectors):
            self._view.vectors.setdefault(subject, {})[memory_id] = vec.astype(np.float16)

    # -- state and indexes -----------------------------------------------------------------------
    def state(self, tenant_id: str, user_id: str) -> SubjectState:
        subject = (tenant_id, user_id)
        state = self._view.states.get(subject)
        if state is None:
            state = self._view.states[subject] = SubjectState(tenant_id, user_id)
        return state

    def subjects(self) -> list[Subject]:
        return sorted(s for s, st in self._view.states.items() if st.records or st.sessions)

    def index(self, tenant_id: str, user_id: str) -> SubjectIndex:
        """Built afresh from the active records (and their earlier versions) whenever the subject changed: the plainest index
        there is, which incremental ones must agree with."""
        subject = (tenant_id, user_id)
        index = self._view.indexes.get(subject)
        if index is None:
            records = sorted(filter(indexed, self.state(*subject).records.values()),
                             key=lambda r: r.memory_id)
            index = SubjectIndex(records, self.vectors(tenant_id, user_id, [r.memory_id for r in records]))
            self._view.indexes[subject] = index
        return index

    def vectors(self, tenant_id: str, user_id: str, memory_ids: Sequence[str]) -> np.ndarray:
        """Kept as float16, the precision every runtime's index holds, so scores agree exactly."""
        vecs = self._view.vectors.setdefault((tenant_id, user_id), {})
        records = self.state(tenant_id, user_id).records
        missing = [m for m in memory_ids if m not in vecs and m in records and records[m].text]
        if missing:
            for memory_id, vec in zip(missing, self.embedder.embed([records[m].text for m in missing])):
                vecs[memory_id] = vec.astype(np.float16)
        if not memory_ids:
            return np.zeros((0, self.embedder.dim), dtype=np.float16)
        return np.stack([vecs[m] for m in memory_ids])

    def dead_letters(self) -> list[dict]:
        return [dict(d) for d in self._view.dead_letters]

    def resolve_dead_letters(self, event_ids: set[str], how: str, at: str) -> int:
        n = 0
        for letter in self._view.dead_letters:
            if letter.get("event_id") in event_ids and "resolved" not in letter:
                letter.update(resolved=how, resolved_at=at)
                n += 1
        return n

    # -- maintenance -----------------------------------------------------------------------------
    def compact(self) -> None:
        """Nothing to do: destroyed content left the log when its key was destroyed."""

    def close(self) -> None:
        """The log and view stay with the process (see the module's docstring)."""


def _reason(stage: str, exc: BaseException) -> str:
    """Why an entry was set aside (engine.errors.error_place: never the error's message)."""
    return f"{stage}: {error_place(exc)}"
