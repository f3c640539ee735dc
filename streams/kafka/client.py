"""Talking to a memstream deployment on Kafka from outside: producing turns and commands, waiting
for the workers to catch up, and replaying the events topic into a fresh directory."""
from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any, Iterable, Mapping

from aiokafka import AIOKafkaProducer, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient
from aiokafka.errors import KafkaError

from engine.digest import view_digest
from engine.embedder import Embedder, shared_embedder
from engine.settings import Settings
from streams.embedded import EmbeddedRuntime
from streams.kafka.changelog import append_events, read_partition, restore_keys
from streams.kafka.config import KafkaSettings
from streams.kafka.topics import Topics, partition_of, subject_key


def _subject(message: Mapping[str, Any]) -> bytes:
    tenant, user = message.get("tenant_id"), message.get("user_id")
    if not isinstance(tenant, str) or not isinstance(user, str):
        # Unkeyable: still sent, so the worker dead-letters it with its reason.
        return b""
    return subject_key(tenant, user)


class Producer:
    """An idempotent producer (acks=all): a turn it acknowledged survives a broker restart."""

    def __init__(self, kcfg: KafkaSettings):
        self.kcfg = kcfg
        self.topics = Topics(kcfg.topic_prefix)
        self._producer = AIOKafkaProducer(bootstrap_servers=kcfg.bootstrap, acks="all",
                                          enable_idempotence=True, linger_ms=5,
                                          request_timeout_ms=30_000, retry_backoff_ms=200)

    async def __aenter__(self) -> "Producer":
        from streams.kafka.worker import ensure_topics

        # Created here with their configuration (retention, segments, compaction), not left to the
        # broker's auto-creation with its defaults.
        await ensure_topics(self.kcfg)
        await self._producer.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self._producer.stop()

    async def send_raw(self, topic: str, key: bytes | None, value: bytes) -> None:
        partition = partition_of(key, self.kcfg.partitions) if key else 0
        await (await self._producer.send(topic, value=value, key=key, partition=partition))

    async def send_turns(self, turns: Iterable[Mapping[str, Any]]) -> int:
        """Sends turns and waits until the broker has acknowledged every one."""
        futures = []
        for turn in turns:
            key = _subject(turn)
            futures.append(await self._producer.send(
                self.topics.turns, value=json.dumps(turn, default=str).encode(), key=key or None,
                partition=partition_of(key, self.kcfg.partitions) if key else 0))
        await asyncio.gather(*futures)
        return len(futures)

    async def send_turns_retrying(self, turns: Iterable[Mapping[str, Any]], acknowledged: list[str],
                                  timeout_s: float = 60, pause_s: float = 0.5) -> None:
        """Sends turns one by one as a client that retries what was not acknowledged (through a
        broker restart, say); each acknowledged turn's id is appended to `acknowledged` as it is.
        A turn sent twice is one turn: ingest is idempotent by turn id."""
        for turn in turns:
            while True:
                try:
                    await asyncio.wait_for(self.send_turns([turn]), timeout=timeout_s)
                    acknowledged.append(turn["turn_id"])
                    break
                except Exception:
                    await asyncio.sleep(pause_s)

    async def send_command(self, command: str, **fields: Any) -> None:
        message = {"command": command, **fields}
        key = _subject(message)
        await self.send_raw(self.topics.commands, key or None, json.dumps(message, default=str).encode())


async def lag(kcfg: KafkaSettings) -> int:
    """Input messages the workers' group has not committed yet (turns and commands)."""
    topics = Topics(kcfg.topic_prefix)
    admin = AIOKafkaAdminClient(bootstrap_servers=kcfg.bootstrap)
    await admin.start()
    try:
        from aiokafka import AIOKafkaConsumer

        consumer = AIOKafkaConsumer(bootstrap_servers=kcfg.bootstrap, group_id=None)
        await consumer.start()
        try:
            tps = [TopicPartition(t, p) for t in (topics.turns, topics.commands) for p in range(kcfg.partitions)]
            ends = await consumer.end_offsets(tps)
        finally:
            await consumer.stop()
        committed = await admin.list_consumer_group_offsets(kcfg.app_id)
        return sum(max(0, end - (committed[tp].offset if tp in committed else 0)) for tp, end in ends.items())
    finally:
        await admin.close()


async def wait_caught_up(kcfg: KafkaSettings, timeout: float = 120.0, poll: float = 0.3) -> None:
    """Returns once the workers have committed every input message, or raises TimeoutError."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if await lag(kcfg) == 0:
                return
        except KafkaError:
            pass  # e.g. the group coordinator is still loading after a broker restart
        if time.monotonic() > deadline:
            raise TimeoutError(f"workers still behind after {timeout:.0f} s")
        await asyncio.sleep(poll)


async def replay(kcfg: KafkaSettings, into: str | Path, *, embedder: Embedder | None = None) -> str:
    """Rebuilds the whole view from the keys and events topics in a fresh directory; returns its
    digest. Replay re-applies recorded decisions; it decides nothing."""
    into = Path(into)
    if into.exists() and any(into.iterdir()):
        raise FileExistsError(f"replay target {into} is not empty")
    topics = Topics(kcfg.topic_prefix)
    settings = Settings()
    rt = EmbeddedRuntime(into, settings, (lambda: embedder) if embedder else (lambda: shared_embedder(settings.embedder)))
    try:
        for p in range(kcfg.partitions):
            async for chunk in read_partition(kcfg.bootstrap, topics.keys, p):
                restore_keys(rt, chunk)
        for p in range(kcfg.partitions):
            async for chunk in read_partition(kcfg.bootstrap, topics.events, p):
                append_events(rt, chunk)
        with rt.keys.subject_destruction_suspended():
            rt.process(decide=False, embed=False)
        return view_digest((rt.state(*s) for s in rt.subjects()), ordered=True)
    finally:
        rt.close()
