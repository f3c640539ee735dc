"""What a read over the API waits for: its own subject's acknowledged writes, not another tenant's
backlog. The server's projector is held back here the way a stream of writes holds it back
(`project_quiet` and `project_max_lag` longer than the test), so the backlog stays unprojected
until a read needs part of it."""
from __future__ import annotations

import re

import pytest

from api_server import start_server
from engine import MemoryEngine

HOLD = {"project_quiet": 3600.0, "project_max_lag": 3600.0}


def turn(user: str, session: str, turn_id: str, text: str) -> dict:
    return {"user_id": user, "session_id": session, "turn_id": turn_id, "role": "user", "text": text,
            "occurred_at": "2026-04-07T10:00:00Z"}


BACKLOG = [  # another tenant's burst: wording of several kinds, none of it read back
    "I moved to Tallinn in the spring and I cycle to the office.",
    "Please never book me on red-eye flights.",
    "My sister Inga is a marine biologist in Bergen.",
    "We decided to keep the quarterly review on Thursdays.",
    "I'm allergic to shellfish, so keep that in mind for dinners.",
    "For the rest of today, answer in bullet points.",
]


@pytest.fixture
def held(tmp_path):
    server = start_server(tmp_path / "data", service_options=HOLD)
    yield server
    server.stop()


def _pending(server) -> int:
    with server.client(None) as c:
        return c.get("/readyz").json()["pending"]


def test_a_read_of_another_tenant_does_not_wait_for_a_backlog(held):
    quiet, busy = held.key("quiet", "read,write"), held.key("busy", "write")
    with held.client(quiet) as c:
        assert c.post("/v1/turns", json=[turn("ana", "s1", "q1", "I take my coffee black, no sugar.")]).status_code == 202
        assert [h["text"] for h in c.get("/v1/users/ana/recall", params={"q": "coffee"}).json()]  # projected for the read
    with held.client(busy) as c:
        items = [turn(f"u{i % 3}", "s1", f"b{i}", text) for i, text in enumerate(BACKLOG * 4)]
        assert c.post("/v1/turns", json=items).json()["accepted"] == len(items)
    before = _pending(held)
    assert before > 0
    with held.client(quiet) as c:
        for q in ("coffee", "black coffee", "sugar"):
            r = c.get("/v1/users/ana/recall", params={"q": q})
            assert r.status_code == 200 and r.json(), q
        assert c.get("/v1/users/ana/context", params={"q": "drink", "session_id": "s1"}).status_code == 200
        assert c.get("/v1/users/ana/records").json()
    assert _pending(held) == before  # nothing of the other tenant's backlog was projected for them


@pytest.mark.parametrize("wording,query", [
    ("I'm vegetarian and I never eat fish either.", "vegetarian"),
    ("Our team picked Postgres over MySQL for the billing service.", "Postgres billing"),
    ("Call me Sasha from now on, not Alexandra.", "Sasha"),
])
def test_a_read_sees_its_own_subjects_acknowledged_write(held, wording, query):
    key = held.key("acme", "read,write")
    with held.client(key) as c:
        before = c.get("/v1/users/lee/records").json()
        assert c.post("/v1/turns", json=[turn("lee", "s1", "t1", wording)]).json()["accepted"] == 1
        assert _pending(held) > 0  # held back: only a read of this subject brings it forward
        other = c.get("/v1/users/kim/records")  # same tenant, another subject: read at once
        assert other.status_code == 200 and other.json() == []
        after = c.get("/v1/users/lee/records").json()
        assert len(after) > len(before)
        assert any(query.split()[0].lower() in r["text"].lower() for r in after), after
        hits = c.get("/v1/users/lee/recall", params={"q": query}).json()
        assert hits and query.split()[0].lower() in hits[0]["text"].lower()


def test_a_tenant_wide_read_sees_the_tenants_writes(held):
    """The inspector's user list is a read of the whole tenant: it waits for the tenant's writes."""
    with held.client(held.key("acme", "write")) as c:
        for user, text in (("new-user", "I work night shifts at the port."), ("other", "My dog is called Pixel.")):
            assert c.post("/v1/turns", json=[turn(user, "s1", "t1", text)]).status_code == 202
    assert _pending(held) > 0
    assert "new-user" not in held.engine.users("acme")  # the facade in process, catch-up off: not projected yet
    with held.client(held.key("acme", "admin")) as c:
        page = c.get("/ui")
    assert page.status_code == 200
    assert re.findall(r'href="/ui/users/([^"]+)"', page.text) == ["new-user", "other"]


def test_the_facade_without_catch_up_reads_what_is_projected(tmp_path):
    with MemoryEngine.open(tmp_path / "d", reads_catch_up=False) as engine:
        engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s", "turn_id": "1", "role": "user",
                       "text": "I prefer window seats on trains.", "occurred_at": "2026-04-07T10:00:00Z"})
        assert engine.pending() > 0 and engine.position() > engine.projected()
        assert engine.records("t", "u") == [] and engine.recall(tenant_id="t", user_id="u", query="seats") == []
        assert engine.pending() > 0  # reading projected nothing
        engine.flush()
        assert engine.position() == engine.projected()
        assert engine.records("t", "u") and engine.recall(tenant_id="t", user_id="u", query="window seats")
    with MemoryEngine.open(tmp_path / "d2") as engine:  # the default: a read projects everything first
        engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s", "turn_id": "1", "role": "user",
                       "text": "I prefer aisle seats on planes.", "occurred_at": "2026-04-07T10:00:00Z"})
        assert engine.records("t", "u") and engine.pending() == 0
