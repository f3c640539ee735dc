"""The change stream's cursors are sealed (streams.api.cursors): a tenant reads no log position
from one (positions count every tenant's events), a cursor made for one tenant does not open for
another, and a cursor still resumes after the server restarts (the secret is in the key log)."""
from __future__ import annotations

import base64
import json
import threading

import pytest

from api_server import start_server
from contract_suite import read_stream, without_cursors
from engine.errors import InvalidCommandError
from streams.api.cursors import CursorSeal, new_secret_entry
from streams.api.keys import KeyFile, KeyRing


def turn(user: str, i: int, text: str) -> dict:
    return {"user_id": user, "session_id": "s1", "turn_id": f"{user}-t{i}", "role": "user", "text": text,
            "occurred_at": f"2026-05-01T09:{i:02d}:00Z"}


# -- the seal ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("inner", ["4096001", "123456789", "p0.4.-1.9", "p12.0"])
def test_a_sealed_cursor_opens_for_its_tenant_and_shows_nothing_of_its_position(inner):
    seal = CursorSeal(bytes(range(32)))
    sealed = seal.seal("acme", inner)
    assert seal.open("acme", sealed) == inner
    assert inner not in sealed and sealed.startswith("c1.")
    assert len(sealed) == len(seal.seal("acme", "1"))  # as long as any other short cursor
    assert seal.seal("acme", inner) != sealed  # sealed afresh: equal positions are not seen as equal


@pytest.mark.parametrize("tamper", [
    lambda s: s[:-2] + ("A" if s[-2] != "A" else "B") + s[-1],  # a changed byte
    lambda s: s[:20],  # cut short
    lambda s: "c1." + "!" * 40,  # not base64
    lambda s: s.replace("c1.", "c2.", 1),  # another format
    lambda s: "42",  # a position in the clear
    lambda s: "",
])
def test_anything_else_is_refused_as_a_bad_cursor(tamper):
    seal = CursorSeal(bytes(range(32)))
    with pytest.raises(InvalidCommandError, match="cursor"):
        seal.open("acme", tamper(seal.seal("acme", "99")))


def test_only_the_spelling_it_was_given_opens():
    """Base64 has other spellings of the same bytes (padding, the other alphabet, unused low bits,
    text after the padding): each is refused, so nothing a client adds is ever taken or echoed."""
    seal = CursorSeal(bytes(range(32)))
    sealed = seal.seal("acme", "4096001")
    body = sealed[len("c1."):]
    blob = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    same_bytes = [c for c in alphabet if c != body[-1]  # the same bytes, other unused low bits
                  and base64.urlsafe_b64decode(body[:-1] + c + "=" * (-len(body) % 4)) == blob]
    assert same_bytes  # 12 + 19 + 16 bytes: the last character carries two unused bits
    for other in (sealed + "==", sealed + "==\n\nid: 0\nevent: memory_forgotten\ndata: {}\n",
                  sealed.replace("-", "+").replace("_", "/") if ("-" in body or "_" in body) else sealed + "=",
                  sealed[:-1] + same_bytes[0], sealed + " "):
        with pytest.raises(InvalidCommandError):
            seal.open("acme", other)


def test_every_cursor_of_a_runtime_is_as_long_as_its_longest():
    embedded = CursorSeal(bytes(range(32)))
    assert len({len(embedded.seal("t", str(n))) for n in (1, 99, 10**9, 10**18)}) == 1
    partitions = 16
    kafka = CursorSeal(bytes(range(32)), longest=1 + 20 * partitions)
    few, many = "p" + ".".join(["9"] * partitions), "p" + ".".join([str(10**18)] * partitions)
    assert len(kafka.seal("t", few)) == len(kafka.seal("t", many))
    assert kafka.open("t", kafka.seal("t", many)) == many


def test_a_cursor_does_not_open_for_another_tenant_or_under_another_secret():
    seal = CursorSeal(bytes(range(32)))
    sealed = seal.seal("acme", "99")
    for other_tenant in ("globex", "acme2", "ACME"):
        with pytest.raises(InvalidCommandError):
            seal.open(other_tenant, sealed)
    with pytest.raises(InvalidCommandError):
        CursorSeal(bytes(range(1, 33))).open("acme", sealed)
    assert seal.open("globex", "0") == "0" and seal.seal("globex", "0") == "0"  # the beginning, for all


# -- the secret in the key log -------------------------------------------------------------------------
def test_the_first_secret_in_the_key_log_is_the_one_used():
    ring = KeyRing()
    first, second = new_secret_entry(), new_secret_entry()
    for bad in ({"op": "cursor-secret", "secret": "zz"}, {"op": "cursor-secret", "secret": "ab" * 8},
                {"op": "cursor-secret"}):
        ring.apply(bad)
    assert ring.cursor_secret is None
    ring.apply(first)
    ring.apply(second)
    assert ring.cursor_secret == bytes.fromhex(first["secret"])
    assert ring.list() == []  # a secret is no key


def test_a_key_file_makes_one_secret_and_keeps_it(tmp_path):
    secrets = []
    files = [KeyFile(tmp_path) for _ in range(6)]
    threads = [threading.Thread(target=lambda f=f: secrets.append(f.cursor_secret())) for f in files]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(secrets)) == 1 and len(secrets[0]) == 32
    lines = [json.loads(line) for line in (tmp_path / "api-keys.jsonl").read_text().splitlines()]
    assert [e["op"] for e in lines] == ["cursor-secret"]
    KeyFile(tmp_path).create("acme", ["read"])
    assert KeyFile(tmp_path).cursor_secret() == secrets[0]
    assert (tmp_path / "api-keys.jsonl").stat().st_mode & 0o777 == 0o600


# -- over HTTP -----------------------------------------------------------------------------------------
@pytest.fixture
def server(tmp_path):
    live = start_server(tmp_path / "data")
    try:
        yield live
    finally:
        live.stop()


def test_a_tenant_learns_nothing_of_other_tenants_writes_from_its_cursors(server):
    a, b = server.key("acme", "read,write"), server.key("globex", "read,write")
    with server.client(a) as ca, server.client(b) as cb:
        assert ca.post("/v1/turns", json=[turn("ann", 0, "I am allergic to hazelnuts.")]).status_code == 202
        server.engine.flush()
        mine = read_stream(ca, since="0")
        assert mine and all(f["id"].startswith("c1.") and f["id"] == f["data"]["cursor"] for f in mine)
        with ca.stream("GET", "/v1/events", params={"follow": "false"}) as r:
            start_before = r.read().decode().split("id: ", 1)[1].split("\n", 1)[0]
        # Another tenant writes a lot; the first tenant's cursors look the same as before.
        assert cb.post("/v1/turns", json=[turn("bob", i, f"I moved to flat {i} on Elm Street.")
                                          for i in range(30)]).status_code == 202
        server.engine.flush()
        with ca.stream("GET", "/v1/events", params={"follow": "false"}) as r:
            start_after = r.read().decode().split("id: ", 1)[1].split("\n", 1)[0]
        # Sealed, and padded: not even the number of digits of the position shows.
        seal = CursorSeal(server.keys.cursor_secret())
        before, after = seal.open("acme", start_before), seal.open("acme", start_after)
        assert len(after) > len(before)  # the log grew by more than an order of magnitude
        assert len(start_before) == len(start_after)
        assert start_before.startswith("c1.") and start_after.startswith("c1.")
        # A cursor of one tenant is refused for another, as any cursor it was not given.
        stolen = cb.get("/v1/events", params={"since": mine[-1]["id"], "follow": "false"})
        assert stolen.status_code == 422 and stolen.json()["title"] == "InvalidCommandError"
        assert "ann" not in stolen.text and "hazelnut" not in stolen.text
        # The first tenant resumes from its own cursor: the changes after it, nothing of globex.
        assert without_cursors(read_stream(ca, last_event_id=mine[0]["id"])) == without_cursors(mine[1:])


def test_the_stream_echoes_nothing_it_was_sent_and_ends_where_it_read_to(server):
    key = server.key("acme", "read,write")
    with server.client(key) as c:
        c.post("/v1/turns", json=[turn("ann", 0, "I am allergic to hazelnuts.")])
        server.engine.flush()
        frames = read_stream(c, since="0")
        given = frames[0]["id"]
        injected = c.get("/v1/events", params={"since": given + "==\n\nid: 0\nevent: memory_forgotten\ndata: {}\n",
                                               "follow": "false"})
        assert injected.status_code == 422 and "memory_forgotten" not in injected.text
        with c.stream("GET", "/v1/events", params={"since": given, "follow": "false"}) as r:
            opening = r.read().decode().split("id: ", 1)[1].split("\n", 1)[0]
        assert opening != given and opening.startswith("c1.")  # sealed afresh, not echoed
        # A stream whose filter matches nothing still ends with where it read to: a resume from
        # there holds only what came after.
        with c.stream("GET", "/v1/events", params={"since": "0", "user_id": "nobody", "follow": "false"}) as r:
            text = r.read().decode()
        assert "data:" not in text
        read_to = [line[4:] for line in text.splitlines() if line.startswith("id: ")][-1]
        c.post("/v1/turns", json=[turn("ann", 1, "I work as a lighthouse keeper in Cornwall.")])
        server.engine.flush()
        after = read_stream(c, since=read_to)
        recorded = [f for f in after if f["event"] == "memory_recorded"]
        assert recorded and all([t["turn_id"] for t in f["data"]["record"]["sources"]] == ["ann-t1"] for f in recorded)
        assert {f["data"]["event_id"] for f in after}.isdisjoint(f["data"]["event_id"] for f in frames)


def test_a_cursor_resumes_after_the_server_restarts(tmp_path):
    server = start_server(tmp_path / "data")
    try:
        key = server.key("acme", "read,write")
        with server.client(key) as c:
            c.post("/v1/turns", json=[turn("ann", 0, "I am allergic to hazelnuts."),
                                      turn("ann", 1, "I work as a lighthouse keeper in Cornwall.")])
            server.engine.flush()
            frames = read_stream(c, since="0")
    finally:
        server.stop()
    assert len(frames) >= 2
    server = start_server(tmp_path / "data")
    try:
        with server.client(key) as c:
            again = read_stream(c, last_event_id=frames[0]["id"])
            assert [f["data"]["event_id"] for f in again] == [f["data"]["event_id"] for f in frames[1:]]
    finally:
        server.stop()
