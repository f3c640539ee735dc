"""The API answers on a real socket: keys are required and bound to their tenant."""
from __future__ import annotations


def test_a_key_reads_its_own_tenant_only(live_server):
    mine, theirs = live_server.key("acme"), live_server.key("globex")
    turn = {"user_id": "u1", "session_id": "s1", "turn_id": "t1", "role": "user",
            "text": "I'm allergic to shellfish, so no shrimp for me.", "occurred_at": "2026-03-02T09:00:00Z"}
    with live_server.client(mine) as c:
        assert c.post("/v1/turns", json=[turn]).json()["accepted"] == 1
        hits = c.get("/v1/users/u1/recall", params={"q": "seafood allergy"}).json()
        assert any("shellfish" in h["text"] for h in hits)
    with live_server.client(theirs) as c:
        assert c.get("/v1/users/u1/recall", params={"q": "seafood allergy"}).json() == []
    with live_server.client(None) as c:
        r = c.get("/v1/users/u1/recall", params={"q": "seafood allergy"})
        assert r.status_code == 401 and r.headers["content-type"].startswith("application/problem+json")
