"""The view digest's chunks of the subjects a replay's bounded cache let go, so that the digest at
the end of a replay does not read them from the state store and decode them again.

A replay folds the log through a bounded subject cache (streams.subject_cache): a subject it lets go
is committed already, and its state in memory is exactly what the state store would load. Its digest
chunk (engine.digest.subject_chunk) is made right then, from that state, and kept in a temporary file
(unlinked; it leaves nothing behind); memory holds only where each chunk lies. A subject loaded into
the cache again has its chunk dropped: the log may change it further, and the digest reads it from
the cache or the store as before.

Bounded work and space: a subject whose chunk was dropped is not given one again in this replay. A log
that returns to the same subjects after they were let go (subjects interleaved) would otherwise make
and throw away a chunk on every return, and fill the file with dead chunks; this way the file holds at
most one chunk per subject (as many bytes as the digest hashes) and the waste is one chunk per
subject, less than the reload that dropped it cost already.

It is a cache: when the file cannot be written (disk full), it stops keeping, and the digest reads
those subjects from the state store as it would without it.
"""
from __future__ import annotations

import tempfile
from pathlib import Path
from typing import IO

from engine.digest import subject_chunk
from engine.state import SubjectState

Subject = tuple[str, str]


class KeptChunks:
    def __init__(self, directory: Path | None = None):
        """directory: where the temporary file goes (the replay's target: the disk it writes to
        anyway); the system's temporary directory when None."""
        self._directory = directory
        self._file: IO[bytes] | None = None
        self._end = 0
        self._at: dict[Subject, tuple[int, int]] = {}
        self._returned: set[Subject] = set()
        self._broken = False
        #: Chunks written (a subject once at most) and bytes the file holds, dead chunks included.
        self.writes = 0

    def keep(self, subject: Subject, state: SubjectState) -> None:
        """Makes and keeps the chunk of a subject the cache lets go (its state as committed)."""
        if self._broken or subject in self._returned:
            return
        chunk = subject_chunk(state)
        try:
            if self._file is None:
                self._file = tempfile.TemporaryFile(prefix="memstream-digest-", dir=self._directory)
            self._file.seek(self._end)
            self._file.write(chunk)
        except OSError:
            self._broken = True  # only a cache: the digest reads these subjects from the store
            self._at.clear()
            return
        self._at[subject] = (self._end, len(chunk))
        self._end += len(chunk)
        self.writes += 1

    def drop(self, subject: Subject) -> None:
        """The subject is loaded into the cache again: its kept chunk may no longer be its state's."""
        if self._at.pop(subject, None) is not None:
            self._returned.add(subject)

    def get(self, subject: Subject) -> bytes | None:
        """The subject's kept chunk (b"" for a subject left empty), or None when none is kept."""
        where = self._at.get(subject)
        if where is None or self._file is None:
            return None
        offset, size = where
        try:
            self._file.seek(offset)
            chunk = self._file.read(size)
        except OSError:
            return None
        return chunk if len(chunk) == size else None

    def __contains__(self, subject: Subject) -> bool:
        return subject in self._at

    @property
    def nbytes(self) -> int:
        return self._end

    def close(self) -> None:
        self._at.clear()
        if self._file is not None:
            self._file.close()
            self._file = None
