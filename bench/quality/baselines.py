"""Raw-turn baselines: what an agent gets without a memory engine, from the same turns.

Every turn ("(8 May 2023) Speaker: text": its session's date, the speaker, the words, photo captions
included; built by `locomo.Conversation.raw_units`) is a retrieval unit, the same text indexed,
embedded, ranked and packed into the context that is scored. Three rankers: dense
cosine with all-MiniLM-L6-v2, BM25 (Okapi, k1=1.2, b=0.75) and their reciprocal-rank fusion (k=60).
A context is the best-ranked turns packed into the same token budget the engine gets.
"""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from engine.textnorm import terms
from engine.tokens import count_tokens_many

RRF_K = 60


class RawTurns:
    def __init__(self, units: Sequence[tuple[str, str]], vectors: np.ndarray):
        self.ids = [u[0] for u in units]
        self.texts = [u[1] for u in units]
        self.tokens = count_tokens_many(self.texts)
        self.vectors = vectors.astype(np.float32, copy=False)
        self.postings: dict[str, list[tuple[int, int]]] = {}
        self.lengths = np.zeros(len(units), dtype=np.float32)
        for i, text in enumerate(self.texts):
            doc = terms(text)
            self.lengths[i] = len(doc)
            counts: dict[str, int] = {}
            for t in doc:
                counts[t] = counts.get(t, 0) + 1
            for t, tf in counts.items():
                self.postings.setdefault(t, []).append((i, tf))
        self.avg_len = float(self.lengths.mean()) if len(units) else 0.0

    def dense(self, query_vec: np.ndarray) -> list[int]:
        scores = self.vectors @ query_vec
        return [int(i) for i in np.argsort(-scores, kind="stable")]

    def bm25(self, query: str, k1: float = 1.2, b: float = 0.75) -> list[int]:
        n = len(self.ids)
        scores = np.zeros(n, dtype=np.float64)
        for term in sorted(set(terms(query))):
            posting = self.postings.get(term)
            if not posting:
                continue
            idf = math.log(1 + (n - len(posting) + 0.5) / (len(posting) + 0.5))
            for i, tf in posting:
                scores[i] += idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * self.lengths[i] / (self.avg_len or 1.0)))
        return [int(i) for i in np.argsort(-scores, kind="stable")]

    @staticmethod
    def fuse(*rankings: list[int], k: int = RRF_K) -> list[int]:
        score: dict[int, float] = {}
        for ranking in rankings:
            for rank, i in enumerate(ranking):
                score[i] = score.get(i, 0.0) + 1.0 / (k + rank + 1)
        return sorted(score, key=lambda i: (-score[i], i))

    def pack(self, ranking: list[int], budget_tokens: int) -> str:
        """The best-ranked turns that fit in `budget_tokens`, one per line, best first."""
        used, lines = 0, []
        for i in ranking:
            cost = self.tokens[i] + 1  # the line break
            if used + cost > budget_tokens:
                continue
            lines.append(self.texts[i])
            used += cost
            if budget_tokens - used < 4:
                break
        return "\n".join(lines)

    def turn_ids(self, ranking: list[int], k: int) -> list[list[str]]:
        return [[self.ids[i]] for i in ranking[:k]]
