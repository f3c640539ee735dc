"""One Kafka worker's engine: the embedded engine on a local directory, kept in step with Kafka.

A batch of input messages goes through the facade exactly as on the embedded runtime; then whatever
the local log gained is published: first the data keys written or destroyed (to the compacted keys
topic), then the logged events (to the events topic, sealed bytes as logged). Only after both are
acknowledged does the batch count as handled, so the input offsets are committed after the changelog
holds the batch (at-least-once; every event is idempotent by id).

The local directory is a cache of the changelog. It is trusted only if everything in it was
published; a worker that stopped between its local write and its publish (a crash) discards the
directory on start and rebuilds the partitions it is given from the changelog, like a worker whose
directory was wiped.
"""
from __future__ import annotations

import asyncio
import json
import logging
import os
import shutil
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterable

from aiokafka import AIOKafkaProducer, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient, NewTopic, RecordsToDelete
from aiokafka.errors import KafkaError, TopicAlreadyExistsError

from engine.crypto import subject_of
from engine.embedder import Embedder
from engine.errors import MemstreamError
from engine.facade import MemoryEngine
from streams.kafka.changelog import append_events, read_partition, restore_keys
from streams.kafka.config import KafkaSettings
from streams.kafka.inputs import (
    TICK_KEY,
    CommandInput,
    Record,
    Rejected,
    TurnInput,
    error_reason,
    parse,
)
from streams.kafka.topics import Topics, partition_of, subject_key

log = logging.getLogger("memstream.kafka")

STATE_FILE = "kafka-state.json"


class TopicLayoutError(MemstreamError):
    """memstream's topics exist with another partition count than configured: a subject's traffic
    would land in different partitions of different topics."""


class PublishFailed(RuntimeError):
    """The changelog could not be written after every retry: the batch is not acknowledged."""


def _write_json_atomically(path: Path, data: Any) -> None:
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w") as fh:
        json.dump(data, fh)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
    fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


async def ensure_topics(kcfg: KafkaSettings) -> None:
    """Creates memstream's topics (same partition count everywhere); existing ones are left as they are."""
    topics = Topics(kcfg.topic_prefix)
    admin = AIOKafkaAdminClient(bootstrap_servers=kcfg.bootstrap)
    await admin.start()
    try:
        existing = set(await admin.list_topics())
        new = [NewTopic(name, kcfg.partitions, kcfg.replication, topic_configs=config)
               for name, config in topics.configs(kcfg).items() if name not in existing]
        if new:
            try:
                await admin.create_topics(new)
            except TopicAlreadyExistsError:
                pass
        # Co-partitioning holds only if every topic has the partition count this process assumes.
        names = list(topics.configs(kcfg))
        for topic in await admin.describe_topics(names):
            found = len(topic.get("partitions") or [])
            if topic.get("topic") in names and found and found != kcfg.partitions:
                raise TopicLayoutError(
                    f"topic {topic['topic']} has {found} partitions, but this process was told "
                    f"{kcfg.partitions} (MEMSTREAM_KAFKA_PARTITIONS / --partitions): use the topics' count")
    finally:
        await admin.close()


class Worker:
    def __init__(self, data_dir: str | Path, kcfg: KafkaSettings, *, embedder: Embedder | None = None):
        self.data_dir = Path(data_dir)
        self.kcfg = kcfg
        self.topics = Topics(kcfg.topic_prefix)
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self._state_path = self.data_dir / STATE_FILE
        self.engine = self._open_trusted(embedder)
        self.rt = self.engine.runtime  # the embedded runtime this worker publishes
        self.rt.keys.listener = self._key_changed
        self._unpublished_keys: list[tuple[str, bytes | None]] = []
        self.ready: set[int] = set()
        self.assigned: set[int] | None = None  # None: not in a group (every partition is ours)
        self.lock = asyncio.Lock()
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="memstream-engine")
        self.producer: AIOKafkaProducer | None = None
        self.admin: AIOKafkaAdminClient | None = None
        self.counts = {"turns": 0, "commands": 0, "dead_letters": 0, "published": 0, "restored": 0}

    # -- the local directory ---------------------------------------------------------------------
    def _load_state(self) -> dict[str, Any]:
        try:
            return json.loads(self._state_path.read_text())
        except (OSError, ValueError):
            return {}

    def _open_trusted(self, embedder: Embedder | None) -> MemoryEngine:
        engine_dir = self.data_dir / "engine"
        factory = {"embedder": embedder} if embedder is not None else {}
        state = self._load_state()
        if engine_dir.exists():
            engine = MemoryEngine.open(engine_dir, **factory)
            if state.get("published") == engine.runtime.position():
                self._state = state
                return engine
            engine.close()
            log.warning("local directory %s holds entries that were never published; rebuilding "
                        "it from the changelog", engine_dir)
            shutil.rmtree(engine_dir)
        self._state = {"published": 0, "restored": {}}
        _write_json_atomically(self._state_path, self._state)
        return MemoryEngine.open(engine_dir, **factory)

    def _save_state(self) -> None:
        _write_json_atomically(self._state_path, self._state)

    def _key_changed(self, name: str, value: bytes | None) -> None:
        self._unpublished_keys.append((name, value))

    # -- lifecycle -------------------------------------------------------------------------------
    async def start(self) -> None:
        await ensure_topics(self.kcfg)
        self.producer = AIOKafkaProducer(bootstrap_servers=self.kcfg.bootstrap, acks="all",
                                         enable_idempotence=True, linger_ms=5,
                                         max_request_size=16 * 1024 * 1024)
        await self.producer.start()
        self.admin = AIOKafkaAdminClient(bootstrap_servers=self.kcfg.bootstrap)
        await self.admin.start()

    async def stop(self) -> None:
        if self.producer is not None:
            await self.producer.stop()
            self.producer = None
        if self.admin is not None:
            await self.admin.close()
            self.admin = None
        self.pool.shutdown(wait=True)
        self.engine.close()

    async def run_engine(self, fn: Callable[[], Any]) -> Any:
        """Engine work runs on one thread beside the event loop, so heartbeats keep going."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn)

    # -- partitions ------------------------------------------------------------------------------
    def assign(self, partitions: Iterable[int]) -> None:
        """The group's current assignment for this worker (all of it)."""
        self.assigned = set(partitions)

    def revoke(self, partitions: Iterable[int]) -> None:
        gone = set(partitions)
        if self.assigned is not None:
            self.assigned -= gone
        self.ready -= gone

    def owns(self, partition: int) -> bool:
        return self.assigned is None or partition in self.assigned

    async def ensure_ready(self, partitions: Iterable[int]) -> None:
        """Before handling a partition's input, catch up with its changelog: keys, then events.

        Call with `lock` held. A partition this directory held before gets
        its keys read again from the start of the compacted topic, and every local key of its
        subjects that the topic no longer holds is destroyed: another owner may have forgotten
        them while this worker was away, and compaction may have removed even the tombstones.
        """
        todo = sorted(p for p in set(partitions) - self.ready if self.owns(p))
        if not todo:
            return
        await self.publish()  # what is pending reaches the changelog before anything is restored
        for p in todo:
            again = str(p) in self._state["restored"]  # this directory held the partition before
            offsets = self._state["restored"].setdefault(str(p), {"keys": 0, "events": 0})
            live: dict[str, bool] = {}
            async for chunk in read_partition(self.kcfg.bootstrap, self.topics.keys, p,
                                              0 if again else offsets["keys"]):
                await self.run_engine(lambda c=chunk: restore_keys(self.rt, c))
                for _, key, value in chunk:
                    if key is not None:
                        live[key.decode()] = value is not None
                offsets["keys"] = chunk[-1][0] + 1
            if again:
                await self.run_engine(lambda: self._drop_keys_not_in(p, {n for n, alive in live.items() if alive}))
            async for chunk in read_partition(self.kcfg.bootstrap, self.topics.events, p, offsets["events"]):
                await self.run_engine(lambda c=chunk: self._append_restored(c))
                offsets["events"] = chunk[-1][0] + 1
                self.counts["restored"] += len(chunk)
            # Folded once everything is appended: a batch's decisions follow its turns in the log,
            # and each turn must find its own decisions there.
            await self.run_engine(self._fold_restored)
            self._save_state()
            if self.owns(p):
                self.ready.add(p)
        await self.publish()

    def _drop_keys_not_in(self, partition: int, live: set[str]) -> None:
        doomed = []
        for name in self.rt.keys.names():
            try:
                subject = subject_of(name)
            except ValueError:
                continue
            if partition_of(subject_key(*subject), self.kcfg.partitions) == partition and name not in live:
                doomed.append(name)
        if doomed:
            log.info("partition %d: destroying %d local keys its changelog no longer holds", partition, len(doomed))
            self.rt.keys.restore([(name, None) for name in doomed])
            self.rt.keys.purge()

    def _append_restored(self, chunk: list) -> None:
        bad = append_events(self.rt, chunk)
        if bad:
            log.error("%d changelog entries could not be decoded and were skipped", bad)
        # What came from the changelog is published by definition (and nothing else was pending:
        # ensure_ready published first, under the lock).
        self._state["published"] = len(self.rt.log)
        self._save_state()

    def _fold_restored(self) -> None:
        with self.rt.keys.subject_destruction_suspended():
            # decide=True only reaches a turn whose decisions are not in the log (a crash cut the
            # publish short): it is decided again. Logged decisions are folded, never re-decided.
            self.rt.process(decide=True)

    # -- input -----------------------------------------------------------------------------------
    async def handle(self, records: list[Record]) -> list[Rejected]:
        """Handles a batch of input messages; returns what was dead-lettered (already published)."""
        async with self.lock:
            # A partition revoked while this batch waited for the lock belongs to another worker
            # now: its input is that worker's to handle (this worker's commits for it are void).
            records = [r for r in records if self.owns(r.partition)]
            if not records:
                return []
            await self.ensure_ready({r.partition for r in records})
            parsed = [parse(r, turns_topic=self.topics.turns, settings=self.engine.settings,
                            max_bytes=self.kcfg.max_message_bytes) for r in records]
            rejected = await self.run_engine(lambda: self._apply(parsed))
            await self.publish(rejected)
            await self._truncate_input(records)
            return rejected

    async def _truncate_input(self, records: list[Record]) -> None:
        """Deletes handled input from the broker: its effects are on the changelog, and raw input
        is plaintext with secrets unredacted. Only up to the group's committed offset: input past
        it may still be read again (a new owner starts there), and a consumer whose committed
        offset was deleted would jump, which the stream library counts as a gap it never commits
        past. Best effort: retention removes input anyway."""
        if self.admin is None:
            return
        upto: dict[TopicPartition, int] = {}
        for r in records:
            tp = TopicPartition(r.topic, r.partition)
            upto[tp] = max(upto.get(tp, 0), r.offset + 1)
        try:
            committed = await self.admin.list_consumer_group_offsets(self.kcfg.app_id, partitions=list(upto))
            doomed = {tp: RecordsToDelete(min(end, committed[tp].offset))
                      for tp, end in upto.items() if tp in committed and committed[tp].offset > 0}
            if doomed:
                await self.admin.delete_records(doomed)
        except KafkaError as exc:
            log.warning("could not delete handled input (%r); retention will", exc)

    def _apply(self, parsed: list[TurnInput | CommandInput | Rejected]) -> list[Rejected]:
        rejected: list[Rejected] = [p for p in parsed if isinstance(p, Rejected)]
        turns: list[TurnInput] = []

        def ingest() -> None:
            if not turns:
                return
            accepted = len(turns)
            try:
                self.engine.ingest_many([t.turn for t in turns])
            except MemstreamError:
                for t in turns:  # one bad turn must not hold back the others
                    try:
                        self.engine.ingest(t.turn)
                    except MemstreamError as exc:
                        rejected.append(Rejected(t.record, f"refused: {error_reason(exc)}"))
                        accepted -= 1
            self.counts["turns"] += accepted
            turns.clear()

        for item in parsed:
            if isinstance(item, TurnInput):
                turns.append(item)
            elif isinstance(item, CommandInput):
                ingest()  # a command sees every turn that came before it
                try:
                    self._command(item)
                    self.counts["commands"] += 1
                except MemstreamError as exc:
                    rejected.append(Rejected(item.record, f"refused: {error_reason(exc)}"))
        ingest()
        self.engine.flush()
        return rejected

    def _command(self, item: CommandInput) -> None:
        data = dict(item.data)
        data["request_id"] = item.request_id
        if item.name in ("remember", "forget") and "occurred_at" not in data and item.record.timestamp:
            # The message's own time, not the clock of whichever worker handles it: a redelivered
            # command then decides exactly the same events.
            data["occurred_at"] = datetime.fromtimestamp(item.record.timestamp, timezone.utc)
        if item.name == "remember":
            self.engine.remember(data)
        elif item.name == "forget":
            self.engine.forget(data)
        else:
            self.engine.sweep(data["now"], tenant_id=data["tenant_id"], user_id=data["user_id"],
                              request_id=data["request_id"])

    # -- output ----------------------------------------------------------------------------------
    async def publish(self, rejected: list[Rejected] | tuple = ()) -> int:
        """Writes what the local log and key store gained to the changelog; retries until the
        broker acknowledges everything, or raises PublishFailed (nothing is acknowledged then)."""
        attempts = 0
        while True:
            try:
                return await self._publish_once(rejected)
            except KafkaError as exc:
                attempts += 1
                if attempts > self.kcfg.publish_retries:
                    raise PublishFailed(f"changelog not written after {attempts} attempts: {exc!r}") from exc
                log.warning("publish failed (%r); retrying", exc)
                await asyncio.sleep(min(0.2 * attempts, 2.0))

    async def _send_all(self, topic: str, items: list[tuple[int, bytes | None, bytes | None]]) -> None:
        """Sends (partition, key, value) messages in order, packed into one record batch per
        partition as far as they fit (far less work per message than one send each), and waits
        until the broker has acknowledged all of them."""
        assert self.producer is not None, "start() the worker first"
        by_partition: dict[int, list[tuple[bytes | None, bytes | None]]] = {}
        for partition, key, value in items:
            by_partition.setdefault(partition, []).append((key, value))
        futures = []
        for partition, messages in by_partition.items():
            batch = self.producer.create_batch()
            for key, value in messages:
                if batch.append(key=key, value=value, timestamp=None) is None:
                    futures.append(await self.producer.send_batch(batch, topic, partition=partition))
                    batch = self.producer.create_batch()
                    if batch.append(key=key, value=value, timestamp=None) is None:
                        raise PublishFailed(f"a message of {len(value or b'')} bytes does not fit a record batch")
            if batch.record_count():
                futures.append(await self.producer.send_batch(batch, topic, partition=partition))
        await asyncio.gather(*futures)

    async def _publish_once(self, rejected: list[Rejected] | tuple) -> int:
        parts = self.kcfg.partitions
        keys = list(self._unpublished_keys)
        await self._send_all(self.topics.keys, [
            (partition_of(subject_key(*subject_of(name)), parts), name.encode(), value) for name, value in keys])
        del self._unpublished_keys[:len(keys)]
        end = len(self.rt.log)
        start = self._state["published"]
        events = []
        for seq, raw in self.rt.log.read(start):
            if seq >= end:
                break
            head = json.loads(raw)
            key = subject_key(head["tenant_id"], head["user_id"])
            events.append((partition_of(key, parts), key, raw))
        letters = []
        for r in rejected:
            letter = {"reason": r.reason, "topic": r.record.topic, "partition": r.record.partition,
                      "offset": r.record.offset, "bytes": len(r.record.value or b"")}
            letters.append((r.record.partition % parts, r.record.key, json.dumps(letter).encode()))
        await asyncio.gather(self._send_all(self.topics.events, events),
                             self._send_all(self.topics.dead_letters, letters))
        if end > start:
            self._state["published"] = end
            self._save_state()
            self.counts["published"] += end - start
        self.counts["dead_letters"] += len(rejected)
        return end - start

    async def roll_segments(self) -> None:
        """Appends a no-op to each input and keys partition this worker owns. Kafka rolls a segment
        only when something is appended after segment.ms; without this, deleted input and destroyed
        keys of a quiet partition would stay in its active segment indefinitely. The worker skips
        its own ticks as input; on the keys topic a tick is a tombstone for a key that never exists."""
        if self.producer is None:
            return
        async with self.lock:
            futures = []
            for p in sorted(self.ready):
                for topic in (self.topics.turns, self.topics.commands):
                    futures.append(await self.producer.send(topic, value=b"{}", key=TICK_KEY, partition=p))
                futures.append(await self.producer.send(self.topics.keys, value=None, key=TICK_KEY, partition=p))
            try:
                await asyncio.gather(*futures)
            except KafkaError as exc:
                log.warning("segment roll ticks failed (%r); the next round will retry", exc)

    def digest(self) -> str:
        return self.engine.view_digest()
