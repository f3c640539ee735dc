"""The API contract (tests/api/contract_suite.py) on Kafka: real `memstream worker` processes on a
real broker, with one worker, and with two (the clients talk to the first; a subject of the second
worker's partitions is forwarded there)."""
from __future__ import annotations

import sys
import threading
from pathlib import Path

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "api"))
import raw_http  # noqa: E402
from contract_suite import (  # noqa: E402
    ALLERGIES,
    BOUND,
    HOBBIES,
    HOMES,
    JOBS,
    ApiContract,
    conversation,
    parse_sse,
    read_stream,
    turn,
    uid,
    without_cursors,
)
from kafka_api import cluster  # noqa: E402
from kafka_harness import kafka_settings  # noqa: E402

pytestmark = pytest.mark.kafka


@pytest.fixture(scope="class")
def one_worker(broker, tmp_path_factory):
    yield from cluster(kafka_settings(broker), tmp_path_factory.mktemp("kafka-api-1"), 1)


@pytest.fixture(scope="class")
def two_workers(broker, tmp_path_factory):
    yield from cluster(kafka_settings(broker), tmp_path_factory.mktemp("kafka-api-2"), 2)


class KafkaApiContract(ApiContract):
    def test_a_resumed_stream_misses_nothing_and_repeats_nothing(self, api):
        """As the suite's test, but order is asserted per user: on Kafka each partition (so each
        subject) has its own log, and a stream read live interleaves the partitions as their changes
        arrive, while a read from the start goes partition by partition. Nothing is missed and
        nothing is repeated, and each subject's changes come in their order."""
        tenant, c = self.tenant(api)
        users = [uid("u") for _ in range(3)]
        statements = ALLERGIES + HOMES + HOBBIES + JOBS
        batches = [[turn(users[i % 3], "s1", f"b{b}-{i}", statements[(b * 4 + i) % len(statements)], b * 4 + i)
                    for i in range(4)] for b in range(6)]
        self.send(api, c, batches[0])
        assert read_stream(c) == []
        seen: list[dict] = []
        stop = threading.Event()

        def consume():
            with api.client(api.key(tenant, "read")) as reader:
                with reader.stream("GET", "/v1/events", params={"since": "0"}, timeout=60) as r:
                    buffer = ""
                    for chunk in r.iter_text():
                        buffer += chunk
                        *blocks, buffer = buffer.split("\n\n")
                        seen.extend(parse_sse("\n\n".join(blocks) + "\n\n"))
                        if len([f for f in seen if f["event"] == "memory_recorded"]) >= 8 or stop.is_set():
                            return

        consumer = threading.Thread(target=consume)
        consumer.start()
        writer = api.client(api.key(tenant, "write"))
        for batch in batches[1:3]:
            assert writer.post("/v1/turns", json=batch).status_code == 202
        api.settle()
        consumer.join(timeout=60)
        stop.set()
        assert not consumer.is_alive()
        assert seen, "the live stream delivered nothing"
        for batch in batches[3:]:
            assert writer.post("/v1/turns", json=batch).status_code == 202
        c.post(f"/v1/users/{users[0]}/forget", json={"query": "hazelnuts"})
        api.settle()
        rest = read_stream(c, last_event_id=seen[-1]["id"])
        everything = read_stream(c, since="0")
        ids = [f["data"]["event_id"] for f in seen + rest]
        assert len(ids) == len(set(ids))  # nothing twice
        assert sorted(ids) == sorted(f["data"]["event_id"] for f in everything)  # nothing missed
        for user in users:  # each subject's changes in their order
            assert [f["data"]["event_id"] for f in seen + rest if f["data"]["user_id"] == user] == \
                   [f["data"]["event_id"] for f in everything if f["data"]["user_id"] == user]
        assert len([f for f in everything if f["event"] == "memory_recorded"]) >= 12
        assert any(f["event"] == "memory_forgotten" for f in rest)
        assert without_cursors(read_stream(c, since=seen[-1]["id"])) == without_cursors(rest)

    def test_internal_routes_bound_bodies_and_read_none_without_a_key(self, api):
        """The calls between workers (`/internal/...`) take bodies too: bounded, and not read
        without a valid key, on every worker."""
        for w in api.workers:
            for path in ("/internal/turns", "/internal/changes", "/internal/audit"):
                status, _, doc = raw_http.declared_unsent(w.url, path, BOUND + 1, {"Content-Type": "application/json"})
                assert status == 413 and doc["title"] == "RequestTooLargeError", (path, doc)
                status, _, doc = raw_http.declared_unsent(w.url, path, 4096, {"Authorization": "Bearer nonsense"})
                assert status == 401 and doc["title"] == "AuthError", (path, doc)

    def test_metrics_are_prometheus_text(self, api):
        """As the suite's test, with each worker's metrics summed (as Prometheus scraping every
        worker does): a request is counted by the worker that served it, the subject's owner."""
        _, c = self.tenant(api)
        user = uid("u")
        self.send(api, c, conversation(user, "s1", JOBS))
        c.get(f"/v1/users/{user}/recall", params={"q": "work"})
        c.get(f"/v1/users/{user}/context", params={"q": "work"})
        c.post(f"/v1/users/{user}/forget", json={"query": "welding college"})
        samples: dict[str, float] = {}
        for w in api.workers:
            r = httpx.get(f"{w.url}/metrics")
            assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
            for name in ("memstream_turns_total", "memstream_forgotten_memories_total", "memstream_recall_seconds",
                         "memstream_http_request_seconds", "memstream_processing_lag_entries",
                         "memstream_dead_letters"):
                assert f"# TYPE {name} " in r.text, name
            for line in r.text.splitlines():
                if line and not line.startswith("#"):
                    name, value = line.split(" ")[:2]
                    samples[name] = samples.get(name, 0.0) + float(value)
        assert samples['memstream_turns_total{outcome="accepted"}'] >= 3
        assert samples['memstream_recall_seconds_count{endpoint="recall"}'] >= 1
        assert samples['memstream_recall_seconds_count{endpoint="context"}'] >= 1
        assert samples["memstream_forgotten_memories_total"] >= 1


class TestKafkaApiContractOneWorker(KafkaApiContract):
    @pytest.fixture
    def api(self, one_worker):
        return one_worker


class TestKafkaApiContractTwoWorkers(KafkaApiContract):
    @pytest.fixture
    def api(self, two_workers):
        return two_workers
