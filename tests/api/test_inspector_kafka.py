"""The inspector on Kafka: two real `memstream worker` processes on a real broker; the browser talks
to the first, and a user whose partition the second owns is served there (the cookie's key is passed
on as a bearer key), forget and receipt included."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "kafka"))
from kafka_api import cluster  # noqa: E402
from kafka_harness import kafka_settings  # noqa: E402

pytestmark = pytest.mark.kafka


@pytest.fixture
def two_workers(broker, tmp_path):
    yield from cluster(kafka_settings(broker), tmp_path, 2)


def test_the_inspector_serves_every_worker_s_users(two_workers):
    api = two_workers
    candidates = [f"user-{n}" for n in range(64)]
    near = next(u for u in candidates if api.owner("acme", u) == 0)
    far = next(u for u in candidates if api.owner("acme", u) == 1)
    turns = [{"user_id": near, "session_id": "s1", "turn_id": "t1", "role": "user",
              "text": "I grow chillies on my balcony in Porto.", "occurred_at": "2026-06-01T08:00:00Z"},
             {"user_id": far, "session_id": "s1", "turn_id": "t1", "role": "user",
              "text": "My cat Pixel is afraid of the vacuum cleaner.", "occurred_at": "2026-06-01T08:00:00Z"},
             {"user_id": far, "session_id": "s1", "turn_id": "t2", "role": "assistant",
              "text": "Poor Pixel, afraid of the vacuum cleaner.", "occurred_at": "2026-06-01T08:01:00Z"}]
    with api.client(api.key("acme", "write")) as c:
        assert c.post("/v1/turns", json=turns).json()["accepted"] == 3
    api.settle()
    token = api.key("acme", "admin")
    with httpx.Client(base_url=api.url, timeout=60) as c:
        assert c.post("/ui/session", json={"key": token}).status_code == 200
        listed = re.findall(r'href="/ui/users/([^"]+)"', c.get("/ui").text)
        assert listed == sorted([near, far])
        page = c.get(f"/ui/users/{far}")  # served by the second worker, with the cookie's key
        assert page.status_code == 200 and "Pixel" in page.text
        memory_id = re.search(r'tr class="record" data-memory-id="([^"]+)"', page.text).group(1)
        trail = c.get(f"/ui/users/{far}/memories/{memory_id}")
        assert trail.status_code == 200 and "memory_recorded" in trail.text
        csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', page.text).group(1)
        assert c.post(f"/ui/users/{far}/memories/{memory_id}/forget", data={}).status_code == 403
        receipt = c.post(f"/ui/users/{far}/memories/{memory_id}/forget", data={"csrf": csrf},
                         follow_redirects=True)
        assert receipt.status_code == 200 and "memory_forgotten" in receipt.text
        assert re.search(r'id="keys-destroyed">3<', receipt.text)  # the turn, its echo, the record
        assert "Pixel" not in receipt.text and "vacuum" not in receipt.text
        assert "Pixel" not in c.get(f"/ui/users/{far}").text
        assert "chillies" in c.get(f"/ui/users/{near}").text
