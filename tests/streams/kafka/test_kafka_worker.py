"""The worker's changelog discipline, driven in process against the real broker: partitions that
move away and come back, restores larger than one read, and a crash between the local write and
the publish."""
from __future__ import annotations

import asyncio
import time

import pytest
from kafka_harness import embedded_digest, kafka_settings, synthetic_turns

from streams.kafka.inputs import Record

pytestmark = pytest.mark.kafka


def _records(kcfg, turns: list[dict], start_offset: int = 0) -> list[Record]:
    import json

    from streams.kafka.topics import partition_of, subject_key

    out = []
    for n, t in enumerate(turns):
        key = subject_key(t["tenant_id"], t["user_id"])
        out.append(Record(kcfg.topic_prefix + "-turns", partition_of(key, kcfg.partitions),
                          start_offset + n, key, json.dumps(t).encode()))
    return out


async def _worker(kcfg, path, partitions=None):
    from streams.kafka.worker import Worker

    w = Worker(path, kcfg)
    await w.start()
    if partitions is not None:
        w.assign(partitions)
    return w


def test_a_partition_regained_after_its_forget_was_compacted_away_keeps_no_forgotten_key(broker, tmp_path):
    """Another owner forgot the subject while this worker was away, and compaction removed even the
    tombstones: regaining the partition must still leave its keys destroyed here."""
    kcfg = kafka_settings(broker, partitions=1, keys_segment_ms=500)
    turns = [{"tenant_id": "t", "user_id": "s", "session_id": "s1", "turn_id": f"t{n}", "role": "user",
              "text": text, "occurred_at": f"2026-03-02T09:0{n}:00Z"}
             for n, text in enumerate(["My dog Zorbulax loves the beach.", "I prefer Zorbulax tea."])]

    async def scenario() -> tuple[list, list]:
        a = await _worker(kcfg, tmp_path / "a", {0})
        await a.handle(_records(kcfg, turns))
        async with a.lock:
            a.revoke({0})
        b = await _worker(kcfg, tmp_path / "b", {0})
        async with b.lock:
            await b.ensure_ready([0])
            await b.run_engine(lambda: b.engine.forget(tenant_id="t", user_id="s", subject=True))
            await b.publish()
        # Later keys roll the keys topic's segment; the cleaner then drops the forgotten keys and,
        # soon after, their tombstones.
        other = {"tenant_id": "t", "user_id": "other", "session_id": "s1", "role": "user",
                 "occurred_at": "2026-03-02T10:00:00Z"}
        deadline = time.monotonic() + 90
        n = 0
        while time.monotonic() < deadline:
            n += 1
            await asyncio.sleep(1.0)
            await b.handle(_records(kcfg, [dict(other, turn_id=f"o{n}", text=f"I like chess, game {n}.")],
                                    start_offset=100 + n))
            if not await _tombstones_left(kcfg):
                break
        await b.stop()
        a.assign({0})
        async with a.lock:
            await a.ensure_ready([0])
        names = [n for n in a.rt.keys.names() if "1:s/" in n]
        texts = [r.text for r in a.engine.records("t", "s", include_inactive=True)]
        await a.stop()
        return names, texts

    names, texts = asyncio.run(scenario())
    assert names == [] and texts == []


async def _tombstones_left(kcfg) -> bool:
    from streams.kafka.changelog import read_partition

    async for chunk in read_partition(kcfg.bootstrap, kcfg.topic_prefix + "-keys", 0):
        if any(value is None and key.startswith(b"1:t/1:s/") for _, key, value in chunk):
            return True
    return False


def test_a_partition_revoked_before_its_restore_finishes_is_not_marked_ready(broker, tmp_path):
    kcfg = kafka_settings(broker, partitions=2)

    async def scenario() -> set:
        w = await _worker(kcfg, tmp_path / "w", {0, 1})
        w.revoke({1})
        async with w.lock:
            await w.ensure_ready([0, 1])
        ready = set(w.ready)
        await w.stop()
        return ready

    assert asyncio.run(scenario()) == {0}


def test_a_restore_longer_than_one_read_folds_logged_decisions_and_decides_nothing_again(broker, tmp_path, monkeypatch):
    import streams.kafka.changelog as changelog

    kcfg = kafka_settings(broker, partitions=1)
    turns = synthetic_turns(150, subjects=2, tenant="chunks")

    async def scenario() -> tuple[str, str, int, int]:
        a = await _worker(kcfg, tmp_path / "a", {0})
        await a.handle(_records(kcfg, turns))
        before = a.digest()
        await a.stop()
        monkeypatch.setattr(changelog, "CHUNK", 7)  # a batch's turns and its decisions fall in different reads
        b = await _worker(kcfg, tmp_path / "b", {0})
        async with b.lock:
            await b.ensure_ready([0])
        after = b.digest()
        published, keys = b.counts["published"], len(b._unpublished_keys)
        await b.stop()
        return before, after, published, keys

    before, after, published, keys = asyncio.run(scenario())
    assert after == before == embedded_digest(turns, tmp_path / "reference")
    assert published == 0 and keys == 0  # nothing decided again, no key made again


def test_a_crash_between_the_local_write_and_the_publish_is_rebuilt_from_the_changelog(broker, tmp_path):
    from aiokafka.errors import KafkaConnectionError

    from streams.kafka.worker import PublishFailed

    kcfg = kafka_settings(broker, partitions=2, publish_retries=0)
    turns = synthetic_turns(120, subjects=4, tenant="crash")
    first, second = turns[:60], turns[60:]

    async def scenario() -> str:
        w = await _worker(kcfg, tmp_path / "w", {0, 1})
        await w.handle(_records(kcfg, first))

        async def broker_gone(*_a, **_k):
            raise KafkaConnectionError("broker unreachable")
        w._publish_once = broker_gone
        with pytest.raises(PublishFailed):
            await w.handle(_records(kcfg, second, start_offset=60))
        await w.stop()  # the process would stop here; nothing of `second` was acknowledged
        again = await _worker(kcfg, tmp_path / "w", {0, 1})
        assert again.rt.log.next_seq == 0  # the untrusted directory was discarded
        await again.handle(_records(kcfg, second, start_offset=60))  # redelivered
        digest = again.digest()
        await again.stop()
        return digest

    assert asyncio.run(scenario()) == embedded_digest(turns, tmp_path / "reference")


def test_handled_input_is_deleted_only_up_to_the_groups_committed_offset(broker, tmp_path):
    """Deleting past the committed offset would make the next owner's consumer jump, and the stream
    library then never commits that partition again."""
    from aiokafka import AIOKafkaConsumer, TopicPartition
    from aiokafka.structs import OffsetAndMetadata

    from streams.kafka.client import Producer

    kcfg = kafka_settings(broker, partitions=1)
    turns = synthetic_turns(20, subjects=1, tenant="trunc")
    tp = TopicPartition(kcfg.topic_prefix + "-turns", 0)

    async def scenario() -> tuple[int, int]:
        async with Producer(kcfg) as producer:
            await producer.send_turns(turns)
        w = await _worker(kcfg, tmp_path / "w", {0})
        await w.handle(_records(kcfg, turns[:10]))
        consumer = AIOKafkaConsumer(bootstrap_servers=kcfg.bootstrap, group_id=kcfg.app_id, enable_auto_commit=False)
        await consumer.start()
        consumer.assign([tp])
        try:
            first = (await consumer.beginning_offsets([tp]))[tp]  # nothing committed: nothing deleted
            await consumer.commit({tp: OffsetAndMetadata(7, "")})
            await w.handle(_records(kcfg, turns[10:], start_offset=10))
            second = (await consumer.beginning_offsets([tp]))[tp]
        finally:
            await consumer.stop()
            await w.stop()
        return first, second

    assert asyncio.run(scenario()) == (0, 7)


def test_a_partition_count_other_than_the_topics_is_refused_with_a_clear_error(broker):
    from streams.kafka.worker import TopicLayoutError, ensure_topics

    kcfg = kafka_settings(broker, partitions=2)
    asyncio.run(ensure_topics(kcfg))
    with pytest.raises(TopicLayoutError, match="has 2 partitions"):
        asyncio.run(ensure_topics(kcfg.model_copy(update={"partitions": 4})))
