"""Can faust's own Table on its RocksDB store (the rocksdict driver) hold memstream's per-subject
state? A measurement, not memstream code: a faust app keeps one table value per subject (a turn
count, a hash chain over the turn ids in order, the last 20 turn ids: a window), fed by a turns
topic, with two workers; one is killed with SIGKILL mid-stream, the survivor takes its partitions
over, then the killed one comes back on its old directory.

    python -m bench.faust_table [--turns 3000] [--subjects 20] [--kills 3] [--broker kafka://HOST:PORT]

Afterwards the table's changelog (latest value per key, read_committed) is compared with what the
turns say each subject's value must be: a count above the turns is a turn applied twice, below is a
turn lost, a chain that differs with the right count is a turn applied out of order. It prints
the recovery times (kill -> the group has committed every input again; restart -> the restarted
worker reports its recovery done) and whether any step hung (no progress within --timeout s).
"""
from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
WINDOW = 20


def _step(value: dict | None, turn_id: str) -> dict:
    value = dict(value or {"n": 0, "h": "", "window": []})
    value["n"] += 1
    value["h"] = hashlib.sha256((value["h"] + turn_id).encode()).hexdigest()[:16]
    value["window"] = (value["window"] + [turn_id])[-WINDOW:]
    return value


# -- the faust app (run in a worker process) ----------------------------------------------------
def run_worker() -> None:
    import faust
    from faust.web import Request, Response, View

    env = os.environ
    app = faust.App(env["SPIKE_APP"], broker=env["SPIKE_BROKER"], store="rocksdb://",
                    datadir=env["SPIKE_DIR"], autodiscover=False, web_enabled=True,
                    web_port=int(env["SPIKE_PORT"]), web_host="127.0.0.1",
                    topic_partitions=int(env["SPIKE_PARTITIONS"]), consumer_auto_offset_reset="earliest",
                    broker_session_timeout=6.0, broker_heartbeat_interval=0.5, broker_commit_interval=0.3,
                    table_standby_replicas=0,
                    processing_guarantee=env.get("SPIKE_GUARANTEE", "at_least_once"))
    turns = app.topic(env["SPIKE_TOPIC"], key_type=bytes, value_type=bytes, key_serializer="raw",
                      value_serializer="raw")
    table = app.Table("windows", default=lambda: None, partitions=int(env["SPIKE_PARTITIONS"]))
    handled = {"n": 0}

    @app.agent(turns, concurrency=1)
    async def fold(stream):
        async for event in stream.events():
            turn = json.loads(event.value)
            subject = turn["user_id"]
            table[subject] = _step(table[subject], turn["turn_id"])
            handled["n"] += 1

    @app.page("/state")
    class State(View):
        async def get(self, request: Request) -> Response:
            recovery = app.tables.recovery
            return self.json({"handled": handled["n"], "in_recovery": bool(recovery.in_recovery),
                              "completed": recovery.completed.is_set(),
                              "assigned": sorted(tp.partition for tp in app.consumer.assignment()
                                                 if tp.topic == env["SPIKE_TOPIC"])})

    faust.Worker(app, loglevel="warn", quiet=True).execute_from_commandline()


# -- the driver ---------------------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Proc:
    def __init__(self, env: dict, data_dir: Path, log: Path):
        self.port = _free_port()
        self.env = {**os.environ, **env, "SPIKE_DIR": str(data_dir), "SPIKE_PORT": str(self.port)}
        self.log = log
        self.proc = subprocess.Popen([sys.executable, "-m", "bench.faust_table", "--run-worker"], cwd=REPO,
                                     env=self.env, stdout=open(log, "ab"), stderr=subprocess.STDOUT,
                                     start_new_session=True)

    def state(self) -> dict | None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/state", timeout=5) as r:
                return json.loads(r.read())
        except OSError:
            return None

    def kill(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(30)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                self.kill()


async def _create_topic(bootstrap: str, topic: str, partitions: int) -> None:
    from aiokafka.admin import AIOKafkaAdminClient, NewTopic

    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        await admin.create_topics([NewTopic(topic, partitions, 1)])
    finally:
        await admin.close()


async def _lag(bootstrap: str, group: str, topic: str, partitions: int) -> int:
    from aiokafka import AIOKafkaConsumer, TopicPartition
    from aiokafka.admin import AIOKafkaAdminClient

    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    consumer = AIOKafkaConsumer(bootstrap_servers=bootstrap, group_id=None)
    await admin.start()
    await consumer.start()
    try:
        tps = [TopicPartition(topic, p) for p in range(partitions)]
        ends = await consumer.end_offsets(tps)
        committed = await admin.list_consumer_group_offsets(group)
        return sum(max(0, e - (committed[tp].offset if tp in committed else 0)) for tp, e in ends.items())
    finally:
        await consumer.stop()
        await admin.close()


async def _changelog(bootstrap: str, topic: str, partitions: int) -> dict[str, dict]:
    from aiokafka import AIOKafkaConsumer, TopicPartition

    consumer = AIOKafkaConsumer(bootstrap_servers=bootstrap, group_id=None, isolation_level="read_committed",
                                auto_offset_reset="earliest", enable_auto_commit=False)
    await consumer.start()
    try:
        tps = [TopicPartition(topic, p) for p in range(partitions)]
        consumer.assign(tps)
        ends = await consumer.end_offsets(tps)
        latest: dict[str, dict] = {}
        while [tp for tp in tps if await consumer.position(tp) < ends[tp]]:
            for msgs in (await consumer.getmany(timeout_ms=500)).values():
                for m in msgs:
                    latest[json.loads(m.key)] = json.loads(m.value)
        return latest
    finally:
        await consumer.stop()


def _wait(predicate, timeout: float) -> float | None:
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if predicate():
            return time.monotonic() - start
        time.sleep(0.2)
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--run-worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--turns", type=int, default=3000)
    ap.add_argument("--subjects", type=int, default=20)
    ap.add_argument("--partitions", type=int, default=4)
    ap.add_argument("--kills", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--broker", default=None)
    ap.add_argument("--exactly-once", action="store_true", help="faust's processing_guarantee=exactly_once")
    args = ap.parse_args(argv)
    if args.run_worker:
        run_worker()
        return 0
    from bench.synth import turns as synth_turns
    from streams.kafka.topics import partition_of, subject_key

    tmp = Path(tempfile.mkdtemp(prefix="memstream-faust-table-"))
    own = None
    if args.broker:
        bootstrap = args.broker.removeprefix("kafka://")
    else:
        own = tmp / "kafka"
        bootstrap = subprocess.run([str(REPO / "scripts" / "kafka-local"), "start"], check=True, text=True,
                                   capture_output=True, env={**os.environ, "MEMSTREAM_KAFKA_DIR": str(own)}).stdout.strip()
    uid = uuid.uuid4().hex[:8]
    app_id, topic = f"spike-{uid}", f"spike-{uid}-turns"
    env = {"SPIKE_APP": app_id, "SPIKE_BROKER": f"kafka://{bootstrap}", "SPIKE_TOPIC": topic,
           "SPIKE_PARTITIONS": str(args.partitions),
           "SPIKE_GUARANTEE": "exactly_once" if args.exactly_once else "at_least_once"}
    turns = synth_turns(args.turns, subjects=args.subjects, tenant="spike")
    expected: dict[str, dict] = {}
    for t in turns:
        expected[t["user_id"]] = _step(expected.get(t["user_id"]), t["turn_id"])
    asyncio.run(_create_topic(bootstrap, topic, args.partitions))
    workers = {name: Proc(env, tmp / name, tmp / f"{name}.log") for name in ("a", "b")}
    lag = lambda: asyncio.run(_lag(bootstrap, app_id, topic, args.partitions))  # noqa: E731
    kill_recoveries, restart_recoveries, hangs = [], [], 0
    try:
        ready = _wait(lambda: all((st := w.state()) and st["assigned"] for w in workers.values()), args.timeout)
        print(f"two workers up in {ready}s" if ready is not None else "workers never got partitions")

        async def produce(part: list[dict]) -> None:
            from aiokafka import AIOKafkaProducer

            producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all", enable_idempotence=True)
            await producer.start()
            try:
                for t in part:
                    key = subject_key(t["tenant_id"], t["user_id"])
                    await producer.send(topic, json.dumps(t).encode(), key=key,
                                        partition=partition_of(key, args.partitions))
                await producer.flush()
            finally:
                await producer.stop()
        chunk = max(1, len(turns) // (args.kills + 1))
        for k in range(args.kills + 1):
            asyncio.run(produce(turns[k * chunk: (k + 1) * chunk] if k < args.kills else turns[k * chunk:]))
            if k == args.kills:
                break
            victim = workers["a" if k % 2 == 0 else "b"]
            time.sleep(0.5)  # mid-stream: the backlog is being worked through
            killed_at = time.monotonic()
            victim.kill()
            took = _wait(lambda: lag() == 0, args.timeout)
            if took is None:
                hangs += 1
                print(f"kill {k + 1}: the survivor did not catch up within {args.timeout:.0f}s (lag {lag()})")
            else:
                kill_recoveries.append(time.monotonic() - killed_at)
            name = "a" if k % 2 == 0 else "b"
            restarted = workers[name] = Proc(env, tmp / name, tmp / f"{name}.log")
            started = time.monotonic()
            took = _wait(lambda: (st := restarted.state()) is not None and st["assigned"] and st["completed"]
                         and not st["in_recovery"], args.timeout)
            if took is None:
                hangs += 1
                print(f"restart {k + 1}: recovery not complete within {args.timeout:.0f}s: {restarted.state()}")
            else:
                restart_recoveries.append(time.monotonic() - started)
        if _wait(lambda: lag() == 0, args.timeout) is None:
            hangs += 1
            print(f"final: input not all committed within {args.timeout:.0f}s (lag {lag()})")
        time.sleep(2)
        for w in workers.values():
            w.stop()
        found = asyncio.run(_changelog(bootstrap, f"{app_id}-windows-changelog", args.partitions))
        lost = dup = order = 0
        for subject, want in expected.items():
            got = found.get(subject) or {"n": 0, "h": ""}
            if got["n"] > want["n"]:
                dup += got["n"] - want["n"]
            elif got["n"] < want["n"]:
                lost += want["n"] - got["n"]
            elif got["h"] != want["h"]:
                order += 1
        fmt = lambda xs: (f"median {sorted(xs)[len(xs) // 2]:.1f}s, max {max(xs):.1f}s "  # noqa: E731
                          f"({', '.join(f'{x:.1f}' for x in xs)})" if xs else "-")
        print(f"faust Table, store=rocksdb:// (rocksdict), {env['SPIKE_GUARANTEE']}, {len(turns)} turns, {args.subjects} subjects, "
              f"{args.partitions} partitions, 2 workers, {args.kills} SIGKILLs")
        print(f"  turns applied twice: {dup}; turns lost: {lost}; subjects out of order: {order}; hangs: {hangs}")
        print(f"  catch-up after a kill: {fmt(kill_recoveries)}; restart on the old directory: {fmt(restart_recoveries)}")
        return 0
    finally:
        for w in workers.values():
            w.kill()
        if own is not None:
            subprocess.run([str(REPO / "scripts" / "kafka-local"), "stop"],
                           env={**os.environ, "MEMSTREAM_KAFKA_DIR": str(own)}, capture_output=True)
        print(f"logs: {tmp}")


if __name__ == "__main__":
    sys.exit(main())
