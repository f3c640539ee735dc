"""Isolation over HTTP, property-style: many subjects across two or three tenants that share user
ids, written in a random order. A key of one tenant never reads, writes, forgets, audits or streams
another tenant's data; a read-only key cannot write or forget and changes nothing; revoked and
expired keys are refused."""
from __future__ import annotations

import json
import uuid
from datetime import datetime, timedelta, timezone
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from contract_suite import is_problem, parse_sse, read_stream, without_cursors
from streams.api.keys import new_key
from test_api_contract_embedded import EmbeddedApi

#: Statements a tenant's users make; `{m}` is a word only that tenant's data holds.
TEMPLATES = [
    "My sister {m} lives in Porto with her two dogs.",
    "I work as a baker at a shop called {m} near the station.",
    "We named our grey cat {m} after a character in a novel.",
    "I'm allergic to {m} berries, they make me sneeze.",
    "My best friend {m} is teaching me to sail this summer.",
]
MARKERS = ["Zorvath", "Quillonde", "Brevikka"]  # one per tenant, never in another tenant's data

# Valid user ids: printable and not blank ('/' included: it travels percent-encoded), not a bare dot
# segment ('.' or '..', which URL normalisation removes before any server sees it).
user_ids = st.text(st.characters(codec="utf-8", categories=["L", "N", "P", "S", "Zs"]),
                   min_size=1, max_size=24).filter(lambda s: s.strip() and s.strip(".") and s.isprintable())


def path(user_id: str) -> str:
    return quote(user_id, safe="")


@st.composite
def plans(draw):
    """Tenants, a pool of user ids shared by all of them, and the writes in a random order."""
    tenants = draw(st.integers(2, 3))
    users = draw(st.lists(user_ids, min_size=2, max_size=4, unique=True))
    writes = draw(st.lists(st.tuples(st.integers(0, tenants - 1), st.sampled_from(users),
                                     st.integers(0, len(TEMPLATES) - 1)), min_size=tenants, max_size=14))
    # Every tenant writes about every user at least once, so the same ids live in each tenant.
    writes += [(t, u, (t + i) % len(TEMPLATES)) for t in range(tenants) for i, u in enumerate(users)]
    order = draw(st.permutations(writes))
    return tenants, users, order


def the_turn(user: str, n: int, text: str) -> dict:
    return {"user_id": user, "session_id": "chat", "turn_id": f"t{n}", "role": "user", "text": text,
            "occurred_at": f"2026-04-0{1 + n // 600}T{(n // 60) % 10:02d}:{n % 60:02d}:00Z"}


@pytest.fixture
def api(live_server):
    return EmbeddedApi(live_server)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                               HealthCheck.too_slow])
@given(plan=plans())
def test_a_tenants_key_never_touches_another_tenants_data(api, plan):
    n_tenants, users, order = plan
    run = uuid.uuid4().hex[:8]
    names = [f"t{i}-{run}" for i in range(n_tenants)]
    clients = [api.client(api.key(name)) for name in names]
    markers = MARKERS[:n_tenants]
    written: dict[tuple[int, str], list[str]] = {}
    # The same (user, session, turn id) in every tenant: each tenant's turn is its own, not a repeat.
    for n, (t, user, template) in enumerate(order):
        text = TEMPLATES[template].format(m=markers[t])
        r = clients[t].post("/v1/turns", json=the_turn(user, n, text))
        assert r.status_code == 202 and r.json()["accepted"] == 1, r.text
        written.setdefault((t, user), []).append(f"t{n}")
    api.settle()

    def others(t: int) -> list[str]:
        return [m for i, m in enumerate(markers) if i != t]

    memory_ids: dict[int, set[str]] = {}
    for t, c in enumerate(clients):
        ids: set[str] = set()
        for user in users:
            u = path(user)
            answers = [c.get(f"/v1/users/{u}/records", params={"include_inactive": "true"}),
                       c.get(f"/v1/users/{u}/sessions/chat/turns"),
                       c.get(f"/v1/users/{u}/profile"),
                       c.get(f"/v1/users/{u}/summary", params={"session_id": "chat"}),
                       c.get(f"/v1/users/{u}/context", params={"q": " ".join(markers), "session_id": "chat"})]
            answers += [c.get(f"/v1/users/{u}/recall", params={"q": f"{m} sister friend cat baker"})
                        for m in markers]
            for r in answers:
                assert r.status_code == 200, r.text
                for foreign in others(t):
                    assert foreign not in r.text
            records = answers[0].json()
            assert all(rec["user_id"] == user and rec["tenant_id"] == names[t] for rec in records)
            ids |= {rec["memory_id"] for rec in records}
            turns = answers[1].json()
            assert turns and [x["turn_id"] for x in turns] == written[(t, user)][-len(turns):]
            assert all(markers[t] in x["text"] for x in turns)
        memory_ids[t] = ids
        frames = read_stream(c, since="0")
        raw = json.dumps([f["data"] for f in frames])
        assert not any(m in raw for m in others(t))
        assert {f["data"]["user_id"] for f in frames} <= set(users)
        streamed = {m for f in frames for m in f["data"]["memory_ids"]}
        assert streamed <= ids or not ids
    for t, c in enumerate(clients):
        for o, ids in memory_ids.items():
            if o != t:
                assert not ids & memory_ids[t]

    # Audit, usage and forget of another tenant's memories: unknown here, and nothing changes there.
    target, attacker = 1, 0
    before = {user: clients[target].get(f"/v1/users/{path(user)}/records").json() for user in users}
    stream_before = read_stream(clients[target], since="0")
    for memory_id in sorted(memory_ids[target])[:4]:
        is_problem(clients[attacker].get(f"/v1/memories/{memory_id}/audit"), 404, "UnknownMemoryError")
        for user in users:
            u = path(user)
            is_problem(clients[attacker].post(f"/v1/users/{u}/forget", json={"memory_id": memory_id}), 404)
            is_problem(clients[attacker].post(f"/v1/users/{u}/usage", json={"memory_ids": [memory_id]}), 404)
    for user in users:
        r = clients[attacker].post(f"/v1/users/{path(user)}/forget", json={"query": f"{markers[target]} sister"})
        assert r.status_code == 200 and not set(r.json()["memory_ids"]) & memory_ids[target]
        r = clients[attacker].post(f"/v1/users/{path(user)}/forget", json={"subject": True})
        assert r.status_code == 200 and not set(r.json()["memory_ids"]) & memory_ids[target]
    api.settle()
    assert {user: clients[target].get(f"/v1/users/{path(user)}/records").json() for user in users} == before
    assert without_cursors(read_stream(clients[target], since="0")) == without_cursors(stream_before)
    for user in users:
        assert clients[attacker].get(f"/v1/users/{path(user)}/records").json() == []
    # The attacker's stream shows its own forgets, and none of the target's memories.
    frames = read_stream(clients[attacker], since="0")
    assert not {m for f in frames for m in f["data"]["memory_ids"]} & memory_ids[target]
    for c in clients:
        c.close()


def test_a_read_only_key_cannot_write_or_forget_and_changes_nothing(api):
    writer = api.client(api.key("acme"))
    reader = api.client(api.key("acme", "read"))
    texts = ["My sister Ilse lives in Porto with her two dogs.", "I work as a baker near the station.",
             "I'm allergic to kiwi, it makes my mouth itch."]
    turns = [the_turn("u1", i, text) for i, text in enumerate(texts)]
    assert writer.post("/v1/turns", json=turns).json()["accepted"] == 3
    api.settle()
    records = writer.get("/v1/users/u1/records").json()
    ids = [r["memory_id"] for r in records]
    stream = read_stream(writer, since="0")
    session = writer.get("/v1/users/u1/sessions/chat/turns").json()
    refused = [
        reader.post("/v1/turns", json=[the_turn("u1", 50, "I moved to Bergen last week.")]),
        reader.post("/v1/turns", json=the_turn("u2", 51, "I moved to Bergen last week.")),
        reader.post("/v1/users/u1/remember", json={"text": "My locker is number forty-two."}),
        reader.post("/v1/users/u1/usage", json={"memory_ids": ids[:1]}),
        reader.get("/v1/users/u1/recall", params={"q": "kiwi", "record_use": "true"}),
        reader.get("/v1/users/u1/context", params={"q": "kiwi", "record_use": "true"}),
        reader.post("/v1/users/u1/forget", json={"memory_id": ids[0]}),
        reader.post("/v1/users/u1/forget", json={"memory_id": ids[0], "dry_run": True}),
        reader.post("/v1/users/u1/forget", json={"query": "kiwi"}),
        reader.post("/v1/users/u1/forget", json={"session_id": "chat"}),
        reader.post("/v1/users/u1/forget", json={"subject": True}),
    ]
    for r in refused:
        is_problem(r, 403, "ScopeError")
    # A write-only key cannot forget either.
    is_problem(api.client(api.key("acme", "write")).post("/v1/users/u1/forget", json={"subject": True}), 403)
    api.settle()
    assert writer.get("/v1/users/u1/records").json() == records
    assert without_cursors(read_stream(writer, since="0")) == without_cursors(stream)
    assert writer.get("/v1/users/u1/sessions/chat/turns").json() == session
    assert writer.get("/v1/users/u2/sessions/chat/turns").json() == []
    # ...while it reads.
    assert reader.get("/v1/users/u1/recall", params={"q": "kiwi"}).json()
    assert without_cursors(read_stream(reader, since="0")) == without_cursors(stream)


def test_revoked_and_expired_keys_are_refused(api, live_server):
    info, token = live_server.keys.create("acme", ["read", "write", "forget"], "soon revoked")
    c = api.client(token)
    assert c.post("/v1/turns", json=the_turn("u1", 0, "I'm allergic to kiwi, it makes my mouth itch.")
                  ).status_code == 202
    api.settle()
    assert c.get("/v1/users/u1/records").json()
    live_server.keys.revoke(info.key_id)
    for r in (c.get("/v1/users/u1/records"), c.get("/v1/events", params={"follow": "false"}),
              c.post("/v1/turns", json=the_turn("u1", 1, "I moved to Bergen last week.")),
              c.post("/v1/users/u1/forget", json={"subject": True})):
        is_problem(r, 401, "AuthError")
    past = datetime.now(timezone.utc) - timedelta(hours=2)
    entry, expired = new_key("acme", ["read", "write", "forget"], "expired", ttl=timedelta(hours=1), now=past)
    live_server.keys.append(entry)
    e = api.client(expired)
    for r in (e.get("/v1/users/u1/records"), e.post("/v1/users/u1/forget", json={"subject": True}),
              e.post("/v1/turns", json=the_turn("u1", 2, "I moved to Bergen last week."))):
        is_problem(r, 401, "AuthError")
    api.settle()
    fresh = api.client(api.key("acme"))
    assert len(fresh.get("/v1/users/u1/records").json()) == 1
    assert [t["turn_id"] for t in fresh.get("/v1/users/u1/sessions/chat/turns").json()] == ["t0"]


def test_a_key_revoked_while_its_stream_is_open_gets_nothing_more(api, live_server):
    """The stream asks for the key again before each batch: revoking it ends the stream, and no
    change made after the revocation reaches it."""
    import threading

    import httpx

    info, token = live_server.keys.create("acme", ["read"], "stream, then revoked")
    writer = api.client(live_server.key("acme", "write"))
    assert writer.post("/v1/turns", json=the_turn("u1", 0, "I'm allergic to kiwi, it makes my mouth itch.")
                       ).status_code == 202
    api.settle()
    received: list[str] = []
    ended = threading.Event()

    def consume() -> None:
        with httpx.Client(base_url=live_server.url, headers={"Authorization": f"Bearer {token}"},
                          timeout=60) as c:
            with c.stream("GET", "/v1/events", params={"since": "0"}) as r:
                for chunk in r.iter_text():
                    received.append(chunk)
        ended.set()

    threading.Thread(target=consume, daemon=True).start()
    deadline = datetime.now() + timedelta(seconds=30)
    while "kiwi" not in "".join(received):
        assert datetime.now() < deadline, "the stream never delivered the first change"
        ended.wait(0.05)
    live_server.keys.revoke(info.key_id)
    for n, text in enumerate(["I moved to Bergen last week.", "My brother Tomasz fixes old clocks.",
                              "Please keep answers under five sentences from now on."], start=1):
        assert writer.post("/v1/turns", json=the_turn("u1", n, text)).status_code == 202
    api.settle()
    assert ended.wait(30), "the stream of a revoked key stayed open"
    seen = "".join(received)
    assert "kiwi" in seen
    for word in ("Bergen", "Tomasz", "five sentences"):
        assert word not in seen
