"""Reading the changelog topics (events, keys) back: to restore a worker's partitions, or to replay
the whole log into a fresh directory."""
from __future__ import annotations

from typing import AsyncIterator

from aiokafka import AIOKafkaConsumer, TopicPartition

from engine.crypto import Sealer
from streams.codec import decode_event, memory_ids_of
from streams.embedded import EmbeddedRuntime
from streams.kafka.inputs import TICK_KEY  # a worker's segment-roll tombstone on the keys topic

CHUNK = 5_000


async def read_partition(bootstrap: str, topic: str, partition: int, start: int = 0
                         ) -> AsyncIterator[list[tuple[int, bytes | None, bytes | None]]]:
    """Yields chunks of (offset, key, value) from `start` to the partition's end as of the call.

    Only committed transactions are read (isolation_level="read_committed"): a worker publishes a
    batch's events, keys and dead letters in one transaction, so a batch is read whole or not at
    all, and the end is the last stable offset (an open transaction's records are not waited for).
    """
    consumer = AIOKafkaConsumer(bootstrap_servers=bootstrap, group_id=None, enable_auto_commit=False,
                                auto_offset_reset="earliest", fetch_max_bytes=16 * 1024 * 1024,
                                isolation_level="read_committed")
    await consumer.start()
    try:
        tp = TopicPartition(topic, partition)
        consumer.assign([tp])
        end = (await consumer.end_offsets([tp]))[tp]
        first = (await consumer.beginning_offsets([tp]))[tp]
        position = max(start, first)
        if position >= end:
            return
        consumer.seek(tp, position)
        chunk: list[tuple[int, bytes | None, bytes | None]] = []
        while position < end:
            batches = await consumer.getmany(tp, timeout_ms=500, max_records=CHUNK)
            for msg in batches.get(tp, []):
                if msg.offset >= end:
                    break
                chunk.append((msg.offset, msg.key, msg.value))
                position = msg.offset + 1
            if len(chunk) >= CHUNK:
                yield chunk
                chunk = []
            # Offsets can be missing (compaction, transaction markers, aborted writes): the
            # consumer's position has moved past them.
            position = max(position, await consumer.position(tp))
        if chunk:
            yield chunk
    finally:
        await consumer.stop()


def restore_keys(rt: EmbeddedRuntime, records: list[tuple[int, bytes | None, bytes | None]]) -> None:
    rt.keys.restore([(key.decode(), value) for _, key, value in records if key is not None and key != TICK_KEY])


def append_events(rt: EmbeddedRuntime, records: list[tuple[int, bytes | None, bytes | None]]) -> int:
    """Appends logged events to the local log (ids already there are skipped); returns how many
    entries could not be decoded and were left out."""
    entries, bad = [], 0
    sealer: Sealer = rt.sealer
    for _, _, raw in records:
        try:
            event = decode_event(raw, sealer)
        except Exception:
            bad += 1
            continue
        entries.append((event.event_id, raw, memory_ids_of(event)))
    with rt.lock:
        rt.log.append(entries)
    return bad
