"""The deterministic core knows nothing of Kafka: no module in engine/ imports faust or aiokafka."""
from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
FORBIDDEN = ("faust", "aiokafka", "mode", "streams.kafka")


def test_engine_imports_no_kafka_library():
    offenders = []
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                if any(name == f or name.startswith(f + ".") for f in FORBIDDEN):
                    offenders.append(f"{path.name}: {name}")
    assert not offenders
