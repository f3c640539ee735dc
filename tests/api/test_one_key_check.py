"""A request with a body has its key checked before the body is read (streams.api.body); the
route then uses that check instead of making it again. A request without a body is checked by
its route, once. Either way a bad key is still refused and a key's scopes still hold."""
from __future__ import annotations

import pytest

from api_server import start_server


@pytest.fixture
def served(tmp_path):
    server = start_server(tmp_path / "data")
    checks: list[str | None] = []
    real = server.keys.authenticate

    def counted(token):
        checks.append(token)
        return real(token)

    server.keys.authenticate = counted  # the real check, counted
    try:
        yield server, checks
    finally:
        server.stop()


def turn(i: int) -> dict:
    return {"user_id": "u1", "session_id": "s1", "turn_id": f"t{i}", "role": "user",
            "text": f"I keep {i} potted cacti on the windowsill.", "occurred_at": "2026-05-01T09:00:00Z"}


def test_a_write_checks_its_key_once(served):
    server, checks = served
    key = server.key("acme", "read,write")
    with server.client(key) as c:
        for i in range(3):
            checks.clear()
            assert c.post("/v1/turns", json=[turn(i)]).status_code == 202
            assert checks == [key]
        checks.clear()
        c.post("/v1/users/u1/usage", json={"memory_ids": ["m1"]})  # answered or refused: checked once
        assert checks == [key]
        checks.clear()
        assert c.get("/v1/users/u1/records").status_code == 200
        assert checks == [key]


def test_the_check_made_for_the_body_still_enforces_scopes_and_keys(served):
    server, _ = served
    reader = server.key("acme", "read")
    with server.client(reader) as c:
        r = c.post("/v1/turns", json=[turn(1)])
        assert (r.status_code, r.json()["title"]) == (403, "ScopeError")
    with server.client("msk_notakey_0000") as c:
        r = c.post("/v1/turns", json=[turn(2)])
        assert (r.status_code, r.json()["title"]) == (401, "AuthError")
    writer = server.key("acme", "write")
    with server.client(writer) as c:
        r = c.post("/v1/users/u1/forget", json={"memory_ids": ["x"]})
        assert (r.status_code, r.json()["title"]) == (403, "ScopeError")
