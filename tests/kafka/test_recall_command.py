"""The `recall` command on the commands topic: the use of what a recall returns is recorded by the
subject's worker, in order with its input, exactly as `recall(record_use=True)` records it on the
embedded runtime (same events, same view)."""
from __future__ import annotations

import json

import pytest

from engine.settings import Settings
from kafka_harness import replay_digest, send_command, send_turns, wait_caught_up
from streams.kafka.inputs import CommandInput, Record, Rejected, parse
from streams.kafka.topics import Topics, subject_key

TOPICS = Topics("t")
TURNS = [{"tenant_id": "acme", "user_id": "u1", "session_id": "s1", "turn_id": f"t{i}", "role": "user", "text": text,
          "occurred_at": f"2026-03-02T09:0{i}:00Z"}
         for i, text in enumerate(["I'm allergic to hazelnuts, even a trace gives me hives.",
                                   "I work as a lighthouse keeper on the northern coast."])]
RECALL = {"tenant_id": "acme", "user_id": "u1", "query": "which nuts should I avoid", "k": 3,
          "now": "2026-03-05T10:00:00Z", "request_id": "use-1"}


def _parse(data: dict):
    return parse(Record(TOPICS.commands, 0, 3, subject_key("acme", "u1"), json.dumps(data).encode()),
                 turns_topic=TOPICS.turns, settings=Settings(), max_bytes=10_000)


def test_a_recall_command_parses_and_a_bad_one_is_a_dead_letter():
    cmd = _parse({"command": "recall", **RECALL})
    assert isinstance(cmd, CommandInput) and cmd.name == "recall" and cmd.request_id == "use-1"
    for bad, reason in (({"k": 0}, "k is an integer"), ({"k": "3"}, "k is an integer"),
                        ({"query": None}, "needs query"), ({"limit": 3}, "unexpected limit"),
                        ({"now": ""}, "now is a non-empty string")):
        rejected = _parse({"command": "recall", **RECALL, **bad})
        assert isinstance(rejected, Rejected) and reason in rejected.reason, rejected


@pytest.mark.kafka
def test_a_recall_command_records_use_as_the_embedded_recall_does(kcfg, spawn_worker, tmp_path):
    from engine import MemoryEngine

    worker = spawn_worker(kcfg)
    worker.wait_ready()
    send_turns(kcfg, TURNS)
    wait_caught_up(kcfg)
    send_command(kcfg, "recall", **RECALL)
    send_command(kcfg, "recall", **RECALL)  # the same request again: its use counts once
    wait_caught_up(kcfg)
    worker.stop()
    with MemoryEngine.open(tmp_path / "reference") as engine:
        engine.ingest_many(TURNS)
        engine.flush()
        engine.recall(**RECALL, record_use=True)
        engine.flush()
        reference = engine.view_digest()
        used = [r for r in engine.records("acme", "u1") if r.use_count]
    assert used  # the recall did record a use
    assert replay_digest(kcfg, tmp_path / "replay") == reference
    with MemoryEngine.open(tmp_path / "replay") as replayed:
        assert [(r.memory_id, r.use_count) for r in replayed.records("acme", "u1") if r.use_count] == \
               [(r.memory_id, r.use_count) for r in used]
