"""The dense side of recall: one subject's embeddings as float16 rows by slot, searched exactly with
usearch's SIMD kernels or, for large subjects, through an HNSW graph kept alongside.

float16 halves the memory of a subject (384 x 2 bytes a record). Scores used for ranking are
computed in float32 from those rows (`exact`); the fast kernels (`approx`, the graph) cast the query
to float16 too, so their scores carry a bounded error (`error_bound`) and only choose whom to
score exactly.
"""
from __future__ import annotations

import numpy as np

try:
    # ONNX Runtime (the default embedder's) must be loaded before usearch's extension: loaded after
    # it, it crashes the process (a segmentation fault at `import onnxruntime`, both pinned versions).
    import onnxruntime  # noqa: F401
except ImportError:  # the torch embedder does without it
    pass
from usearch.index import Index, MetricKind, ScalarKind
from usearch.index import search as brute_force

from engine.keyword_index import grown

# Graph parameters (bench/index.py measures them): links per node, and the breadth of the search
# when inserting and when querying.
CONNECTIVITY = 16
EXPANSION_ADD = 64
EXPANSION_SEARCH = 96


class VectorStore:
    """float16 rows by slot; a free slot holds zeros. The owner assigns slots."""

    def __init__(self, dim: int):
        self.dim = dim
        self.rows = np.zeros((0, dim), dtype=np.float16)
        self.max_norm = 0.0  # an upper bound on any row's norm (never lowered: a bound stays a bound)
        self.ann: Index | None = None

    def put(self, slot: int, vec: np.ndarray) -> None:
        self.put_many(np.array([slot], dtype=np.int64), np.asarray(vec)[None])

    def put_many(self, slots: np.ndarray, vecs: np.ndarray) -> None:
        if not len(slots):
            return
        self.rows = grown(self.rows, int(slots.max()) + 1)
        self.rows[slots] = vecs
        norms = np.linalg.norm(self.rows[slots].astype(np.float32), axis=1)
        self.max_norm = max(self.max_norm, float(norms.max()))
        if self.ann is not None:
            for slot in slots:
                if slot in self.ann:
                    self.ann.remove(int(slot))
            self.ann.add(slots.astype(np.uint64), self.rows[slots], threads=1)

    def clear(self, slot: int) -> None:
        self.rows[slot] = 0
        if self.ann is not None:
            self.ann.remove(slot)

    # -- scoring -------------------------------------------------------------------------------
    def exact(self, query: np.ndarray, slots: np.ndarray) -> np.ndarray:
        """Dot products in float32 from the float16 rows, the best of the query's rows, clipped to
        [0, 1]. Each row is summed on its own, so a record's score does not depend on its slot."""
        return exact_scores(self.rows[slots], query)

    def approx(self, q16: np.ndarray, slots: np.ndarray | None, size: int) -> np.ndarray:
        """Dot products with the float16 query by the SIMD kernel, for `slots` (every slot below
        `size` when None), the best of the query's rows; error within `error_bound`."""
        rows = self.rows[:size] if slots is None else self.rows[slots]
        m = len(rows)
        out = np.full(m, -np.inf, dtype=np.float32)
        if m == 0:
            return out
        found = brute_force(rows, q16, m, MetricKind.IP, exact=True, threads=1)
        keys = np.atleast_2d(found.keys).astype(np.int64)
        dists = np.atleast_2d(found.distances)
        for row_keys, row_dists in zip(keys, dists):
            got = np.full(m, -np.inf, dtype=np.float32)
            got[row_keys] = 1.0 - row_dists
            np.maximum(out, got, out=out)
        return out

    def error_bound(self, query: np.ndarray, q16: np.ndarray) -> float:
        """How far a float16-query score can be from the float32 one: |row . (q - q16)| is at most
        the row's norm times the query's rounding, plus float32 summation slack."""
        diff = np.atleast_2d(query.astype(np.float32)) - np.atleast_2d(q16.astype(np.float32))
        return float(np.linalg.norm(diff, axis=1).max()) * max(self.max_norm, 1.0) + 1e-4

    # -- the graph -----------------------------------------------------------------------------
    def build_ann(self, slots: np.ndarray) -> None:
        """Inserts the given slots in order, one thread: the same operations give the same graph."""
        self.ann = Index(ndim=self.dim, metric=MetricKind.IP, dtype=ScalarKind.F16,
                         connectivity=CONNECTIVITY, expansion_add=EXPANSION_ADD,
                         expansion_search=EXPANSION_SEARCH)
        if len(slots):
            self.ann.add(slots.astype(np.uint64), self.rows[slots], threads=1)

    def drop_ann(self) -> None:
        self.ann = None

    def ann_search(self, q16: np.ndarray, count: int) -> tuple[np.ndarray, float]:
        """Slots of the graph's `count` nearest by dot product (the union over the query's rows),
        and the lowest approximate score among each row's last kept neighbour: every record the
        graph did not return scores at most that (when the graph found the true neighbours).
        The bound is -inf when every record came back, +inf when a row came back short of `count`
        (nothing can be assumed then)."""
        found = self.ann.search(q16, count, threads=1)
        if hasattr(found, "counts"):
            keys, dists, counts = found.keys, found.distances, found.counts
        else:  # one query: the matches come back trimmed to what was found
            keys, dists, counts = [found.keys], [found.distances], [len(found.keys)]
        slots, bound = [], -np.inf
        for row_keys, row_dists, got in zip(keys, dists, counts):
            slots.append(row_keys[:got].astype(np.int64))
            if got >= len(self.ann):
                continue  # every record came back: none is left to bound
            if got < count:
                bound = np.inf
            else:
                bound = max(bound, 1.0 - float(row_dists[got - 1]))
        return np.unique(np.concatenate(slots)), bound

    @property
    def nbytes(self) -> int:
        return self.rows.nbytes + (int(self.ann.memory_usage) if self.ann is not None else 0)


def exact_scores(rows: np.ndarray, query: np.ndarray) -> np.ndarray:
    """Dot products in float32 of float16 rows with a query (the best of its rows when it has
    several), clipped to [0, 1]; each row summed on its own, so a score never depends on the others."""
    rows = np.asarray(rows, dtype=np.float16).astype(np.float32)
    q = query.astype(np.float32, copy=False)
    if q.ndim == 1:
        dots = (rows * q).sum(axis=1)
    else:
        dots = np.max(np.stack([(rows * r).sum(axis=1) for r in q]), axis=0)
    return np.clip(dots, 0.0, 1.0)
