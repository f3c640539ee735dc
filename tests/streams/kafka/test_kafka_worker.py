"""The worker's changelog discipline, driven in process against the real broker: one store per
partition (dropped when the partition goes, restored from its own offset when it comes), restores
larger than one read, and transactions: an aborted one leaves nothing for read_committed readers,
and a crash between the local write and the commit rebuilds only that partition's store."""
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


def test_a_store_resumed_after_its_forget_was_compacted_away_keeps_no_forgotten_key(broker, tmp_path):
    """Another owner forgot the subject while this worker was stopped (its store kept on disk), and
    compaction removed even the tombstones: resuming the store must still leave its keys destroyed."""
    kcfg = kafka_settings(broker, partitions=1, keys_segment_ms=500)
    turns = [{"tenant_id": "t", "user_id": "s", "session_id": "s1", "turn_id": f"t{n}", "role": "user",
              "text": text, "occurred_at": f"2026-03-02T09:0{n}:00Z"}
             for n, text in enumerate(["My dog Zorbulax loves the beach.", "I prefer Zorbulax tea."])]

    async def scenario() -> tuple[list, list, bool]:
        a = await _worker(kcfg, tmp_path / "a", {0})
        await a.handle(_records(kcfg, turns))
        await a.stop()
        b = await _worker(kcfg, tmp_path / "b", {0})
        async with b.lock:
            await b.serve("t", "s", lambda engine: engine.forget(tenant_id="t", user_id="s", subject=True))
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
        again = await _worker(kcfg, tmp_path / "a", {0})
        async with again.lock:
            await again.ensure_ready([0])
        store = again.stores[0]
        names = [n for n in store.rt.keys.names() if "1:s/" in n]
        texts = [r.text for r in store.engine.records("t", "s", include_inactive=True)]
        resumed = store.resumed
        await again.stop()
        return names, texts, resumed

    names, texts, resumed = asyncio.run(scenario())
    assert resumed  # the store on disk was resumed, not rebuilt
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
        async with w.lock:
            await w.revoke({1})
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
        published, keys = b.counts["published"], len(b.stores[0].pending_keys)
        await b.stop()
        return before, after, published, keys

    before, after, published, keys = asyncio.run(scenario())
    assert after == before == embedded_digest(turns, tmp_path / "reference")
    assert published == 0 and keys == 0  # nothing decided again, no key made again


def _partition_turns(kcfg, turns: list[dict], partition: int) -> list[dict]:
    from streams.kafka.topics import partition_of, subject_key

    return [t for t in turns if partition_of(subject_key(t["tenant_id"], t["user_id"]), kcfg.partitions) == partition]


async def _changelog(kcfg, topic: str, partition: int, isolation: str) -> list[tuple[bytes | None, bytes | None]]:
    """Everything on a changelog partition as a consumer with this isolation level reads it."""
    from aiokafka import AIOKafkaConsumer, TopicPartition

    tp = TopicPartition(f"{kcfg.topic_prefix}-{topic}", partition)
    consumer = AIOKafkaConsumer(bootstrap_servers=kcfg.bootstrap, group_id=None, isolation_level=isolation,
                                auto_offset_reset="earliest", enable_auto_commit=False)
    await consumer.start()
    try:
        consumer.assign([tp])
        end = (await consumer.end_offsets([tp]))[tp]
        out = []
        while await consumer.position(tp) < end:
            for msg in (await consumer.getmany(tp, timeout_ms=500)).get(tp, []):
                if msg.offset < end:
                    out.append((msg.key, msg.value))
        return out
    finally:
        await consumer.stop()


def _cut_short(worker, after: int = 3):
    """Makes the worker's next transaction send only part of its events and then lose the broker,
    as a worker that dies in the middle of a transaction; later transactions are untouched."""
    from aiokafka.errors import KafkaConnectionError

    import streams.kafka.worker as module

    real = worker._send_in_transaction
    state = {"armed": True}

    async def partial(producer, p, keys, events, letters, offsets):
        if not state["armed"]:
            return await real(producer, p, keys, events, letters, offsets)
        state["armed"] = False
        for f, _ in await module._send_all(producer, worker.topics.events, p, events[:after]):
            await f
        raise KafkaConnectionError("broker unreachable")
    worker._send_in_transaction = partial


def test_an_aborted_transaction_leaves_no_partial_batch_for_read_committed_readers_and_the_store_is_rebuilt(broker, tmp_path):
    import json

    kcfg = kafka_settings(broker, partitions=2, publish_retries=2)
    turns = synthetic_turns(120, subjects=4, tenant="abort")
    first, second = turns[:60], turns[60:]
    p = 0
    mine = _partition_turns(kcfg, second, p)
    assert mine and len(mine) < len(second)

    async def scenario() -> tuple:
        w = await _worker(kcfg, tmp_path / "w", {0, 1})
        await w.handle(_records(kcfg, first))
        other = w.stores[1]
        published_before = w.counts["published"]
        _cut_short(w)
        await w.handle(_records(kcfg, [t for t in second if t in mine], start_offset=60))
        committed = await _changelog(kcfg, "events", p, "read_committed")
        everything = await _changelog(kcfg, "events", p, "read_uncommitted")
        digest = w.digest()
        untouched = w.stores[1] is other
        counts = dict(w.counts)
        await w.stop()
        return committed, everything, digest, untouched, counts, published_before

    committed, everything, digest, untouched, counts, published_before = asyncio.run(scenario())
    ids = [json.loads(v)["event_id"] for _, v in committed]
    assert len(ids) == len(set(ids))  # the retried batch is on the changelog once
    assert len(everything) == len(committed) + 3  # the aborted part is there, but not readable committed
    assert counts["aborted"] == 1 and counts["rebuilt"] == 1
    assert untouched  # only the failed partition's store was rebuilt
    reference = embedded_digest(first + mine, tmp_path / "reference")
    assert digest == reference


def test_a_crash_between_the_local_write_and_the_commit_rebuilds_only_that_partitions_store(broker, tmp_path):
    kcfg = kafka_settings(broker, partitions=2, publish_retries=0)
    turns = synthetic_turns(120, subjects=4, tenant="crash")
    first, second = turns[:60], turns[60:]
    mine = _partition_turns(kcfg, second, 0)

    async def scenario() -> tuple:
        from streams.kafka.worker import PublishFailed

        w = await _worker(kcfg, tmp_path / "w", {0, 1})
        await w.handle(_records(kcfg, first))
        _cut_short(w)
        with pytest.raises(PublishFailed):
            await w.handle(_records(kcfg, mine, start_offset=60))
        await w.stop()  # the process would stop here; nothing of `mine` was committed
        again = await _worker(kcfg, tmp_path / "w", {0, 1})
        async with again.lock:
            await again.ensure_ready([0, 1])
        resumed = {p: again.stores[p].resumed for p in (0, 1)}
        await again.handle(_records(kcfg, second, start_offset=60))  # redelivered
        digest = again.digest()
        await again.stop()
        return resumed, digest

    resumed, digest = asyncio.run(scenario())
    assert resumed == {0: False, 1: True}  # the store with uncommitted writes was rebuilt, the other kept
    assert digest == embedded_digest(turns, tmp_path / "reference")


def test_a_revoked_partitions_subjects_are_dropped_and_a_partition_that_comes_back_is_kept(broker, tmp_path):
    from streams.kafka.worker import NotOwnedError

    kcfg = kafka_settings(broker, partitions=2)
    turns = synthetic_turns(80, subjects=4, tenant="drop")
    kept = _partition_turns(kcfg, turns, 0)
    gone = _partition_turns(kcfg, turns, 1)
    assert kept and gone

    async def scenario() -> tuple:
        w = await _worker(kcfg, tmp_path / "w", {0, 1})
        await w.handle(_records(kcfg, turns))
        gone_dir = w.stores[1].dir
        store0 = w.stores[0]
        # A rebalance (eager): everything is revoked, then partition 0 alone comes back.
        async with w.lock:
            await w.revoke({0, 1})
        with pytest.raises(NotOwnedError):
            w.engine_for(kept[0]["tenant_id"], kept[0]["user_id"])  # suspended while the group rebalances
        w.assign({0})
        async with w.lock:
            await w.ensure_ready([0])
        assert w.stores[0] is store0  # kept through the rebalance, not rebuilt
        with pytest.raises(NotOwnedError):
            w.engine_for(gone[0]["tenant_id"], gone[0]["user_id"])
        served = w.engine_for(kept[0]["tenant_id"], kept[0]["user_id"]).records(kept[0]["tenant_id"], kept[0]["user_id"])
        digest = w.digest()
        held = sorted(w.stores)
        await w.stop()
        return gone_dir.exists(), held, digest, served

    exists, stores, digest, served = asyncio.run(scenario())
    assert not exists and stores == [0]
    assert served
    assert digest == embedded_digest(kept, tmp_path / "reference")


def test_a_gained_partition_is_restored_from_its_offset_without_rebuilding_the_others(broker, tmp_path):
    kcfg = kafka_settings(broker, partitions=2)
    turns = synthetic_turns(160, subjects=6, tenant="gain")
    first, second = turns[:80], turns[80:]
    later = _partition_turns(kcfg, second, 1)

    async def scenario() -> tuple:
        a = await _worker(kcfg, tmp_path / "a", {0, 1})
        await a.handle(_records(kcfg, first))
        await a.stop()
        b = await _worker(kcfg, tmp_path / "b", {1})  # partition 1 moves to b while a is away
        await b.handle(_records(kcfg, later, start_offset=80))
        written = b.counts["published"]
        await b.stop()
        again = await _worker(kcfg, tmp_path / "a", {0, 1})  # both partitions come back to a
        async with again.lock:
            await again.ensure_ready([0])
        store0 = again.stores[0]
        assert again.counts["restored"] == 0  # nobody wrote to partition 0 meanwhile
        async with again.lock:
            await again.ensure_ready([0, 1])
        kept = again.stores[0] is store0
        resumed = {p: again.stores[p].resumed for p in (0, 1)}
        restored = again.counts["restored"]
        digest = again.digest()
        await again.stop()
        return written, kept, resumed, restored, digest

    written, kept, resumed, restored, digest = asyncio.run(scenario())
    assert kept and resumed == {0: True, 1: True}
    assert written > 0 and restored == written  # only what b wrote after the store's offset
    assert digest == embedded_digest(first + later, tmp_path / "reference")


def test_a_batchs_input_offsets_are_committed_with_its_output_and_handled_input_is_deleted(broker, tmp_path):
    """The transaction commits the group's offset; input is deleted up to it and no further (a
    consumer whose committed offset was deleted would jump)."""
    from aiokafka import TopicPartition
    from aiokafka.admin import AIOKafkaAdminClient

    from streams.kafka.client import Producer

    kcfg = kafka_settings(broker, partitions=1)
    turns = synthetic_turns(20, subjects=1, tenant="trunc")
    tp = TopicPartition(kcfg.topic_prefix + "-turns", 0)

    async def scenario() -> list[tuple[int | None, int]]:
        from aiokafka import AIOKafkaConsumer

        async with Producer(kcfg) as producer:
            await producer.send_turns(turns)
        w = await _worker(kcfg, tmp_path / "w", {0})
        admin = AIOKafkaAdminClient(bootstrap_servers=kcfg.bootstrap)
        consumer = AIOKafkaConsumer(bootstrap_servers=kcfg.bootstrap, group_id=None)
        await admin.start()
        await consumer.start()
        seen = []

        async def look() -> None:
            from aiokafka.errors import GroupCoordinatorNotAvailableError

            for _ in range(50):  # a broker started for this test has no group coordinator at first
                try:
                    committed = await admin.list_consumer_group_offsets(kcfg.app_id, partitions=[tp])
                    break
                except GroupCoordinatorNotAvailableError:
                    await asyncio.sleep(0.2)
            seen.append((committed[tp].offset if tp in committed else None,
                         (await consumer.beginning_offsets([tp]))[tp]))
        try:
            await look()
            await w.handle(_records(kcfg, turns[:10]))
            await look()
            await w.handle(_records(kcfg, turns[10:], start_offset=10))
            await look()
        finally:
            await consumer.stop()
            await admin.close()
            await w.stop()
        return seen

    before, first, second = asyncio.run(scenario())
    assert before[1] == 0 and before[0] in (None, -1)
    assert first == (10, 10) and second == (20, 20)


def test_a_partition_count_other_than_the_topics_is_refused_with_a_clear_error(broker):
    from streams.kafka.worker import TopicLayoutError, ensure_topics

    kcfg = kafka_settings(broker, partitions=2)
    asyncio.run(ensure_topics(kcfg))
    with pytest.raises(TopicLayoutError, match="has 2 partitions"):
        asyncio.run(ensure_topics(kcfg.model_copy(update={"partitions": 4})))
