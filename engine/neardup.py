"""Near-duplicate lookups by term sets, through an inverted index instead of comparing every pair.

Two records are duplicates when they are of one kind, active, and the Jaccard similarity of their
term sets reaches a threshold (episodes must also have happened on the same day). Jaccard `t`
needs an overlap of at least `ceil(t * |x|)` terms with a query set `x`, so a duplicate must hold
one of the query's `|x| - ceil(t * |x|) + 1` rarest terms (prefix filtering): only the postings of
those few terms are read, and each candidate they give is checked exactly. The answers are those of
the pairwise comparison, computed the same way (the same integer overlap and union).
"""
from __future__ import annotations

import math
from datetime import datetime
from typing import Iterable

from engine.textnorm import jaccard, term_set
from schemas.records import MemoryRecord


def _union_root(parent: dict[str, str], x: str) -> str:
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


class NearDupIndex:
    """Active records with text, by kind and term, kept incrementally.

    A runtime keeps one per subject and calls `upsert` for every record an event changes and
    `remove` for every record it drops; `find` and `clusters` then read only postings.
    """

    def __init__(self, records: Iterable[MemoryRecord] = ()):
        self._records: dict[str, MemoryRecord] = {}
        self._terms: dict[str, frozenset[str]] = {}
        self._kinds: dict[str, str] = {}
        self._postings: dict[tuple[str, str], set[str]] = {}  # (kind, term) -> memory ids
        for record in records:
            self.upsert(record)

    def upsert(self, record: MemoryRecord) -> None:
        """Indexes an active record with text; takes out any other (archived, superseded)."""
        memory_id = record.memory_id
        if record.tier != "active" or record.text is None:
            self.remove(memory_id)
            return
        words = term_set(record.text)
        if self._terms.get(memory_id) == words and self._kinds.get(memory_id) == record.kind:
            self._records[memory_id] = record
            return
        self.remove(memory_id)
        self._records[memory_id] = record
        self._terms[memory_id] = words
        self._kinds[memory_id] = record.kind
        for term in words:
            self._postings.setdefault((record.kind, term), set()).add(memory_id)

    def remove(self, memory_id: str) -> None:
        if self._records.pop(memory_id, None) is None:
            return
        kind = self._kinds.pop(memory_id)
        for term in self._terms.pop(memory_id):
            ids = self._postings[(kind, term)]
            ids.discard(memory_id)
            if not ids:
                del self._postings[(kind, term)]

    def __len__(self) -> int:
        return len(self._records)

    def __contains__(self, memory_id: object) -> bool:
        return memory_id in self._records

    def _candidates(self, kind: str, words: frozenset[str], threshold: float) -> set[str]:
        """Ids of same-kind records that share one of the query's rarest terms: every record with
        Jaccard >= threshold is among them."""
        if not words:
            return set()
        # Jaccard = overlap / union <= overlap / |words|: a duplicate overlaps in at least this many.
        need = max(1, math.ceil(threshold * len(words) - 1e-9))
        ranked = sorted(words, key=lambda t: (len(self._postings.get((kind, t), ())), t))
        found: set[str] = set()
        for term in ranked[: len(words) - need + 1]:
            found.update(self._postings.get((kind, term), ()))
        return found

    def find(self, kind: str, text: str, happened_at: datetime | None, threshold: float) -> MemoryRecord | None:
        """The most similar active record of `kind` at or above `threshold` (ties: lowest id); an
        episode that happened on another day is not a duplicate."""
        words = term_set(text)
        if threshold <= 0:  # everything matches, even without a shared word: no filter applies
            ids = [m for m, k in self._kinds.items() if k == kind]
        else:
            ids = self._candidates(kind, words, threshold)
        best, best_key = None, None
        for memory_id in ids:
            rec = self._records[memory_id]
            if kind == "episode" and (rec.happened_at and happened_at) and rec.happened_at.date() != happened_at.date():
                continue
            sim = jaccard(words, self._terms[memory_id])
            if sim >= threshold:
                key = (-sim, memory_id)
                if best_key is None or key < best_key:
                    best, best_key = rec, key
        return best

    def clusters(self, threshold: float) -> list[list[MemoryRecord]]:
        """Groups of two or more records of one kind that say the same thing: the connected parts
        of the duplicate relation. Kinds in the order of their lowest id, groups by their lowest
        id, members by id (the order the pairwise sweep gave)."""
        parent = {m: m for m in self._records}
        for memory_id, words in self._terms.items():
            rec = self._records[memory_id]
            kind = rec.kind
            ids = (m for m, k in self._kinds.items() if k == kind) if threshold <= 0 else \
                self._candidates(kind, words, threshold)
            for other in ids:
                if other <= memory_id:
                    continue  # each pair once
                b = self._records[other]
                if (kind == "episode" and rec.happened_at and b.happened_at
                        and rec.happened_at.date() != b.happened_at.date()):
                    continue
                if jaccard(words, self._terms[other]) >= threshold:
                    ra, rb = _union_root(parent, memory_id), _union_root(parent, other)
                    if ra != rb:
                        parent[max(ra, rb)] = min(ra, rb)
        groups: dict[str, list[MemoryRecord]] = {}
        for memory_id in sorted(parent):
            groups.setdefault(_union_root(parent, memory_id), []).append(self._records[memory_id])
        first_of_kind: dict[str, str] = {}
        for memory_id in sorted(self._records):
            first_of_kind.setdefault(self._kinds[memory_id], memory_id)
        found = [g for g in groups.values() if len(g) > 1]
        found.sort(key=lambda g: (first_of_kind[g[0].kind], g[0].memory_id))
        return found

