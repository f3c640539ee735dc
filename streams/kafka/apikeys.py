"""The HTTP API's keys on Kafka: the compacted topic `<prefix>-api-keys`, keyed by key id.

Each message holds one key's whole history as a JSON list of the entries streams.api.keys folds
(`[create]`, then `[create, revoke]` once revoked): compaction keeps the latest message of each key
id, and that message alone rebuilds the key. Only the key's SHA-256 travels, never the key. The
change stream's cursor secret travels here too (`add_cursor_secret`; what it protects is how much
the tenants write, which a reader of the topics sees anyway).

`memstream keys create|list|revoke --broker kafka://HOST:PORT` writes and reads it (`KafkaKeys`);
every worker folds it from the beginning into a `KeyRing` and follows it (`KeyFollower`).
"""
from __future__ import annotations

import asyncio
import json
import logging
from datetime import timedelta
from typing import Iterable

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from aiokafka.errors import KafkaError

from engine.errors import InvalidCommandError
from schemas.api import KeyInfo
from streams.api.keys import KeyRing, new_key, revoke_entry
from streams.kafka.config import KafkaSettings
from streams.kafka.topics import Topics, partition_of

log = logging.getLogger("memstream.kafka")


def _entries(value: bytes | None) -> list[dict]:
    if value is None:
        return []
    try:
        data = json.loads(value)
    except ValueError:
        return []
    items = data if isinstance(data, list) else [data]
    return [e for e in items if isinstance(e, dict)]


def fold(ring: KeyRing, value: bytes | None) -> None:
    for entry in _entries(value):
        ring.apply(entry)


async def read_ring(kcfg: KafkaSettings) -> tuple[KeyRing, dict[int, list[dict]]]:
    """The keys as the topic holds them now, and each key id's history (to extend on revoke)."""
    topics = Topics(kcfg.topic_prefix)
    ring = KeyRing()
    history: dict[str, list[dict]] = {}
    consumer = AIOKafkaConsumer(bootstrap_servers=kcfg.bootstrap, group_id=None, enable_auto_commit=False,
                                auto_offset_reset="earliest")
    await consumer.start()
    try:
        tps = [TopicPartition(topics.api_keys, p) for p in range(kcfg.partitions)]
        consumer.assign(tps)
        ends = await consumer.end_offsets(tps)
        await consumer.seek_to_beginning(*tps)
        todo = {tp for tp in tps if ends[tp] > 0}
        while todo:
            batches = await consumer.getmany(*todo, timeout_ms=500)
            for tp, messages in batches.items():
                for msg in messages:
                    if msg.key is not None:
                        history[msg.key.decode()] = _entries(msg.value)
                        fold(ring, msg.value)
            for tp in list(todo):
                if await consumer.position(tp) >= ends[tp]:
                    todo.discard(tp)
    finally:
        await consumer.stop()
    return ring, history


class KafkaKeys:
    """What `memstream keys ... --broker` does."""

    def __init__(self, kcfg: KafkaSettings):
        self.kcfg = kcfg
        self.topics = Topics(kcfg.topic_prefix)

    async def _publish(self, key_id: str, entries: list[dict], partition: int | None = None) -> None:
        from streams.kafka.worker import ensure_topics

        await ensure_topics(self.kcfg)
        producer = AIOKafkaProducer(bootstrap_servers=self.kcfg.bootstrap, acks="all", enable_idempotence=True)
        await producer.start()
        try:
            key = key_id.encode()
            await producer.send_and_wait(self.topics.api_keys, json.dumps(entries, sort_keys=True).encode(), key=key,
                                         partition=partition_of(key, self.kcfg.partitions) if partition is None
                                         else partition)
        finally:
            await producer.stop()

    async def create(self, tenant_id: str, scopes: Iterable[str] | str, name: str | None = None,
                     ttl: timedelta | None = None) -> tuple[KeyInfo, str]:
        entry, token = new_key(tenant_id, scopes, name, ttl)
        await self._publish(entry["key_id"], [entry])
        ring = KeyRing()
        ring.apply(entry)
        return ring.info(entry["key_id"]), token

    async def list(self, tenant_id: str | None = None) -> list[KeyInfo]:
        from streams.kafka.worker import ensure_topics

        await ensure_topics(self.kcfg)
        ring, _ = await read_ring(self.kcfg)
        return ring.list(tenant_id)

    async def revoke(self, key_id: str) -> KeyInfo:
        from streams.kafka.worker import ensure_topics

        await ensure_topics(self.kcfg)
        ring, history = await read_ring(self.kcfg)
        if key_id not in ring:
            raise InvalidCommandError(f"no API key {key_id!r} on {self.topics.api_keys}; "
                                      "`memstream keys list --broker ...` shows them")
        entry = revoke_entry(key_id)
        await self._publish(key_id, [e for e in history[key_id] if e.get("op") != "revoke"] + [entry])
        ring.apply(entry)
        return ring.info(key_id)


    async def add_cursor_secret(self) -> None:
        """Publishes a new change-stream cursor secret (streams.api.cursors). Every one goes to
        partition 0 under a key of its own (compaction keeps them all), so every worker folds them in
        the same order and uses the first."""
        from streams.api.cursors import new_secret_entry

        entry = new_secret_entry()
        await self._publish(f"cursor-secret/{entry['id']}", [entry], partition=0)


class KeyFollower:
    """A worker's KeyRing, folded from the beginning of the API keys topic and kept following it.
    `caught_up` is set once everything the topic held when the worker started is folded."""

    def __init__(self, kcfg: KafkaSettings):
        self.kcfg = kcfg
        self.topics = Topics(kcfg.topic_prefix)
        self.ring = KeyRing()
        self.caught_up = asyncio.Event()
        self._task: asyncio.Task | None = None

    async def start(self) -> None:
        self._task = asyncio.ensure_future(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):
                pass
            self._task = None

    async def _run(self) -> None:
        while True:
            consumer = AIOKafkaConsumer(bootstrap_servers=self.kcfg.bootstrap, group_id=None,
                                        enable_auto_commit=False, auto_offset_reset="earliest")
            try:
                await consumer.start()
                tps = [TopicPartition(self.topics.api_keys, p) for p in range(self.kcfg.partitions)]
                consumer.assign(tps)
                ends = await consumer.end_offsets(tps)
                await consumer.seek_to_beginning(*tps)
                ring = KeyRing()
                behind = {tp for tp in tps if ends[tp] > 0}
                if not behind:
                    self.ring = ring
                    self.caught_up.set()
                while True:
                    batches = await consumer.getmany(timeout_ms=500)
                    for tp, messages in batches.items():
                        for msg in messages:
                            fold(ring, msg.value)
                    if not self.caught_up.is_set():
                        for tp in list(behind):
                            if await consumer.position(tp) >= ends[tp]:
                                behind.discard(tp)
                        if not behind:
                            self.ring = ring
                            self.caught_up.set()
                    else:
                        self.ring = ring
            except asyncio.CancelledError:
                raise
            except (KafkaError, OSError) as exc:
                log.warning("reading the API keys topic failed (%r); starting over", exc)
                await asyncio.sleep(1.0)
            finally:
                try:
                    await consumer.stop()
                except Exception:
                    pass
