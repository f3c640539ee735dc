"""Forgetting on Kafka: after a subject is forgotten, nothing it said can be read back from the
broker's files or the worker's directory — the raw input is deleted once handled, the logged turns
are sealed, and their keys are compacted out of the keys topic."""
from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from kafka_harness import kafka_settings, replay_digest, run, send_turns, wait_caught_up

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "kafka"))
from kafka_api import KafkaApi  # noqa: E402

pytestmark = pytest.mark.kafka

CANARY = "Zorbulax"  # a word that appears nowhere else


def _files_containing(root: Path, needles: list[bytes], prefix: str = "") -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in root.rglob("*"):
        if prefix and not path.relative_to(root).parts[0].startswith(prefix):
            continue
        if not path.is_file():
            continue
        try:
            data = path.read_bytes()
        except OSError:
            continue  # a segment deleted while we scan
        hits = [n.hex()[:12] if len(n) == 32 else n.decode() for n in needles if n in data]
        if hits:
            found[str(path)] = hits
    return found


def _subject_keys(kcfg, tenant: str, user: str) -> list[bytes]:
    """The data keys of one subject as the keys topic holds them now (latest value per key)."""
    from engine.crypto import subject_prefix
    from streams.kafka.changelog import read_partition
    from streams.kafka.topics import partition_of, subject_key

    async def read() -> dict[bytes, bytes | None]:
        latest: dict[bytes, bytes | None] = {}
        p = partition_of(subject_key(tenant, user), kcfg.partitions)
        async for chunk in read_partition(kcfg.bootstrap, kcfg.topic_prefix + "-keys", p):
            for _, key, value in chunk:
                latest[key] = value
        return latest

    prefix = subject_prefix(tenant, user).encode()
    return [v[-32:] for k, v in run(read()).items() if k.startswith(prefix) and v is not None]


def test_a_forgotten_subject_cannot_be_read_back_from_the_broker_or_the_worker(broker, broker_log_dir, spawn_worker, tmp_path):
    kcfg = kafka_settings(broker, ingress_segment_ms=1000, keys_segment_ms=1000)

    def turn(user: str, n: int, text: str, session: str = "s1") -> dict:
        return {"tenant_id": "canary", "user_id": user, "session_id": session, "turn_id": f"{session}-t{n}",
                "role": "user", "text": text, "occurred_at": f"2026-03-02T09:{n:02d}:00Z"}

    send_turns(kcfg, [turn("x", 1, f"My dog {CANARY} loves the beach in Porto."),
                      turn("x", 2, f"I prefer {CANARY} brand tea over coffee."),
                      turn("y", 1, "I work as a nurse in Lyon.")])
    worker = spawn_worker(kcfg, "w1")
    wait_caught_up(kcfg)
    worker.wait_ready()
    keys_before = _subject_keys(kcfg, "canary", "x")
    assert len(keys_before) >= 2  # turn keys and memory keys, on the keys topic
    api = KafkaApi(kcfg, [worker])
    client = api.client(api.key("canary", "read,forget"))
    assert any(CANARY in (r["text"] or "") for r in client.get("/v1/users/x/recall", params={"q": "tea"}).json())

    forgotten = client.post("/v1/users/x/forget", json={"subject": True}).json()["memory_ids"]
    assert forgotten
    # No more traffic: the partition is quiet. The worker's segment-roll ticks alone must let the
    # broker delete the handled input and compact the destroyed keys away.

    needles = [CANARY.encode(), *keys_before]
    deadline = time.monotonic() + 90
    # This test's topics (and the group's offsets topic, which holds no content) on the shared broker.
    while ((found := _files_containing(broker_log_dir, needles, kcfg.topic_prefix))
           and time.monotonic() < deadline):
        time.sleep(1)
    assert not found, f"forgotten bytes still in the broker's files: {found}"

    send_turns(kcfg, [turn("x", 3, "Starting over: I like chess.", session="s2")])
    wait_caught_up(kcfg)

    # Reading the log back: the old turns are there, sealed, and cannot be opened.
    from engine import MemoryEngine
    from streams.codec import decode_event

    replay_digest(kcfg, tmp_path / "replay")
    with MemoryEngine.open(tmp_path / "replay") as engine:
        rt = engine.runtime
        turns = [e for _, raw in rt.log.read(0)
                 if (e := decode_event(raw, rt.sealer)).type == "turn_received" and e.user_id == "x"]
        assert {t.payload.turn_id: t.payload.text for t in turns} == {
            "s1-t1": None, "s1-t2": None, "s2-t3": "Starting over: I like chess."}
        assert [r.text for r in engine.records("canary", "y")]  # the other subject keeps its memories

    worker.stop()
    assert not _files_containing(worker.data_dir, needles)
