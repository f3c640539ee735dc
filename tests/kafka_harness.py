"""A real Kafka broker and real worker processes for the Kafka runtime's tests (the fixtures are
registered in tests/conftest.py; the helpers are imported by the tests).

The broker comes from MEMSTREAM_TEST_BROKER (scripts/test starts one) or, when that is unset, from
scripts/kafka-local in a temporary directory for this session. Every test gets its own consumer group
and topic prefix, so tests never see each other's messages.
"""
from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

REPO = Path(__file__).resolve().parents[1]
KAFKA_LOCAL = REPO / "scripts" / "kafka-local"


def _kafka_local(command: str, kafka_dir: Path, timeout: float = 600) -> str:
    env = {**os.environ, "MEMSTREAM_KAFKA_DIR": str(kafka_dir)}
    out = subprocess.run([str(KAFKA_LOCAL), command], env=env, capture_output=True, text=True, timeout=timeout)
    if out.returncode != 0:
        raise RuntimeError(f"kafka-local {command} failed:\n{out.stderr[-3000:]}")
    return out.stdout.strip()


class Broker:
    """A broker of our own (kafka-local in a directory): for tests that stop and start it."""

    def __init__(self, kafka_dir: Path):
        self.dir = kafka_dir
        self.bootstrap = ""

    def start(self) -> str:
        self.bootstrap = _kafka_local("start", self.dir)
        return self.bootstrap

    def stop(self) -> None:
        _kafka_local("stop", self.dir)

    @property
    def log_dir(self) -> Path:
        return self.dir / "data"


_OWN: dict[str, Broker] = {}


@pytest.fixture(scope="session")
def broker(tmp_path_factory) -> Iterator[str]:
    given = os.environ.get("MEMSTREAM_TEST_BROKER")
    if given:
        yield given
        return
    own = _OWN["session"] = Broker(tmp_path_factory.mktemp("kafka"))
    own.start()
    try:
        yield own.bootstrap
    finally:
        own.stop()


@pytest.fixture(scope="session")
def broker_log_dir(broker) -> Path:
    """Where the session's broker keeps its segments (for the canary scans)."""
    given = os.environ.get("MEMSTREAM_TEST_BROKER_DIR")
    if given:
        return Path(given)
    if "session" in _OWN:
        return _OWN["session"].log_dir
    pytest.skip("MEMSTREAM_TEST_BROKER is set without MEMSTREAM_TEST_BROKER_DIR: the log directory is unknown")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def kafka_settings(bootstrap: str, **overrides: Any):
    from streams.kafka.config import KafkaSettings

    uid = uuid.uuid4().hex[:10]
    fields = dict(broker=f"kafka://{bootstrap}", app_id=f"test-{uid}", topic_prefix=f"test-{uid}",
                  partitions=4, session_timeout_s=6.0, heartbeat_s=0.5, commit_interval_s=0.3,
                  batch_within_s=0.1, batch_max=200)
    fields.update(overrides)
    return KafkaSettings(**fields)


@pytest.fixture
def kcfg(broker):
    return kafka_settings(broker)


class WorkerProcess:
    """`memstream worker` in its own process, as an operator runs it."""

    def __init__(self, kcfg, data_dir: Path, log_path: Path):
        self.kcfg = kcfg
        self.data_dir = data_dir
        self.port = free_port()
        self.log_path = log_path
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> "WorkerProcess":
        env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
               **self.kcfg.environment(), "MEMSTREAM_KAFKA_WEB_PORT": str(self.port)}
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "streams.cli", "worker", "--data-dir", str(self.data_dir),
             "--loglevel", "info"], cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True)
        return self

    def get(self, path: str, method: str = "GET") -> Any:
        request = urllib.request.Request(self.url + path, method=method)
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.loads(response.read())

    def status(self) -> dict | None:
        try:
            return self.get("/status")
        except OSError:
            return None

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def wait_ready(self, timeout: float = 120) -> dict:
        """Until the worker has partitions and has restored every one of them."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.alive():
                raise AssertionError(f"worker exited ({self.proc.returncode}):\n{self.tail()}")
            st = self.status()
            if st and st["assigned"] and st["ready"] == st["assigned"]:
                return st
            time.sleep(0.3)
        raise AssertionError(f"worker not ready within {timeout} s:\n{self.tail()}")

    def wait_until(self, predicate: Callable[[dict], bool], timeout: float = 120) -> dict:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            st = self.status()
            if st and predicate(st):
                return st
            if not self.alive():
                raise AssertionError(f"worker exited ({self.proc.returncode}):\n{self.tail()}")
            time.sleep(0.05)
        raise AssertionError(f"condition not met within {timeout} s:\n{self.tail()}")

    def kill(self) -> None:
        if self.alive():
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(30)

    def stop(self) -> None:
        if self.alive():
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                self.kill()

    def tail(self, n: int = 60) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return ""


@pytest.fixture
def spawn_worker(tmp_path) -> Iterator[Callable[..., WorkerProcess]]:
    started: list[WorkerProcess] = []

    def spawn(kcfg, name: str = "w1", data_dir: Path | None = None) -> WorkerProcess:
        w = WorkerProcess(kcfg, data_dir or tmp_path / name, tmp_path / f"{name}.log").start()
        started.append(w)
        return w

    yield spawn
    for w in started:
        w.kill()


def run(coro):
    return asyncio.run(coro)


def send_turns(kcfg, turns: list[dict]) -> int:
    from streams.kafka.client import Producer

    async def go() -> int:
        async with Producer(kcfg) as producer:
            return await producer.send_turns(turns)
    return run(go())


def send_command(kcfg, command: str, **fields: Any) -> None:
    from streams.kafka.client import Producer

    async def go() -> None:
        async with Producer(kcfg) as producer:
            await producer.send_command(command, **fields)
    run(go())


def wait_caught_up(kcfg, timeout: float = 180) -> None:
    from streams.kafka.client import wait_caught_up as wait

    run(wait(kcfg, timeout=timeout))


def replay_digest(kcfg, into: Path) -> str:
    from streams.kafka.client import replay

    return run(replay(kcfg, into))


def worker_digest(data_dir: Path, partitions: int | None = None) -> str:
    """The view digest of a stopped worker's directory (every partition store it holds, as one
    view), as `memstream digest --data-dir` prints it."""
    from streams.kafka.partition import worker_view_digest

    return worker_view_digest(data_dir, partitions)


def embedded_digest(turns: list[dict], data_dir: Path) -> str:
    """The same turns on the embedded runtime: the reference every Kafka run must equal."""
    from engine import MemoryEngine

    with MemoryEngine.open(data_dir) as engine:
        engine.ingest_many(turns)
        engine.flush()
        return engine.view_digest()


def synthetic_turns(n: int, subjects: int = 6, tenant: str = "kt") -> list[dict]:
    from bench.synth import turns

    return turns(n, subjects=subjects, tenant=tenant)
