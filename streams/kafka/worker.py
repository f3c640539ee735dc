"""One Kafka worker: a state store per input partition it owns, kept in step with Kafka by
transactions.

Each partition the group gives this worker has its own store (streams/kafka/partition.py): the
embedded engine on a directory of its own, holding that partition's subjects and nothing else, and
the changelog offset it reflects. A batch of input messages is split by partition; each part goes
through its store's facade exactly as on the embedded runtime; then what the store's log and key
store gained (events, data keys written or destroyed), the part's dead letters and the part's input
offsets are written in ONE Kafka transaction of that partition's transactional producer
(transactional_id `<app_id>.changelog.<p>`), and committed together (`send_offsets_to_transaction`).
The changelog topics are read with isolation_level="read_committed", so a batch is on the changelog
whole or not at all, and its input counts as handled exactly when its output is there.

The store's marker (its changelog position) is written after the commit. If the transaction fails
(the broker went away, a timeout), it is aborted, the partition's store is deleted and rebuilt from
its changelog, and the part is applied again; after `publish_retries` failures the worker stops
without acknowledging anything (PublishFailed). A store whose log went further than its marker (a
crash between the local write and the commit) is rebuilt from the changelog when it is opened.

Partitions move with the group: a partition gained is fenced first (its transactional producer is
initialised, which aborts whatever the previous owner left open) and then restored from the
changelog starting at its store's offset (from 0 for a new store); the other partitions' stores are
not touched. A partition lost is dropped: its store is closed and deleted, and its producer stopped (the
group's eager protocol revokes every partition at each rebalance, so a revoked store is only
suspended, and dropped once the new assignment leaves it out; one that comes back is fenced again
and caught up from its offset). A store is not kept as a standby: it would not follow the changelog, so it would keep the data keys
of subjects that the new owner forgets. A store that is resumed after others wrote to its
partition re-reads the partition's keys from the start of the compacted keys topic and destroys
every local key the topic no longer holds (compaction may have removed even the tombstones).
"""
from __future__ import annotations

import asyncio
import json
import logging
import shutil
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterable

from aiokafka import AIOKafkaProducer, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient, NewTopic, RecordsToDelete
from aiokafka.errors import KafkaError, ProducerFenced, TopicAlreadyExistsError

from engine.crypto import subject_of
from engine.digest import view_digest
from engine.embedder import Embedder
from engine.errors import MemstreamError
from engine.facade import MemoryEngine
from engine.settings import Settings
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
from streams.kafka.partition import PartitionStore, partition_dirs
from streams.kafka.topics import Topics, partition_of, subject_key

log = logging.getLogger("memstream.kafka")


class TopicLayoutError(MemstreamError):
    """memstream's topics exist with another partition count than configured: a subject's traffic
    would land in different partitions of different topics."""


class PublishFailed(RuntimeError):
    """The changelog could not be written after every retry: the batch is not acknowledged."""


class Fenced(PublishFailed):
    """Another worker initialised this partition's transactional producer: the partition is its
    now, and nothing this worker still holds for it may be committed."""


class RetryLater(MemstreamError):
    """A request this worker cannot answer right now (HTTP 503): retry shortly."""


class BrokerUnavailableError(RetryLater):
    """The broker could not be reached, or did not acknowledge what was produced: retry shortly."""


class NotOwnedError(RetryLater):
    """A read or forget reached a worker that does not own the subject's partition (any more)."""


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


@dataclass
class _Applied:
    rejected: list[Rejected]
    turns: int
    commands: int


class Worker:
    def __init__(self, data_dir: str | Path, kcfg: KafkaSettings, *, embedder: Embedder | None = None):
        self.data_dir = Path(data_dir)
        self.kcfg = kcfg
        self.topics = Topics(kcfg.topic_prefix)
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self._drop_old_layout()
        self.embedder = embedder
        self.settings = Settings()
        self.stores: dict[int, PartitionStore] = {}
        self.producers: dict[int, AIOKafkaProducer] = {}  # transactional, one per owned partition
        self.ready: set[int] = set()
        self.assigned: set[int] | None = None  # None: not in a group (every partition is ours)
        self.stopped = False
        self.lock = asyncio.Lock()
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="memstream-engine")
        self.producer: AIOKafkaProducer | None = None  # plain: segment-roll ticks
        self.admin: AIOKafkaAdminClient | None = None
        self.counts = {"turns": 0, "commands": 0, "dead_letters": 0, "published": 0, "restored": 0,
                       "rebuilt": 0, "aborted": 0, "dropped": 0}

    def _drop_old_layout(self) -> None:
        """A directory of an earlier layout (one engine for every partition) is a cache of the
        changelog like any store: it is removed, and the partitions are restored per partition."""
        old = self.data_dir / "engine"
        if old.is_dir():
            log.warning("%s holds one store for all partitions (an earlier layout); removing it, the "
                        "partitions are restored from the changelog", old)
            shutil.rmtree(old)
            (self.data_dir / "kafka-state.json").unlink(missing_ok=True)

    # -- lifecycle -------------------------------------------------------------------------------
    async def start(self) -> None:
        await ensure_topics(self.kcfg)
        self.producer = AIOKafkaProducer(bootstrap_servers=self.kcfg.bootstrap, acks="all",
                                         enable_idempotence=True, linger_ms=5)
        await self.producer.start()
        self.admin = AIOKafkaAdminClient(bootstrap_servers=self.kcfg.bootstrap)
        await self.admin.start()

    async def stop(self) -> None:
        """Stops producing and closes every store (kept on disk: a restart resumes them)."""
        if self.stopped:
            return
        self.stopped = True
        for p in list(self.producers):
            await self._discard_producer(p)
        if self.producer is not None:
            await _bounded(self.producer.stop(), 10)
            self.producer = None
        if self.admin is not None:
            await _bounded(self.admin.close(), 10)
            self.admin = None
        for store in self.stores.values():
            await self.run_engine(store.close)
        self.stores.clear()
        self.ready.clear()
        self.pool.shutdown(wait=True)

    async def run_engine(self, fn: Callable[[], Any]) -> Any:
        """Engine work runs on one thread beside the event loop, so heartbeats keep going."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn)

    # -- partitions ------------------------------------------------------------------------------
    def assign(self, partitions: Iterable[int]) -> None:
        """The group's current assignment for this worker (all of it). Stores of other partitions
        are dropped at the next `ensure_ready` (under the lock, between batches)."""
        self.assigned = set(partitions)

    async def revoke(self, partitions: Iterable[int]) -> None:
        """A rebalance takes the partitions away: they are no longer served, and their stores are
        suspended (kept open), not deleted. The group's rebalance protocol is eager: every
        rebalance revokes every partition before assigning again, and most come back to the same
        worker; the next `assign` + `ensure_ready` drops the stores of those that did not, and
        catches the others up. Call with `lock` held."""
        gone = set(partitions)
        if self.assigned is not None:
            self.assigned -= gone
        self.ready -= gone

    def owns(self, partition: int) -> bool:
        return self.assigned is None or partition in self.assigned

    async def _drop(self, p: int) -> None:
        self.ready.discard(p)
        await self._discard_producer(p)
        store = self.stores.pop(p, None)
        if store is not None:
            await self.run_engine(store.delete)
            self.counts["dropped"] += 1
            log.info("partition %d: dropped (its store is deleted)", p)

    async def _drop_unowned(self) -> None:
        if self.assigned is None:
            return
        for p in sorted(set(self.stores) - self.assigned):
            await self._drop(p)
        for p, path in partition_dirs(self.data_dir).items():
            if p not in self.assigned and p not in self.stores:
                log.info("partition %d: not assigned to this worker; deleting its store %s", p, path)
                await self.run_engine(lambda path=path: shutil.rmtree(path, ignore_errors=True))

    def store(self, partition: int) -> PartitionStore:
        store = self.stores.get(partition)
        if store is None or partition not in self.ready:
            raise NotOwnedError(f"partition {partition} is not served by this worker right now; retry shortly")
        return store

    def partition_of_subject(self, tenant_id: str, user_id: str) -> int:
        return partition_of(subject_key(tenant_id, user_id), self.kcfg.partitions)

    def engine_for(self, tenant_id: str, user_id: str) -> MemoryEngine:
        """The engine of the store that holds the subject (its partition's)."""
        return self.store(self.partition_of_subject(tenant_id, user_id)).engine

    async def ensure_ready(self, partitions: Iterable[int]) -> None:
        """Before handling a partition's input, catch up with its changelog. Call with `lock` held.

        Each partition not ready yet is fenced (its transactional producer initialised: the
        previous owner's open transaction is aborted, and that owner can commit nothing more),
        then its store is opened (or created) and brought up to the changelog's committed end,
        starting at the store's own offset. Other partitions are not touched."""
        if self.stopped:
            raise RetryLater("this worker is stopping; retry shortly")
        await self._drop_unowned()
        for p in sorted(p for p in set(partitions) - self.ready if self.owns(p)):
            await self._restore(p)
            if self.owns(p):
                self.ready.add(p)

    async def _restore(self, p: int) -> None:
        # A new producer each time: initialising the transactional id fences whoever held it
        # (another worker, or this one before a rebalance) and ends what it left open.
        await self._discard_producer(p)
        await self._producer_for(p)
        store = self.stores.get(p)
        if store is None:
            store = await self.run_engine(lambda: PartitionStore.open(self.data_dir, p, embedder=self.embedder))
            self.stores[p] = store
        keys_done = False
        restored = 0
        async for chunk in read_partition(self.kcfg.bootstrap, self.topics.events, p, store.events_offset):
            if not keys_done:
                # Keys before the events they open. Only when the changelog holds something this
                # store has not seen: then another owner may have written (and forgotten) keys.
                await self._restore_keys(store)
                keys_done = True
            await self.run_engine(lambda c=chunk: _append_restored(store, c))
            store.events_offset = chunk[-1][0] + 1
            restored += len(chunk)
        if not restored:
            return
        store.published = store.rt.position()
        # Folded once everything is appended: a batch's decisions follow its turns in the log,
        # and each turn must find its own decisions there.
        await self.run_engine(lambda: _fold_restored(store))
        await self.run_engine(store.save)
        self.counts["restored"] += restored
        log.info("partition %d: restored %d changelog entries (from offset %d)", p, restored,
                 store.events_offset - restored)
        if store.unpublished():
            # Deciding a turn whose decisions are not in the log (only an LLM-free decider reaches
            # here, and only for a turn that decided nothing) may append events: publish them.
            await self._commit_with_retries(p, lambda: _Applied([], 0, 0))

    async def _restore_keys(self, store: PartitionStore) -> None:
        p = store.partition
        live: dict[str, bool] = {}
        async for chunk in read_partition(self.kcfg.bootstrap, self.topics.keys, p, 0):
            await self.run_engine(lambda c=chunk: restore_keys(store.rt, c))
            for _, key, value in chunk:
                if key is not None and key != TICK_KEY:
                    live[key.decode()] = value is not None
        if store.resumed:
            alive = {n for n, a in live.items() if a}
            await self.run_engine(lambda: _drop_keys_not_in(store, alive))

    # -- input -----------------------------------------------------------------------------------
    async def handle(self, records: list[Record]) -> list[Rejected]:
        """Handles a batch of input messages, one transaction per partition; returns what was
        dead-lettered (already committed)."""
        async with self.lock:
            # A partition revoked while this batch waited for the lock belongs to another worker
            # now: its input is that worker's to handle.
            records = [r for r in records if self.owns(r.partition)]
            if not records or self.stopped:
                return []
            parts: dict[int, list[Record]] = {}
            for r in records:
                parts.setdefault(r.partition, []).append(r)
            await self.ensure_ready(parts)
            parsed = {p: [parse(r, turns_topic=self.topics.turns, settings=self.settings,
                                max_bytes=self.kcfg.max_message_bytes) for r in rs]
                      for p, rs in parts.items() if p in self.ready}
            first = {p: await self.run_engine(lambda p=p: self._apply(self.stores[p], parsed[p])) for p in parsed}
            results = await asyncio.gather(
                *(self._commit_with_retries(p, lambda p=p: self._apply(self.stores[p], parsed[p]),
                                            first[p], _offsets(parts[p]))
                  for p in parsed), return_exceptions=True)
            rejected: list[Rejected] = []
            for result in results:
                if isinstance(result, BaseException):
                    raise result
                rejected.extend(result.rejected)
            await self._truncate_input(records)
            return rejected

    async def _truncate_input(self, records: list[Record]) -> None:
        """Deletes handled input from the broker: its effects are on the changelog, and raw input
        is plaintext with secrets unredacted. Only up to the group's committed offset: input past
        it may still be read again (a new owner starts there). Best effort: retention removes
        input anyway."""
        if self.admin is None:
            return
        upto: dict[TopicPartition, int] = {}
        for r in records:
            tp = TopicPartition(r.topic, r.partition)
            upto[tp] = max(upto.get(tp, 0), r.offset + 1)
        try:
            # The offsets went in with the batch's transactions, which have committed; the group
            # coordinator shows them once the transaction markers are written, a moment later.
            for attempt in range(10):  # at most about a second
                committed = await self.admin.list_consumer_group_offsets(self.kcfg.app_id, partitions=list(upto))
                if all(tp in committed and committed[tp].offset >= end for tp, end in upto.items()):
                    break
                await asyncio.sleep(0.02 * (attempt + 1))
            doomed = {tp: RecordsToDelete(min(end, committed[tp].offset))
                      for tp, end in upto.items() if tp in committed and committed[tp].offset > 0}
            if doomed:
                await self.admin.delete_records(doomed)
        except KafkaError as exc:
            log.warning("could not delete handled input (%r); retention will", exc)

    def _apply(self, store: PartitionStore, parsed: list) -> _Applied:
        engine = store.engine
        rejected: list[Rejected] = [p for p in parsed if isinstance(p, Rejected)]
        turns: list[TurnInput] = []
        counted = {"turns": 0, "commands": 0}

        def ingest() -> None:
            if not turns:
                return
            accepted = len(turns)
            try:
                engine.ingest_many([t.turn for t in turns])
            except MemstreamError:
                for t in turns:  # one bad turn must not hold back the others
                    try:
                        engine.ingest(t.turn)
                    except MemstreamError as exc:
                        rejected.append(Rejected(t.record, f"refused: {error_reason(exc)}"))
                        accepted -= 1
            counted["turns"] += accepted
            turns.clear()

        for item in parsed:
            if isinstance(item, TurnInput):
                turns.append(item)
            elif isinstance(item, CommandInput):
                ingest()  # a command sees every turn that came before it
                try:
                    self._command(engine, item)
                    counted["commands"] += 1
                except MemstreamError as exc:
                    rejected.append(Rejected(item.record, f"refused: {error_reason(exc)}"))
        ingest()
        engine.flush()
        return _Applied(rejected, counted["turns"], counted["commands"])

    @staticmethod
    def _command(engine: MemoryEngine, item: CommandInput) -> None:
        data = dict(item.data)
        data["request_id"] = item.request_id
        if item.name in ("remember", "forget") and "occurred_at" not in data and item.record.timestamp:
            # The message's own time, not the clock of whichever worker handles it: a redelivered
            # command then decides exactly the same events.
            data["occurred_at"] = datetime.fromtimestamp(item.record.timestamp, timezone.utc)
        if item.name == "remember":
            engine.remember(data)
        elif item.name == "forget":
            engine.forget(data)
        elif item.name == "recall":
            if "now" not in data and item.record.timestamp:
                # The message's own time: a redelivered command records the same use.
                data["now"] = datetime.fromtimestamp(item.record.timestamp, timezone.utc)
            engine.recall(**data, record_use=True)
        else:
            engine.sweep(data["now"], tenant_id=data["tenant_id"], user_id=data["user_id"],
                         request_id=data["request_id"])

    # -- reads and forgets -----------------------------------------------------------------------
    async def serve(self, tenant_id: str, user_id: str, call: Callable[[MemoryEngine], Any]) -> Any:
        """Runs a read or forget on the subject's store and commits what it logged (a forget, a
        recall's use) in one transaction of the partition. Call with `lock` held."""
        p = self.partition_of_subject(tenant_id, user_id)
        if not self.owns(p):
            raise NotOwnedError(f"partition {p} is not served by this worker right now; retry shortly")
        await self.ensure_ready([p])
        result = await self.run_engine(lambda: call(self.store(p).engine))
        outcome = await self._commit_with_retries(p, None, _Applied([], 0, 0))
        if outcome is None:
            raise RetryLater(f"partition {p}: what the request logged could not be committed (the "
                             "transaction was aborted); retry shortly")
        return result

    # -- output ----------------------------------------------------------------------------------
    async def _commit_with_retries(self, p: int, apply: Callable[[], _Applied] | None,
                                   applied: _Applied | None = None,
                                   offsets: dict[TopicPartition, int] | None = None) -> _Applied | None:
        """Commits partition p's unpublished changes (and `offsets`) in one transaction. On
        failure the transaction is aborted, the store rebuilt from the changelog and `apply` run
        again on it, up to `publish_retries` times; then PublishFailed. With apply=None (a
        request's writes), a failure rebuilds the store and returns None: the request is lost."""
        applied = applied if applied is not None else _Applied([], 0, 0)
        attempts = 0
        while True:
            try:
                await self._transact(p, applied.rejected, offsets)
            except ProducerFenced as exc:
                raise Fenced(f"partition {p}: another worker took it over ({exc!r}); nothing more "
                             "is committed for it here") from exc
            except (KafkaError, asyncio.TimeoutError) as exc:
                attempts += 1
                self.counts["aborted"] += 1
                log.warning("partition %d: transaction failed (%r); aborted, rebuilding the partition's "
                            "store from the changelog", p, exc)
                if attempts > self.kcfg.publish_retries:
                    raise PublishFailed(f"partition {p}: changelog not written after {attempts} "
                                        f"attempts: {exc!r}") from exc
                await asyncio.sleep(min(0.2 * attempts, 2.0))
                await self._rebuild(p)
                if apply is None:
                    return None
                applied = await self.run_engine(apply)
                continue
            self.counts["turns"] += applied.turns
            self.counts["commands"] += applied.commands
            self.counts["dead_letters"] += len(applied.rejected)
            return applied

    async def _rebuild(self, p: int) -> None:
        """The store of p may hold writes of an aborted transaction: delete it, restore it anew."""
        await self._discard_producer(p)
        self.ready.discard(p)
        store = self.stores.pop(p, None)
        if store is not None:
            await self.run_engine(store.delete)
        self.counts["rebuilt"] += 1
        while True:
            try:
                await self._restore(p)
                break
            except (KafkaError, asyncio.TimeoutError, OSError) as exc:
                log.warning("partition %d: restore failed (%r); retrying", p, exc)
                await self._discard_producer(p)
                await asyncio.sleep(1.0)
        self.ready.add(p)

    async def _producer_for(self, p: int) -> AIOKafkaProducer:
        producer = self.producers.get(p)
        if producer is None:
            producer = AIOKafkaProducer(
                bootstrap_servers=self.kcfg.bootstrap, acks="all", enable_idempotence=True,
                transactional_id=f"{self.kcfg.app_id}.changelog.{p}",
                transaction_timeout_ms=int(self.kcfg.transaction_timeout_s * 1000),
                linger_ms=5, max_request_size=16 * 1024 * 1024, request_timeout_ms=20_000)
            try:
                await asyncio.wait_for(producer.start(), self.kcfg.transaction_timeout_s)
                # Initialising the transactional id fences the partition's previous producer and
                # aborts what it left open: the changelog's committed end is then final.
                await asyncio.wait_for(producer.begin_transaction(), self.kcfg.transaction_timeout_s)
                await asyncio.wait_for(producer.abort_transaction(), self.kcfg.transaction_timeout_s)
            except BaseException:
                await _bounded(producer.stop(), 5)
                raise
            self.producers[p] = producer
        return producer

    async def _discard_producer(self, p: int) -> None:
        producer = self.producers.pop(p, None)
        if producer is not None:
            await _bounded(producer.stop(), 5)

    async def _transact(self, p: int, rejected: list[Rejected], offsets: dict[TopicPartition, int] | None) -> None:
        store = self.stores[p]
        keys = list(store.pending_keys)
        end = store.rt.position()
        events = []
        for seq, raw in store.rt.log.read(store.published):
            if seq >= end:
                break
            events.append((_subject_key_of_event(raw), raw))
        letters = []
        for r in rejected:
            letter = {"reason": r.reason, "topic": r.record.topic, "partition": r.record.partition,
                      "offset": r.record.offset, "bytes": len(r.record.value or b"")}
            letters.append((r.record.key, json.dumps(letter).encode()))
        if not keys and not events and not letters and not offsets:
            return
        for key, _ in events:
            self._check_partition(p, key)
        for name, _ in keys:
            self._check_partition(p, subject_key(*subject_of(name)))
        try:
            producer = await self._producer_for(p)
            await asyncio.wait_for(producer.begin_transaction(), self.kcfg.transaction_timeout_s)
            sent = await asyncio.wait_for(self._send_in_transaction(producer, p, keys, events, letters, offsets),
                                          self.kcfg.transaction_timeout_s)
            await asyncio.wait_for(producer.commit_transaction(), self.kcfg.transaction_timeout_s)
        except BaseException:
            # The producer is discarded, not reused: the next one's initialisation aborts the
            # transaction left open, whether or not this process could still reach the broker.
            await self._discard_producer(p)
            raise
        del store.pending_keys[:len(keys)]
        if events:
            store.events_offset = sent
        store.published = end
        await self.run_engine(store.save)
        self.counts["published"] += len(events)

    def _check_partition(self, p: int, key: bytes) -> None:
        found = partition_of(key, self.kcfg.partitions)
        if found != p:
            raise AssertionError(f"a change of partition {found} is in the store of partition {p}")

    async def _send_in_transaction(self, producer: AIOKafkaProducer, p: int, keys: list, events: list,
                                   letters: list, offsets: dict[TopicPartition, int] | None) -> int:
        """Sends the keys, events and dead letters to partition p and adds the input offsets to the
        transaction; returns the events topic's offset after the last event sent."""
        waits = [await _send_all(producer, self.topics.keys, p, [(n.encode(), v) for n, v in keys]),
                 await _send_all(producer, self.topics.events, p, events),
                 await _send_all(producer, self.topics.dead_letters, p, letters)]
        done = await asyncio.gather(*(f for group in waits for f, _ in group))
        metas = iter(done)
        after = 0
        for n, group in enumerate(waits):
            for _, count in group:
                meta = next(metas)
                if n == 1:
                    after = max(after, meta.offset + count)
        if offsets:
            await producer.send_offsets_to_transaction(offsets, self.kcfg.app_id)
        return after

    async def roll_segments(self) -> None:
        """Appends a no-op to each input and keys partition this worker owns. Kafka rolls a segment
        only when something is appended after segment.ms; without this, deleted input and destroyed
        keys of a quiet partition would stay in its active segment indefinitely. The worker skips
        its own ticks as input; on the keys topic a tick is a tombstone for a key that never exists."""
        if self.producer is None:
            return
        async with self.lock:
            if self.producer is None:
                return
            futures = []
            try:
                for p in sorted(self.ready):
                    for topic in (self.topics.turns, self.topics.commands):
                        futures.append(await self.producer.send(topic, value=b"{}", key=TICK_KEY, partition=p))
                    futures.append(await self.producer.send(self.topics.keys, value=None, key=TICK_KEY, partition=p))
                await asyncio.gather(*futures)
            except KafkaError as exc:
                log.warning("segment roll ticks failed (%r); the next round will retry", exc)

    def _states(self) -> list:
        states = []
        for p in sorted(self.ready):
            rt = self.stores[p].rt
            with rt.lock:
                rt.process()
                states.extend(rt.state(*s) for s in rt.subjects())
        return states

    def digest(self) -> str:
        """The view digest of every partition this worker serves, taken as one view."""
        return view_digest(self._states())

    def subject_digests(self) -> dict[str, str]:
        """Each served subject's own view digest, by "tenant/user": several workers' answers merge
        into the view of the whole group (equal maps, equal views)."""
        return {f"{s.tenant_id}/{s.user_id}": view_digest([s]) for s in self._states() if s.records or s.sessions}


async def _send_all(producer: AIOKafkaProducer, topic: str, partition: int,
                    messages: list[tuple[bytes | None, bytes | None]]) -> list[tuple[asyncio.Future, int]]:
    """Sends messages in order to one partition, packed into record batches as far as they fit;
    returns each batch's future with its record count."""
    out = []
    batch = producer.create_batch()
    for key, value in messages:
        if batch.append(key=key, value=value, timestamp=None) is None:
            count = batch.record_count()
            out.append((await producer.send_batch(batch, topic, partition=partition), count))
            batch = producer.create_batch()
            if batch.append(key=key, value=value, timestamp=None) is None:
                raise PublishFailed(f"a message of {len(value or b'')} bytes does not fit a record batch")
    if count := batch.record_count():
        out.append((await producer.send_batch(batch, topic, partition=partition), count))
    return out


async def _bounded(awaitable: Any, seconds: float) -> None:
    try:
        await asyncio.wait_for(awaitable, seconds)
    except (asyncio.TimeoutError, KafkaError, OSError) as exc:
        log.debug("ignored while closing: %r", exc)


def _offsets(records: list[Record]) -> dict[TopicPartition, int]:
    out: dict[TopicPartition, int] = {}
    for r in records:
        tp = TopicPartition(r.topic, r.partition)
        out[tp] = max(out.get(tp, 0), r.offset + 1)
    return out


def _subject_key_of_event(raw: bytes) -> bytes:
    head = json.loads(raw)
    return subject_key(head["tenant_id"], head["user_id"])


def _append_restored(store: PartitionStore, chunk: list) -> None:
    bad = append_events(store.rt, chunk)
    if bad:
        log.error("partition %d: %d changelog entries could not be decoded and were skipped", store.partition, bad)


def _fold_restored(store: PartitionStore) -> None:
    with store.rt.keys.subject_destruction_suspended():
        # decide=True only reaches a turn whose decisions are not in the log; logged decisions are
        # folded, never decided again.
        store.rt.process(decide=True)


def _drop_keys_not_in(store: PartitionStore, live: set[str]) -> None:
    doomed = [name for name in store.rt.keys.names() if name not in live]
    if doomed:
        log.info("partition %d: destroying %d local keys its changelog no longer holds", store.partition, len(doomed))
        store.rt.keys.restore([(name, None) for name in doomed])
        store.rt.keys.purge()
