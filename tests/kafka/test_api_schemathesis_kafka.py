"""Schemathesis over the live OpenAPI document of Kafka workers (tests/api/test_api_schemathesis.py's
runner): generated requests, valid and invalid, to the first of two workers, so requests for the
other worker's subjects are forwarded. No answer is a 5xx, every answer conforms to the document,
an invalid request is refused with a 4xx problem document."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "api"))
from kafka_api import cluster  # noqa: E402
from test_api_schemathesis import EXAMPLES, run_schemathesis  # noqa: E402

pytestmark = pytest.mark.kafka


def test_schemathesis_finds_nothing_on_two_kafka_workers(kcfg, tmp_path):
    workers = cluster(kcfg, tmp_path, 2)
    try:
        api = next(workers)
        key = api.key("acme", "read,write,forget")
        with api.client(key) as c:  # something to read, on both workers' partitions
            r = c.post("/v1/turns", json=[
                {"user_id": f"u{n}", "session_id": "s1", "turn_id": f"t{i}", "role": "user", "text": text,
                 "occurred_at": f"2026-05-01T08:0{i}:00Z"}
                for n in range(4)
                for i, text in enumerate(["I keep bees on the roof of my building.",
                                          "My brother Anselm repairs bicycles in Ghent."])])
            assert r.status_code == 202
        api.settle()
        failures, sent = run_schemathesis(api.url, key, max_examples=EXAMPLES)
        operations = {label.split(" [")[0] for label in sent}
        assert {"POST /v1/turns", "GET /v1/users/{user_id}/recall", "GET /v1/events",
                "GET /v1/memories/{memory_id}/audit", "GET /metrics"} <= operations
        assert not failures, "\n\n".join(failures)
    finally:
        workers.close()  # stops the workers
