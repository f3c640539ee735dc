"""Loading the recall index before the embedder must not crash the process: usearch's extension
loaded before ONNX Runtime's made `import onnxruntime` a segmentation fault."""
from __future__ import annotations

import subprocess
import sys


def test_the_recall_index_then_the_onnx_runtime_load_in_one_process():
    code = "import engine.vector_index, engine.recall; import onnxruntime; print('loaded')"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "loaded"
