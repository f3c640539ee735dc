"""Faults against a real broker and real worker processes: a worker killed mid-stream, a broker
restarted while producing, bad messages, a worker lost from a group of two, a wiped local directory.

The reference for every run is the embedded runtime over the same turns: equal view digests mean no
turn lost, no record duplicated, and the same decisions."""
from __future__ import annotations

import asyncio
import json
import shutil
import time

import pytest
from kafka_harness import (
    Broker,
    embedded_digest,
    kafka_settings,
    replay_digest,
    run,
    send_turns,
    synthetic_turns,
    wait_caught_up,
    worker_digest,
)

pytestmark = pytest.mark.kafka


def _turn_ids_in_changelog(kcfg, tmp_path) -> list[str]:
    from engine import MemoryEngine

    into = tmp_path / "audit-replay"
    replay_digest(kcfg, into)
    with MemoryEngine.open(into) as engine:
        rt = engine.runtime
        from streams.codec import decode_event

        ids = []
        for _, raw in rt.log.read(0):
            event = decode_event(raw, rt.sealer)
            if event.payload.type == "turn_received":
                ids.append(event.payload.turn_id)
        return ids


def test_sigkill_mid_stream_then_restart_loses_nothing_and_duplicates_nothing(kcfg, spawn_worker, tmp_path):
    turns = synthetic_turns(900)
    reference = embedded_digest(turns, tmp_path / "reference")
    send_turns(kcfg, turns)
    worker = spawn_worker(kcfg, "w1")
    # Killed while it is working through the backlog: some batches published, the rest not.
    worker.wait_until(lambda st: 0 < st["turns"] < len(turns), timeout=180)
    worker.kill()
    restarted = spawn_worker(kcfg, "w1-again", data_dir=worker.data_dir)
    wait_caught_up(kcfg)
    restarted.wait_ready()
    live = restarted.get("/digest")["digest"]
    restarted.stop()

    ids = _turn_ids_in_changelog(kcfg, tmp_path)
    assert sorted(ids) == sorted(t["turn_id"] for t in turns)  # every turn, none twice
    assert worker_digest(worker.data_dir) == live == reference
    assert replay_digest(kcfg, tmp_path / "replay") == reference


def test_broker_restart_while_producing_loses_no_acknowledged_turn(tmp_path, spawn_worker):
    from streams.kafka.client import Producer

    own = Broker(tmp_path / "kafka-own")
    own.start()
    try:
        kcfg = kafka_settings(own.bootstrap)
        turns = synthetic_turns(400, subjects=4, tenant="restart")
        acknowledged: list[str] = []

        async def produce() -> None:
            async with Producer(kcfg) as producer:
                await producer.send_turns_retrying(turns, acknowledged)

        async def restart_broker_midway() -> None:
            while len(acknowledged) < 150:
                await asyncio.sleep(0.05)
            await asyncio.to_thread(own.stop)
            await asyncio.sleep(2)
            await asyncio.to_thread(own.start)

        async def both() -> None:
            await asyncio.gather(produce(), restart_broker_midway())

        run(both())
        assert len(acknowledged) == len(turns)
        worker = spawn_worker(kcfg, "w1")
        wait_caught_up(kcfg)
        worker.wait_ready()
        worker.stop()
        ids = _turn_ids_in_changelog(kcfg, tmp_path)
        assert sorted(ids) == sorted(acknowledged)
        assert worker_digest(worker.data_dir) == embedded_digest(turns, tmp_path / "reference")
    finally:
        own.stop()


def test_malformed_oversize_and_wrong_schema_messages_are_dead_lettered_and_work_goes_on(kcfg, spawn_worker, tmp_path):
    from aiokafka import AIOKafkaConsumer

    from streams.kafka.client import Producer
    from streams.kafka.topics import subject_key

    good = synthetic_turns(10, subjects=1, tenant="dlq")
    key = subject_key("dlq", "user0")
    wrong_subject = dict(good[0], turn_id="other", user_id="someone-else")

    async def produce() -> None:
        async with Producer(kcfg) as p:
            await p.send_turns(good[:5])
            await p.send_raw(p.topics.turns, key, b"{not json")
            await p.send_raw(p.topics.turns, key, json.dumps(dict(good[0], text="x" * 300_000)).encode())
            await p.send_raw(p.topics.turns, key, json.dumps({"tenant_id": "dlq", "user_id": "user0"}).encode())
            await p.send_raw(p.topics.turns, key, json.dumps(dict(good[0], role="robot")).encode())
            await p.send_raw(p.topics.turns, key, json.dumps(wrong_subject).encode())
            await p.send_raw(p.topics.commands, key, json.dumps({"command": "explode", "tenant_id": "dlq",
                                                                  "user_id": "user0"}).encode())
            await p.send_turns(good[5:])

    run(produce())
    worker = spawn_worker(kcfg, "w1")
    wait_caught_up(kcfg)
    worker.wait_ready()
    st = worker.status()
    worker.stop()
    assert st["turns"] == len(good) and st["dead_letters"] == 6

    async def letters() -> list[dict]:
        consumer = AIOKafkaConsumer(kcfg.topic_prefix + "-dead-letters", bootstrap_servers=kcfg.bootstrap,
                                    auto_offset_reset="earliest", group_id=None)
        await consumer.start()
        try:
            out = []
            deadline = time.monotonic() + 30
            while len(out) < 6 and time.monotonic() < deadline:
                for msgs in (await consumer.getmany(timeout_ms=500)).values():
                    out.extend(json.loads(m.value) for m in msgs)
            return out
        finally:
            await consumer.stop()

    reasons = sorted(letter["reason"] for letter in run(letters()))
    assert any(r.startswith("malformed: not JSON") for r in reasons)
    assert any(r.startswith("oversize: ") for r in reasons)
    assert any(r == "wrong schema: MissingFieldError (field session_id)" for r in reasons)
    assert any(r == "wrong schema: UnknownRoleError (field role)" for r in reasons)
    assert any(r.startswith("wrong key") for r in reasons)
    assert any("command must be one of" in r for r in reasons)
    assert not any("xxxx" in r for r in reasons)  # reasons never quote content
    assert worker_digest(worker.data_dir) == embedded_digest(good, tmp_path / "reference")


def test_two_workers_one_killed_its_partitions_move_and_processing_completes(kcfg, spawn_worker, tmp_path):
    turns = synthetic_turns(800, subjects=8, tenant="pair")
    reference = embedded_digest(turns, tmp_path / "reference")
    a = spawn_worker(kcfg, "a")
    b = spawn_worker(kcfg, "b")
    a.wait_ready()
    b.wait_ready()
    assert set(a.status()["assigned"]).isdisjoint(b.status()["assigned"])
    send_turns(kcfg, turns)
    a.wait_until(lambda st: st["turns"] > 0, timeout=120)
    a.kill()
    # b takes over a's partitions once the group notices (session timeout), restores them from
    # the changelog and finishes the backlog.
    b.wait_until(lambda st: st["assigned"] == list(range(kcfg.partitions)), timeout=120)
    wait_caught_up(kcfg)
    b.wait_ready()
    b.stop()
    assert replay_digest(kcfg, tmp_path / "replay") == reference
    assert worker_digest(b.data_dir) == reference


def test_a_wiped_local_directory_is_rebuilt_from_the_changelog(kcfg, spawn_worker, tmp_path):
    turns = synthetic_turns(300, subjects=4, tenant="wipe")
    send_turns(kcfg, turns)
    worker = spawn_worker(kcfg, "w1")
    wait_caught_up(kcfg)
    worker.wait_ready()
    worker.stop()
    before = worker_digest(worker.data_dir)
    shutil.rmtree(worker.data_dir)
    again = spawn_worker(kcfg, "w1-again", data_dir=worker.data_dir)
    again.wait_ready()
    assert again.status()["restored"] > 0
    again.stop()
    assert worker_digest(worker.data_dir) == before == embedded_digest(turns, tmp_path / "reference")
