"""The faust-streaming app of a memstream worker.

One agent (concurrency 1) consumes the turns and commands topics in batches and hands each batch to
the worker (streams/kafka/worker.py), which keeps one state store per partition and commits each
partition's part of the batch (its events, keys, dead letters and input offsets) in one Kafka
transaction. faust does not commit input offsets (the input topic is declared with acks=False): the
transactions do, so input counts as handled exactly when its output is on the changelog.

Web views serve reads and forgets for a subject from the worker that owns its partition; a request
that reaches another worker is routed to the owner:

    GET  /subjects/{tenant}/{user}/recall?query=...&k=8
    GET  /subjects/{tenant}/{user}/context?query=...&session_id=...&budget_tokens=400
    POST /subjects/{tenant}/{user}/forget?memory_id=... | query=... | session_id=... | subject=true
    GET  /digest      this worker's view digest (?subjects=true: also each subject's own)
    GET  /status      partitions, counts
"""
from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path
from typing import Any

import aiohttp
import faust
from faust.web import Request, Response, View
from yarl import URL

from engine.embedder import Embedder
from engine.errors import InvalidCommandError, MemstreamError
from streams.kafka.config import KafkaSettings
from streams.kafka.inputs import Record
from streams.kafka.topics import Topics, partition_of, subject_key
from streams.kafka.worker import NotOwnedError, PublishFailed, RetryLater, Worker

log = logging.getLogger("memstream.kafka")

FORWARDED_HEADER = "X-Memstream-Forwarded"
EXIT_PUBLISH_FAILED = 75
EXIT_CRASHED = 70


def create_app(data_dir: str | Path, kcfg: KafkaSettings, *, embedder: Embedder | None = None
               ) -> tuple[faust.App, Worker]:
    data_dir = Path(data_dir)
    topics = Topics(kcfg.topic_prefix)
    app = faust.App(
        kcfg.app_id,
        broker=kcfg.broker,
        store="memory://",
        datadir=str(data_dir / "faust"),
        autodiscover=False,
        web_enabled=True,
        web_host=kcfg.web_host,
        web_port=kcfg.web_port,
        canonical_url=f"http://{kcfg.web_advertised_host or kcfg.web_host}:{kcfg.web_port}",
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

    roll_every = max(1.0, min(kcfg.ingress_segment_ms, kcfg.keys_segment_ms) / 1000)

    @app.timer(roll_every)
    async def roll_segments() -> None:
        if started["done"]:
            await worker.roll_segments()

    @app.on_before_shutdown.connect
    async def _shutdown(sender: Any, **_: Any) -> None:
        if started["done"]:
            async with worker.lock:
                await worker.stop()

    def owns(partition: int) -> bool:
        return any(tp.topic == topics.turns and tp.partition == partition for tp in app.consumer.assignment())

    def owner_url(partition: int) -> str | None:
        """The web address of the worker that owns a partition, from the group's assignment (each
        worker announces its canonical URL when it joins)."""
        for url, tps in app.router.external_topics_metadata().items():
            if partition in tps.get(topics.turns, ()):
                return url
        return None

    async def routed(view: View, request: Request, tenant: str, user: str) -> Response | None:
        """None when this worker owns the subject; otherwise the owner's response."""
        partition = partition_of(subject_key(tenant, user), kcfg.partitions)
        if owns(partition):
            return None
        url = owner_url(partition)
        if url is None or url.rstrip("/") == str(app.conf.canonical_url).rstrip("/"):
            return unavailable(view, partition)
        if request.headers.get(FORWARDED_HEADER):
            # Forwarded once already: the two workers disagree about the owner (a rebalance).
            return unavailable(view, partition)
        target = URL(url)
        forwarded = request.url.with_host(target.host).with_port(target.port)
        try:
            async with app.http_client.request(method=request.method, url=forwarded,
                                               headers={FORWARDED_HEADER: "1"}) as response:
                return view.text(await response.text(), content_type=response.content_type, status=response.status)
        except (OSError, aiohttp.ClientError, asyncio.TimeoutError):
            return unavailable(view, partition)

    def unavailable(view: View, partition: int) -> Response:
        return view.json({"error": "Unavailable", "message": f"the owner of partition {partition} cannot "
                          "answer right now (the group is rebalancing); retry shortly"}, status=503)

    async def serve(view: View, call: Any, tenant: str, user: str) -> Response:
        """Runs `call(engine)` on the subject's partition store; what it logs (a forget, a recall's
        use) is committed in one transaction before the answer goes out."""
        partition = partition_of(subject_key(tenant, user), kcfg.partitions)
        try:
            await ensure_started()
            async with worker.lock:
                result = await worker.serve(tenant, user, call)
        except NotOwnedError:  # moved while this request waited
            return unavailable(view, partition)
        except RetryLater as exc:
            return view.json({"error": type(exc).__name__, "message": str(exc)}, status=503)
        except MemstreamError as exc:
            return view.json({"error": type(exc).__name__, "message": str(exc)}, status=400)
        except PublishFailed as exc:
            log.critical("%s; stopping: what this worker logged must reach the changelog", exc)
            os._exit(EXIT_PUBLISH_FAILED)
        return view.json(result)

    def _q(request: Request, name: str, cast: Any = str) -> Any:
        value = request.query.get(name)
        if value is None or value == "":
            return None
        if cast is bool:
            return value.lower() in ("1", "true", "yes")
        try:
            return cast(value)
        except ValueError:
            raise InvalidCommandError(f"{name} must be a {cast.__name__}, not {value[:40]!r}") from None

    @app.page("/subjects/{tenant}/{user}/recall")
    class RecallView(View):
        async def get(self, request: Request, tenant: str, user: str) -> Response:
            if (answer := await routed(self, request, tenant, user)) is not None:
                return answer
            q = request.query

            def call(engine: Any) -> Any:
                record_use = _q(request, "record_use", bool)
                hits = engine.recall(
                    tenant_id=tenant, user_id=user, query=q.get("query", ""), k=_q(request, "k", int),
                    session_id=_q(request, "session_id"), now=_q(request, "now"),
                    max_privacy=_q(request, "max_privacy"),
                    record_use=True if record_use is None else record_use,
                    request_id=_q(request, "request_id"))
                return [h.model_dump(mode="json") for h in hits]
            return await serve(self, call, tenant, user)

    @app.page("/subjects/{tenant}/{user}/context")
    class ContextView(View):
        async def get(self, request: Request, tenant: str, user: str) -> Response:
            if (answer := await routed(self, request, tenant, user)) is not None:
                return answer
            q = request.query

            record_use = _q(request, "record_use", bool)

            def call(engine: Any) -> Any:
                # The client's budget as given: the facade refuses one below 16 (a typed error,
                # answered 400); only a missing one takes the facade's default.
                budget = _q(request, "budget_tokens", int)
                result = engine.context(
                    tenant_id=tenant, user_id=user, session_id=_q(request, "session_id"),
                    query=q.get("query", ""), **({} if budget is None else {"budget_tokens": budget}),
                    now=_q(request, "now"), max_privacy=_q(request, "max_privacy"),
                    record_use=True if record_use is None else record_use,
                    request_id=_q(request, "request_id"))
                return result.model_dump(mode="json")
            return await serve(self, call, tenant, user)

    @app.page("/subjects/{tenant}/{user}/summary")
    class SummaryView(View):
        """?session_id=S for a session's summary, or ?topic=T for a topic's."""

        async def get(self, request: Request, tenant: str, user: str) -> Response:
            if (answer := await routed(self, request, tenant, user)) is not None:
                return answer

            def call(engine: Any) -> Any:
                budget = _q(request, "budget_tokens", int)
                common = dict(tenant_id=tenant, user_id=user, now=_q(request, "now"),
                              max_privacy=_q(request, "max_privacy"),
                              **({} if budget is None else {"budget_tokens": budget}))
                topic, session_id = _q(request, "topic"), _q(request, "session_id")
                if (topic is None) == (session_id is None):
                    raise InvalidCommandError("give either session_id or topic")
                view = (engine.topic_summary(topic=topic, **common) if topic is not None
                        else engine.session_summary(session_id=session_id, **common))
                return view.model_dump(mode="json")
            return await serve(self, call, tenant, user)

    @app.page("/subjects/{tenant}/{user}/profile")
    class ProfileView(View):
        async def get(self, request: Request, tenant: str, user: str) -> Response:
            if (answer := await routed(self, request, tenant, user)) is not None:
                return answer

            def call(engine: Any) -> Any:
                return engine.profile(
                    tenant_id=tenant, user_id=user, session_id=_q(request, "session_id"),
                    budget_tokens=_q(request, "budget_tokens", int), now=_q(request, "now"),
                    max_privacy=_q(request, "max_privacy")).model_dump(mode="json")
            return await serve(self, call, tenant, user)

    @app.page("/subjects/{tenant}/{user}/forget")
    class ForgetView(View):
        async def post(self, request: Request, tenant: str, user: str) -> Response:
            if (answer := await routed(self, request, tenant, user)) is not None:
                return answer

            def call(engine: Any) -> Any:
                args = {name: _q(request, name) for name in ("memory_id", "query", "session_id", "request_id")}
                args = {k: v for k, v in args.items() if v is not None}
                if _q(request, "subject", bool):
                    args["subject"] = True
                if _q(request, "dry_run", bool):
                    args["dry_run"] = True
                return {"forgotten": engine.forget(tenant_id=tenant, user_id=user, **args)}
            return await serve(self, call, tenant, user)

    @app.page("/digest")
    class DigestView(View):
        async def get(self, request: Request) -> Response:
            async with worker.lock:
                digest = await worker.run_engine(worker.digest)
                subjects = (await worker.run_engine(worker.subject_digests)
                            if _q(request, "subjects", bool) else None)
            return self.json({"digest": digest, "ready": sorted(worker.ready),
                              **({"subjects": subjects} if subjects is not None else {})})

    @app.page("/status")
    class StatusView(View):
        async def get(self, request: Request) -> Response:
            assigned = sorted(tp.partition for tp in app.consumer.assignment() if tp.topic == topics.turns)
            return self.json({"assigned": assigned, "ready": sorted(worker.ready), **worker.counts})

    return app, worker
