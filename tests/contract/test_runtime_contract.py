"""One contract, every runtime (in the style of backend contract suites: one abstract suite,
subclassed per runtime).

Each scenario file in scenarios/ is a list of operations: turns, remember, forget, sweep, recall
(with request ids, so every runtime names its events alike), and `expect` lines about the final
view. A runtime passes when, for every scenario, its final view has the same `view_digest` as the
engine driven directly in process, and meets the expectations.
"""
from __future__ import annotations

import json
import urllib.parse
from pathlib import Path
from typing import Any

import pytest

from engine import MemoryEngine

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.jsonl"))


def load(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def apply_op(engine: MemoryEngine, op: dict[str, Any]) -> None:
    """One operation through the facade (the reference, and the embedded runtime)."""
    kind, data = op["op"], {k: v for k, v in op.items() if k != "op"}
    if kind == "turn":
        engine.ingest(data)
    elif kind == "remember":
        engine.remember(data)
    elif kind == "forget":
        engine.forget(data)
    elif kind == "sweep":
        engine.sweep(data["now"], tenant_id=data["tenant_id"], user_id=data["user_id"],
                     request_id=data["request_id"])
    elif kind == "recall":
        engine.recall(tenant_id=data["tenant_id"], user_id=data["user_id"], query=data["query"],
                      now=data["now"], request_id=data["request_id"])
    elif kind != "expect":
        raise ValueError(f"unknown op {kind!r}")


def reference_digest(ops: list[dict], data_dir: Path) -> str:
    with MemoryEngine.open(data_dir) as engine:
        for op in ops:
            apply_op(engine, op)
        return engine.view_digest()


class RuntimeContract:
    """Subclasses run a scenario on their runtime and return the directory holding the final view."""

    def run(self, ops: list[dict], tmp_path: Path, request: pytest.FixtureRequest) -> Path:
        raise NotImplementedError

    @pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
    def test_scenario_gives_the_reference_view(self, scenario: Path, tmp_path: Path,
                                               request: pytest.FixtureRequest) -> None:
        ops = load(scenario)
        view_dir = self.run(ops, tmp_path, request)
        expected = reference_digest(ops, tmp_path / "reference")
        with MemoryEngine.open(view_dir) as engine:
            assert engine.view_digest() == expected
            for op in ops:
                if op["op"] != "expect":
                    continue
                texts = [r.text or "" for r in engine.records(op["tenant_id"], op["user_id"])]
                for needle in op["active_contains"]:
                    assert any(needle.lower() in t.lower() for t in texts), (needle, texts)
                for needle in op["active_lacks"]:
                    assert not any(needle.lower() in t.lower() for t in texts), (needle, texts)


class TestEmbeddedRuntime(RuntimeContract):
    """The embedded runtime, closed and reopened after every operation (recovery each time)."""

    def run(self, ops, tmp_path, request):
        data_dir = tmp_path / "embedded"
        for op in ops:
            with MemoryEngine.open(data_dir) as engine:
                apply_op(engine, op)
        return data_dir


@pytest.mark.kafka
class TestKafkaRuntime(RuntimeContract):
    """Turns and commands through the topics, reads through a worker's web views; the view is the
    stopped worker's directory, and replaying the topics must give it again."""

    def run(self, ops, tmp_path, request):
        from kafka_harness import replay_digest, send_command, send_turns, wait_caught_up

        kcfg = request.getfixturevalue("kcfg")
        worker = request.getfixturevalue("spawn_worker")(kcfg, "worker")
        pending: list[dict] = []

        def flush_turns() -> None:
            if pending:
                send_turns(kcfg, pending)
                pending.clear()
                wait_caught_up(kcfg)

        for op in ops:
            kind, data = op["op"], {k: v for k, v in op.items() if k != "op"}
            if kind == "turn":
                pending.append(data)
                continue
            flush_turns()  # a command acts on every turn sent before it
            if kind in ("remember", "forget", "sweep"):
                send_command(kcfg, kind, **data)
                wait_caught_up(kcfg)
            elif kind == "recall":
                worker.wait_ready()
                query = urllib.parse.urlencode({"query": data["query"], "now": data["now"],
                                                "request_id": data["request_id"]})
                worker.get(f"/subjects/{data['tenant_id']}/{data['user_id']}/recall?{query}")
        flush_turns()
        worker.wait_ready()
        worker.stop()
        view_dir = worker.data_dir / "engine"
        with MemoryEngine.open(view_dir) as engine:
            live = engine.view_digest()
        assert replay_digest(kcfg, tmp_path / "replay") == live
        return view_dir
