"""Ingest throughput through Kafka workers on a real broker, next to the embedded runtime on the same
turns, in one run: one worker, then two workers sharing the partitions.

    python -m bench.kafka [--turns 5000] [--subjects 20] [--broker kafka://HOST:PORT]

Without --broker it starts a broker of its own (scripts/kafka-local in a temporary directory).
A Kafka run is timed from the first turn produced to the moment the workers' group has committed
every input message (so the events and keys of every turn are on the changelog topics); workers are
started and ready (model loaded, partitions assigned) before the clock starts.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path

from rich.console import Console
from rich.table import Table

from bench.synth import turns as synth_turns

REPO = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start_worker(kcfg, data_dir: Path, log: Path) -> tuple[subprocess.Popen, int]:
    port = _free_port()
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
           **kcfg.environment(), "MEMSTREAM_KAFKA_WEB_PORT": str(port)}
    proc = subprocess.Popen([sys.executable, "-m", "streams.cli", "worker", "--data-dir", str(data_dir)],
                            cwd=REPO, env=env, stdout=open(log, "ab"), stderr=subprocess.STDOUT,
                            start_new_session=True)
    return proc, port


def _status(port: int) -> dict | None:
    import json

    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/status", timeout=5) as r:
            return json.loads(r.read())
    except OSError:
        return None


def _wait_group_ready(ports: list[int], partitions: int, timeout: float = 180) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        statuses = [_status(p) for p in ports]
        if all(statuses):
            assigned = sorted(p for st in statuses for p in st["assigned"])
            if assigned == list(range(partitions)) and all(st["ready"] == st["assigned"] for st in statuses):
                return
        time.sleep(0.3)
    raise SystemExit("workers did not get ready in time")


def _kafka_run(bootstrap: str, turns: list[dict], workers: int, tmp: Path) -> float:
    from streams.kafka.client import Producer, wait_caught_up
    from streams.kafka.config import KafkaSettings

    uid = uuid.uuid4().hex[:8]
    kcfg = KafkaSettings(broker=f"kafka://{bootstrap}", app_id=f"bench-{uid}", topic_prefix=f"bench-{uid}",
                         partitions=8, session_timeout_s=10, commit_interval_s=0.2)
    procs = [_start_worker(kcfg, tmp / f"{uid}-w{i}", tmp / f"{uid}-w{i}.log") for i in range(workers)]
    try:
        _wait_group_ready([port for _, port in procs], kcfg.partitions)

        async def produce_and_wait() -> float:
            start = time.perf_counter()
            async with Producer(kcfg) as producer:
                for i in range(0, len(turns), 500):
                    await producer.send_turns(turns[i: i + 500])
            await wait_caught_up(kcfg, timeout=1800, poll=0.1)
            return time.perf_counter() - start
        return asyncio.run(produce_and_wait())
    finally:
        for proc, _ in procs:
            os.killpg(proc.pid, signal.SIGTERM)
        for proc, _ in procs:
            try:
                proc.wait(60)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)


def _embedded_run(turns: list[dict], tmp: Path, batch: int) -> float:
    from engine import MemoryEngine
    from engine.embedder import MiniLMEmbedder, OnnxEmbedder
    from engine.settings import Settings

    # An embedder of the configured kind with an empty cache, loaded before the clock starts.
    fresh = OnnxEmbedder() if Settings().embedder == "onnx-int8" else MiniLMEmbedder()
    fresh.embed(["warm-up"])
    with MemoryEngine.open(tmp / "embedded", embedder=fresh) as engine:
        start = time.perf_counter()
        for i in range(0, len(turns), batch):
            engine.ingest_many(turns[i: i + batch])
            engine.flush()
        return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--turns", type=int, default=5000)
    ap.add_argument("--subjects", type=int, default=20)
    ap.add_argument("--broker", default=None, help="kafka://HOST:PORT (default: start one)")
    args = ap.parse_args(argv)
    console = Console()
    turns = synth_turns(args.turns, subjects=args.subjects)
    tmp = Path(tempfile.mkdtemp(prefix="memstream-bench-kafka-"))
    own_broker = None
    try:
        if args.broker:
            bootstrap = args.broker.removeprefix("kafka://")
        else:
            own_broker = tmp / "kafka"
            bootstrap = subprocess.run([str(REPO / "scripts" / "kafka-local"), "start"], check=True, text=True,
                                       capture_output=True, env={**os.environ, "MEMSTREAM_KAFKA_DIR": str(own_broker)}
                                       ).stdout.strip()
        console.print(f"broker {bootstrap}; {args.turns} turns over {args.subjects} subjects")
        embedded_s = _embedded_run(turns, tmp, 500)
        one_s = _kafka_run(bootstrap, turns, 1, tmp)
        two_s = _kafka_run(bootstrap, turns, 2, tmp)
    finally:
        if own_broker is not None:
            subprocess.run([str(REPO / "scripts" / "kafka-local"), "stop"],
                           env={**os.environ, "MEMSTREAM_KAFKA_DIR": str(own_broker)})
        shutil.rmtree(tmp, ignore_errors=True)

    n = len(turns)
    table = Table(title=f"ingest through Kafka: {n} turns, {args.subjects} subjects, 8 partitions")
    for col in ("runtime", "turns/s", "vs embedded"):
        table.add_column(col, justify="right" if col != "runtime" else "left")
    table.add_row("embedded (in process)", f"{n / embedded_s:,.0f}", "1.00x")
    table.add_row("Kafka, one worker", f"{n / one_s:,.0f}", f"{embedded_s / one_s:.2f}x")
    table.add_row("Kafka, two workers", f"{n / two_s:,.0f}", f"{embedded_s / two_s:.2f}x")
    console.print(table)
    console.print(f"machine: {os.cpu_count()} cores; reproduce: python -m bench.kafka --turns {args.turns} "
                  f"--subjects {args.subjects}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
