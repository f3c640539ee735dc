"""The keyword side of recall: an inverted index over slots, kept incrementally, scored with BM25.

Each term's postings are two packed arrays (slot ids and term frequencies). A query reads them as
numpy views, so scoring a term touches only the records that hold it, in a few vector operations,
however many records the subject has. Removing a record removes its postings (swap with the last
entry), so the index never holds what was forgotten.
"""
from __future__ import annotations

import math
from array import array

import numpy as np

from engine.textnorm import terms

K1 = 1.2
B = 0.75


def grown(arr: np.ndarray, size: int) -> np.ndarray:
    """`arr` with room for at least `size` entries along its first axis (doubling, so appends are
    amortised O(1)); new entries are zero."""
    if len(arr) >= size:
        return arr
    out = np.zeros((max(size, 2 * len(arr), 16),) + arr.shape[1:], dtype=arr.dtype)
    out[: len(arr)] = arr
    return out


class KeywordIndex:
    """BM25 postings by slot. The owner assigns slots; a slot holds at most one document."""

    def __init__(self) -> None:
        self._postings: dict[str, tuple[array, array]] = {}
        self._doc_terms: list[tuple[str, ...] | None] = []
        self.lengths = np.zeros(0, dtype=np.float32)
        self.docs = 0
        self.total_len = 0  # a whole number: the average length is exact, whatever the order of updates

    def add(self, slot: int, text: str) -> None:
        doc = terms(text)
        counts: dict[str, int] = {}
        for term in doc:
            counts[term] = counts.get(term, 0) + 1
        for term, tf in counts.items():
            posting = self._postings.get(term)
            if posting is None:
                posting = self._postings[term] = (array("i"), array("f"))
            posting[0].append(slot)
            posting[1].append(tf)
        if slot >= len(self._doc_terms):
            self._doc_terms.extend([None] * (slot + 1 - len(self._doc_terms)))
        self._doc_terms[slot] = tuple(counts)
        self.lengths = grown(self.lengths, slot + 1)
        self.lengths[slot] = len(doc)
        self.docs += 1
        self.total_len += len(doc)

    def remove(self, slot: int) -> None:
        for term in self._doc_terms[slot] or ():
            slots, tfs = self._postings[term]
            at = slots.index(slot)
            slots[at], tfs[at] = slots[-1], tfs[-1]
            slots.pop()
            tfs.pop()
            if not slots:
                del self._postings[term]
        self._doc_terms[slot] = None
        self.docs -= 1
        self.total_len -= int(self.lengths[slot])
        self.lengths[slot] = 0

    def scores(self, query: str, size: int, like: KeywordIndex | None = None) -> np.ndarray:
        """BM25 of every slot below `size` for the query (zero where no term matches). `like`: score
        with that index's statistics (its document count, frequencies and average length, each
        document here counted in as one more), so the two indexes' scores compare."""
        out = np.zeros(size, dtype=np.float32)
        if self.docs == 0:
            return out
        stats = like if like is not None else self
        n = stats.docs + (1 if like is not None else 0)
        avg = (stats.total_len / stats.docs if stats.docs else self.total_len / self.docs) or 1.0
        for term in sorted(set(terms(query))):  # fixed order: float sums must not vary by run
            posting = self._postings.get(term)
            if posting is None:
                continue
            slots = np.frombuffer(posting[0], dtype=np.int32)
            tf = np.frombuffer(posting[1], dtype=np.float32)
            if like is None:
                df = len(slots)
            else:
                known = like._postings.get(term)
                df = 1 + (len(known[0]) if known is not None else 0)
            idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
            norm = tf + K1 * (1 - B + B * self.lengths[slots] / avg)
            # The numerator in double, as a scalar loop would compute it, then float32 like the rest.
            out[slots] += (idf * tf.astype(np.float64) * (K1 + 1)).astype(np.float32) / norm
            del slots, tf  # release the views: the arrays cannot grow while one is exported
        return out

    def postings_count(self) -> int:
        return sum(len(s) for s, _ in self._postings.values())

    @property
    def nbytes(self) -> int:
        """Roughly what the postings and per-document term lists hold (arrays, dict entries, tuples)."""
        per_term = 2 * 80 + 100  # two array headers, the dict entry and the term string
        doc_tuples = sum(56 + 8 * len(t) for t in self._doc_terms if t)
        return (len(self._postings) * per_term + 8 * self.postings_count() + doc_tuples
                + self.lengths.nbytes + 8 * len(self._doc_terms))
