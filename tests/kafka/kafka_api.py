"""The HTTP API served by real `memstream worker` processes on a real broker, for the Kafka API
tests: keys are made as an operator makes them (`memstream keys create --broker`), and `settle()`
waits until the workers have handled (and committed) everything sent."""
from __future__ import annotations

import io
import threading
import time
from contextlib import redirect_stdout
from dataclasses import dataclass, field

import httpx

from kafka_harness import WorkerProcess, wait_caught_up


_STDOUT = threading.Lock()  # redirect_stdout is process-wide: one command at a time


def keys_cli(kcfg, *args: str) -> str:
    """`memstream keys ... --broker` in this process; its standard output."""
    from streams.cli import main

    out = io.StringIO()
    with _STDOUT, redirect_stdout(out):
        code = main(["keys", *args, "--broker", kcfg.broker, "--partitions", str(kcfg.partitions),
                     "--topic-prefix", kcfg.topic_prefix])
    assert code == 0, out.getvalue()
    return out.getvalue()


def wait_group(workers: list[WorkerProcess], partitions: int, timeout: float = 180) -> None:
    """Until the workers share every partition between them, each restored."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        states = [w.status() for w in workers]
        if all(states):
            owned = sorted(p for st in states for p in st["assigned"])
            if owned == list(range(partitions)) and all(st["assigned"] and st["ready"] == st["assigned"]
                                                        for st in states):
                return
        for w in workers:
            if not w.alive():
                raise AssertionError(f"worker exited:\n{w.tail()}")
        time.sleep(0.3)
    raise AssertionError("the workers did not share the partitions:\n" + "\n".join(w.tail(20) for w in workers))


def cluster(kcfg, tmp, workers: int):
    """A generator for a fixture: `workers` real worker processes in `tmp`, sharing every partition,
    as a KafkaApi; they are stopped when the fixture ends."""
    started: list[WorkerProcess] = []
    try:
        for n in range(workers):
            started.append(WorkerProcess(kcfg, tmp / f"w{n}", tmp / f"w{n}.log").start())
        wait_group(started, kcfg.partitions)
        yield KafkaApi(kcfg, started)
    finally:
        for w in started:
            w.stop()


@dataclass
class KafkaApi:
    kcfg: object
    workers: list[WorkerProcess]
    entry: int = 0  # which worker the clients talk to
    _keys: list[str] = field(default_factory=list)

    @property
    def url(self) -> str:
        return self.workers[self.entry].url

    def key(self, tenant: str, scopes: str = "read,write,forget") -> str:
        """A new key made with `memstream keys create --broker`, once every worker knows it."""
        key = keys_cli(self.kcfg, "create", "--tenant", tenant, "--scopes", scopes).strip().splitlines()[-1]
        assert key.startswith("msk_"), key
        self.known(key)
        return key

    def known(self, key: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        for w in self.workers:
            while True:
                r = httpx.get(f"{w.url}/v1/users/probe/records", headers={"Authorization": f"Bearer {key}"},
                              timeout=30)
                if r.status_code != 401:
                    break
                if time.monotonic() > deadline:
                    raise AssertionError(f"worker {w.url} does not know the new key")
                time.sleep(0.1)

    def client(self, key: str | None, worker: int | None = None) -> httpx.Client:
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        url = self.workers[self.entry if worker is None else worker].url
        return httpx.Client(base_url=url, headers=headers, timeout=60)

    def settle(self, timeout: float = 120) -> None:
        """Returns once the workers have committed every input message and projected it."""
        wait_caught_up(self.kcfg, timeout=timeout)
        deadline = time.monotonic() + timeout
        for w in self.workers:
            while True:
                r = httpx.get(f"{w.url}/readyz", timeout=30)
                if r.status_code == 200 and r.json().get("pending") == 0:
                    break
                if time.monotonic() > deadline:
                    raise AssertionError(f"worker {w.url} did not catch up: {r.text}")
                time.sleep(0.05)

    def owner(self, tenant: str, user: str) -> int:
        """The index of the worker that owns the subject's partition."""
        from streams.kafka.topics import partition_of, subject_key

        p = partition_of(subject_key(tenant, user), self.kcfg.partitions)
        return next(n for n, w in enumerate(self.workers) if p in w.status()["assigned"])
