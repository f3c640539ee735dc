"""The faust-streaming app of a memstream worker.

One agent (concurrency 1) consumes the turns and commands topics in batches and hands each batch to
the worker (streams/kafka/worker.py), which keeps one state store per partition and commits each
partition's part of the batch (its events, keys, dead letters and input offsets) in one Kafka
transaction. faust does not commit input offsets (the input topic is declared with acks=False): the
transactions do, so input counts as handled exactly when its output is on the changelog.

The worker serves the HTTP API (streams.api.app: the same definition and OpenAPI document as
`memstream serve`) on its web port with uvicorn, on faust's event loop; faust's own web server is
off. A request for a subject reaches the worker that owns its partition (streams/kafka/api.py);
each worker's API address is its faust canonical URL, which the group's assignment carries to every
other worker. Beside the API: GET /status (partitions, counts) and GET /digest (this worker's view
digest; ?subjects=true: also each subject's own), operational and content-free.
"""
from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path
from typing import Any

import contextlib
import socket

import faust
import uvicorn

from engine.embedder import Embedder
from streams.kafka.api import KafkaService, stop_soon, worker_web
from streams.kafka.config import KafkaSettings
from streams.kafka.inputs import Record
from streams.kafka.topics import Topics
from streams.kafka.worker import PublishFailed, Worker

log = logging.getLogger("memstream.kafka")

EXIT_PUBLISH_FAILED = 75
EXIT_CRASHED = 70


class _ApiServer(uvicorn.Server):
    """uvicorn inside the faust worker: the worker owns the process's signals."""

    @contextlib.contextmanager
    def capture_signals(self):
        yield


def bind(host: str, port: int) -> socket.socket:
    """The API's listening socket, bound before the worker starts (a port in use fails at once)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def create_app(data_dir: str | Path, kcfg: KafkaSettings, *, embedder: Embedder | None = None
               ) -> tuple[faust.App, Worker]:
    data_dir = Path(data_dir)
    topics = Topics(kcfg.topic_prefix)
    sock = bind(kcfg.web_host, kcfg.web_port)
    port = sock.getsockname()[1]
    canonical_url = f"http://{kcfg.web_advertised_host or kcfg.web_host}:{port}"
    app = faust.App(
        kcfg.app_id,
        broker=kcfg.broker,
        store="memory://",
        datadir=str(data_dir / "faust"),
        autodiscover=False,
        web_enabled=False,  # the API is served by uvicorn on web_port (below)
        canonical_url=canonical_url,
        topic_partitions=kcfg.partitions,
        topic_replication_factor=kcfg.replication,
        topic_allow_declare=False,
        consumer_auto_offset_reset="earliest",
        broker_session_timeout=kcfg.session_timeout_s,
        broker_heartbeat_interval=kcfg.heartbeat_s,
        broker_rebalance_timeout=max(kcfg.session_timeout_s * 3, 30.0),
        broker_commit_interval=kcfg.commit_interval_s,
        producer_acks=-1,
        stream_wait_empty=False,
    )
    worker = Worker(data_dir, kcfg, embedder=embedder)
    raw = dict(key_type=bytes, value_type=bytes, key_serializer="raw", value_serializer="raw")
    # acks=False: faust never commits these offsets; each partition's transaction does.
    inputs = app.topic(topics.turns, topics.commands, acks=False, **raw)
    started = {"done": False}
    starting = asyncio.Lock()

    async def ensure_started() -> None:
        async with starting:
            if not started["done"]:
                await worker.start()
                started["done"] = True

    @app.on_partitions_revoked.connect
    async def _revoked(sender: Any, revoked: set, **_: Any) -> None:
        # Waits for the batch (or read) under way: it finishes its transaction before the group
        # hands its partitions to another worker. The stores are suspended here and dropped when
        # the new assignment leaves them out (_assigned).
        async with worker.lock:
            await worker.revoke({tp.partition for tp in revoked if tp.topic in (topics.turns, topics.commands)})

    async def handle(records: list[Record]) -> None:
        try:
            await ensure_started()
            await worker.handle(records)
        except PublishFailed as exc:
            # Fail-stop without acknowledging: the batch is redelivered to whoever owns it next.
            log.critical("%s; stopping so the batch is not acknowledged", exc)
            os._exit(EXIT_PUBLISH_FAILED)
        except BaseException:
            log.exception("batch failed; stopping so the batch is not acknowledged")
            os._exit(EXIT_CRASHED)

    @app.on_partitions_assigned.connect
    async def _assigned(sender: Any, assigned: set, **_: Any) -> None:
        # Restore eagerly, so reads are served (and a wiped directory rebuilt) without waiting
        # for new input. Under the worker's lock: it runs between batches.
        partitions = {tp.partition for tp in assigned if tp.topic in (topics.turns, topics.commands)}
        worker.assign(partitions)

        async def restore() -> None:
            try:
                await ensure_started()
                async with worker.lock:
                    await worker.ensure_ready(partitions)
            except PublishFailed as exc:
                log.critical("%s; stopping: what this worker logged must reach the changelog", exc)
                os._exit(EXIT_PUBLISH_FAILED)
            except Exception:
                log.exception("restoring partitions %s failed; input for them will retry", sorted(partitions))
        # Also with no partition: the stores of partitions no longer assigned are dropped.
        restoring.add(asyncio.ensure_future(restore()))
        restoring.difference_update({t for t in restoring if t.done()})

    restoring: set[asyncio.Future] = set()

    @app.agent(inputs, concurrency=1)
    async def process(stream: Any) -> None:
        async for events in stream.take_events(kcfg.batch_max, within=kcfg.batch_within_s):
            records = [Record(e.message.topic, e.message.partition, e.message.offset,
                              e.message.key, e.message.value, e.message.timestamp) for e in events]
            # Shielded: if the agent is cancelled (a rebalance, a shutdown), the batch under way
            # still runs to its end, its events published, rather than stopping half-way.
            await asyncio.shield(handle(records))

    serving: dict[str, asyncio.Future] = {}
    roll_every = max(1.0, min(kcfg.ingress_segment_ms, kcfg.keys_segment_ms) / 1000)

    @app.timer(roll_every)
    async def roll_segments() -> None:
        if started["done"]:
            await worker.roll_segments()

    @app.on_before_shutdown.connect
    async def _shutdown(sender: Any, **_: Any) -> None:
        task = serving.get("task")
        if task is not None:  # the API first: no request is left waiting on a stopped worker
            await stop_soon(task, server)
        if started["done"]:
            async with worker.lock:
                await worker.stop()

    def owns(partition: int) -> bool:
        return any(tp.topic == topics.turns and tp.partition == partition for tp in app.consumer.assignment())

    def owner_url(partition: int) -> str | None:
        """The web address of the worker that owns a partition, from the group's assignment (each
        worker announces its canonical URL, the API's address, when it joins)."""
        for url, tps in app.router.external_topics_metadata().items():
            if partition in tps.get(topics.turns, ()):
                return url
        return None

    def peers() -> list[str]:
        return sorted(app.router.external_topics_metadata())

    service = KafkaService(worker, kcfg, ensure_started=ensure_started, owns=owns, owner_url=owner_url,
                           peers=peers, self_url=canonical_url)
    server = _ApiServer(uvicorn.Config(worker_web(service), log_config=None, log_level="warning",
                                       access_log=False, lifespan="on", timeout_graceful_shutdown=3))

    @app.task
    async def serve_api() -> None:
        # The HTTP API (streams.api.app) on --web-port, on the worker's own event loop.
        serving["task"] = asyncio.ensure_future(server.serve(sockets=[sock]))

    app.memstream_service = service  # type: ignore[attr-defined]
    return app, worker
