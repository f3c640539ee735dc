"""The bounded set of subjects a runtime holds in memory: state, record embeddings and recall index.

Everything here is a copy of what the state store holds once a processing step has committed, so a
subject can be dropped at any time outside a step and loaded again on demand with the same view.
The least recently used subjects are dropped when either bound is passed: a number of subjects, or an
estimate of their bytes (records, their texts, embeddings and index).
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Callable, Iterator

import numpy as np

from engine.recall import SubjectIndex
from engine.state import SubjectState

Subject = tuple[str, str]

#: Memory per record, measured with tracemalloc on the synthetic benchmark's records (texts of about
#: 60 characters): the record objects of the state about 4,400 bytes, its float16 embedding in the dict
#: about 1,000. Of the recall index, only what it holds beyond the records it shares with the state.
RECORD_OVERHEAD = 4_300
VECTOR_OVERHEAD = 230
#: A session's window turns and summary lines, roughly.
SESSION_OVERHEAD = 4_000
#: Indexes the core derives from records and keeps on the state (engine.state.SubjectState.derived:
#: the echo index, term counts, sources by turn), measured with tracemalloc: about 1,000 bytes a record.
DERIVED_PER_RECORD = 1_000
#: One sentence vector held for echo checks (engine.erasure.SentenceVectors): 384 float32 and its key.
SENTENCE_VECTOR = 1_700


@dataclass
class Entry:
    state: SubjectState
    vectors: dict[str, np.ndarray] | None = None
    index: SubjectIndex | None = None
    #: Records changed since the index last saw them: it updates just these when next read.
    stale: set[str] = field(default_factory=set)

    def nbytes(self) -> int:
        st = self.state
        size = len(st.records) * RECORD_OVERHEAD + len(st.sessions) * SESSION_OVERHEAD
        size += sum(len(r.text or "") for r in st.records.values())
        if self.vectors:
            # Every row has the model's dimension in float16: one row's size tells them all.
            size += len(self.vectors) * (next(iter(self.vectors.values())).nbytes + VECTOR_OVERHEAD)
        if self.index is not None:
            size += self.index.own_nbytes
        derived = st.derived()
        if derived:
            size += len(st.records) * DERIVED_PER_RECORD + len(derived.get("sentence_vectors") or ()) * SENTENCE_VECTOR
        return size


class SubjectCache:
    def __init__(self, max_subjects: int, max_bytes: int):
        self.max_subjects = max_subjects
        self.max_bytes = max_bytes
        self._entries: OrderedDict[Subject, Entry] = OrderedDict()
        self._sizes: dict[Subject, int] = {}
        self._bytes = 0
        self.evictions = 0
        #: Told of each subject `evict` lets go, before it goes (a replay keeps its digest chunk).
        #: Not told of `drop` or `clear`: those forget subjects, they do not let go of current ones.
        self.on_evict: Callable[[Subject, Entry], None] | None = None

    def get(self, subject: Subject) -> Entry | None:
        entry = self._entries.get(subject)
        if entry is not None:
            self._entries.move_to_end(subject)
        return entry

    def put(self, subject: Subject, entry: Entry) -> Entry:
        self._entries[subject] = entry
        self._entries.move_to_end(subject)
        self.resize(subject)
        return entry

    def resize(self, subject: Subject) -> None:
        """Re-estimates a subject's size after it grew (new records, vectors, an index)."""
        entry = self._entries.get(subject)
        if entry is None:
            return
        size = entry.nbytes()
        self._bytes += size - self._sizes.get(subject, 0)
        self._sizes[subject] = size

    def drop(self, subject: Subject) -> None:
        if self._entries.pop(subject, None) is not None:
            self._bytes -= self._sizes.pop(subject, 0)

    def evict(self, keep: Subject | None = None) -> None:
        """Drops the least recently used subjects until both bounds hold (never `keep`)."""
        while len(self._entries) > 1 and (len(self._entries) > self.max_subjects or self._bytes > self.max_bytes):
            oldest = next(iter(self._entries))
            if oldest == keep:
                self._entries.move_to_end(oldest)
                oldest = next(iter(self._entries))
                if oldest == keep:
                    return
            if self.on_evict is not None:
                self.on_evict(oldest, self._entries[oldest])
            self.drop(oldest)
            self.evictions += 1

    def clear(self) -> None:
        self._entries.clear()
        self._sizes.clear()
        self._bytes = 0

    def __contains__(self, subject: Subject) -> bool:
        return subject in self._entries

    def __len__(self) -> int:
        return len(self._entries)

    def items(self) -> Iterator[tuple[Subject, Entry]]:
        return iter(list(self._entries.items()))

    @property
    def nbytes(self) -> int:
        return self._bytes
