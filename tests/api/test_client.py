"""streams.client against a real server: answers are the schemas' models, errors are typed, and the
change stream is iterated and resumed after a dropped connection without missing or repeating a change."""
from __future__ import annotations

import socket
import threading
from contextlib import aclosing, closing

import pytest

from engine.errors import (
    AuthError,
    InvalidCommandError,
    InvalidTurnError,
    ScopeError,
    UnknownMemoryError,
)
from schemas.api import Forgotten, Health, MemoryChange, TurnsAccepted, TurnView, UsageRecorded
from schemas.records import MemoryRecord
from schemas.views import AuditEntry, ContextResult, RecallHit, SummaryView
from streams.client import ApiError, AsyncMemstreamClient, MemstreamClient, Requests, SSEParser

FACTS = [
    "My brother Teodoro keeps three beehives behind his cabin in Vermont.",
    "I switched my commute to a folding bicycle last spring.",
    "Our book club meets on the second Thursday of every month.",
    "I am learning to bake sourdough with a starter named Bubbles.",
    "My landlord promised to repaint the hallway before October.",
    "I collect enamel pins from every national park I visit.",
]


def turn(n: int, text: str, role: str = "user", session: str = "s1") -> dict:
    return {"user_id": "u1", "session_id": session, "turn_id": f"t{n}", "role": role, "text": text,
            "occurred_at": f"2026-03-02T09:{n:02d}:00Z"}


class CuttingProxy:
    """A TCP relay in front of the server whose connections the test can cut, as a network would."""

    def __init__(self, upstream: str):
        host, port = upstream.removeprefix("http://").split(":")
        self.upstream = (host, int(port))
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.accepted = 0
        self._open: list[socket.socket] = []
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.upstream)
            with self._lock:
                self.accepted += 1
                self._open += [client, server]
            for src, dst in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(src, dst), daemon=True).start()

    @staticmethod
    def _pump(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self) -> None:
        """Drops every open connection (both ends see it end mid-stream)."""
        with self._lock:
            conns, self._open = self._open, []
        for s in conns:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()

    def close(self) -> None:
        """Stops relaying: open connections end and new ones are refused."""
        try:
            self.listener.shutdown(socket.SHUT_RDWR)  # wakes the blocked accept (close alone would not)
        except OSError:
            pass
        self.listener.close()
        self.cut()


@pytest.fixture
def proxy(live_server):
    p = CuttingProxy(live_server.url)
    yield p
    p.close()


def test_every_endpoint_answers_with_its_model(live_server):
    with MemstreamClient(live_server.url, live_server.key("acme", "read,write,forget")) as ms:
        assert ms.healthz() == Health(status="ok")
        assert ms.readyz().status == "ok"
        accepted = ms.ingest([turn(1, "I prefer aisle seats when I take the overnight train."),
                              turn(2, "Noted, aisle seats on overnight trains.", role="assistant"),
                              turn(3, "this one has no role", role="narrator")])
        assert isinstance(accepted, TurnsAccepted)
        assert (accepted.accepted, accepted.rejected) == (2, 1)
        assert accepted.errors[0].index == 2 and accepted.errors[0].error == "UnknownRoleError"
        assert ms.ingest([turn(1, "I prefer aisle seats when I take the overnight train.")]).already_present == 1

        memory_id = ms.remember("u1", text=FACTS[0])
        assert isinstance(memory_id, str) and memory_id
        hits = ms.recall(user_id="u1", query="who keeps bees?", k=3)
        assert hits and all(isinstance(h, RecallHit) for h in hits)
        assert hits[0].memory_id == memory_id and "beehives" in hits[0].text

        ctx = ms.context("u1", query="beekeeping brother", budget_tokens=300)
        assert isinstance(ctx, ContextResult) and memory_id in ctx.memory_ids and "Teodoro" in ctx.text

        records = ms.records("u1")
        assert all(isinstance(r, MemoryRecord) for r in records)
        assert memory_id in {r.memory_id for r in records}
        profile = ms.profile("u1")
        assert isinstance(profile, SummaryView) and memory_id in profile.memory_ids
        topic = ms.summary("u1", topic="beehives")
        assert isinstance(topic, SummaryView) and memory_id in topic.memory_ids

        turns = ms.session_turns("u1", "s1")
        assert [t.turn_id for t in turns] == ["t1", "t2"] and isinstance(turns[0], TurnView)
        trail = ms.audit(memory_id)
        assert trail and isinstance(trail[0], AuditEntry) and trail[0].type == "memory_recorded"

        assert ms.record_use("u1", memory_ids=[memory_id]) == UsageRecorded(recorded=1)
        used = {r.memory_id: r for r in ms.records("u1")}[memory_id]
        assert used.use_count == 1

        preview = ms.forget("u1", memory_id=memory_id, dry_run=True)
        assert preview == Forgotten(memory_ids=[memory_id], dry_run=True)
        assert memory_id in {h.memory_id for h in ms.recall("u1", query="who keeps bees?")}
        assert ms.forget("u1", memory_id=memory_id).memory_ids == [memory_id]
        assert memory_id not in {h.memory_id for h in ms.recall("u1", query="who keeps bees?")}
        assert memory_id not in {r.memory_id for r in ms.records("u1")}


def test_problem_answers_raise_the_typed_error_they_name(live_server):
    url = live_server.url
    with MemstreamClient(url, live_server.key("acme", "read,write,forget")) as ms:
        with pytest.raises(InvalidTurnError) as rejected:
            ms.ingest([turn(1, "nobody said this", role="narrator")])
        assert rejected.value.status == 422 and rejected.value.errors[0]["error"] == "UnknownRoleError"
        with pytest.raises(UnknownMemoryError) as unknown:
            ms.audit("no-such-memory")
        assert unknown.value.status == 404 and unknown.value.title == "UnknownMemoryError"
        with pytest.raises(InvalidCommandError, match="session_id .* or topic"):
            ms.summary("u1")
        with pytest.raises(InvalidCommandError, match="forget"):
            ms.forget("u1")
        with pytest.raises(ApiError) as invalid:  # no engine error is named RequestValidationError
            ms.recall("u1", query="anything", k=0)
        assert (invalid.value.status, invalid.value.title) == (422, "RequestValidationError")
        assert "k" in invalid.value.detail
        theirs = ms.remember("u1", text=FACTS[1])
    with MemstreamClient(url, live_server.key("globex", "read")) as other:
        with pytest.raises(UnknownMemoryError):  # another tenant's memory is as unknown as none
            other.audit(theirs)
        with pytest.raises(ScopeError) as scope:
            other.forget("u1", memory_id=theirs)
        assert scope.value.status == 403
        with pytest.raises(ScopeError):
            other.recall("u1", query="commute", record_use=True)
    with MemstreamClient(url, "msk_0123456789abcdef_" + "x" * 43) as stranger:
        with pytest.raises(AuthError) as auth:
            stranger.recall("u1", query="commute")
        assert auth.value.status == 401
    with MemstreamClient(url, None) as nobody:
        with pytest.raises(AuthError):
            nobody.records("u1")
    with MemstreamClient(url, live_server.key()) as ms:
        assert [h.memory_id for h in ms.recall("u1", query="bicycle commute")] == [theirs]


def test_an_unreachable_server_is_an_api_error():
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with MemstreamClient(f"http://127.0.0.1:{port}", "k") as ms:
        with pytest.raises(ApiError) as down:
            ms.healthz()
    assert down.value.status is None and down.value.title == "Unreachable"
    with pytest.raises(InvalidCommandError, match="url"):
        MemstreamClient("127.0.0.1:8080", "k")


def test_the_change_stream_lists_changes_in_order(live_server):
    with MemstreamClient(live_server.url, live_server.key()) as ms:
        mine = [ms.remember("u1", text=t) for t in FACTS[:2]]
        other = ms.remember("u2", text=FACTS[2])
        changes = list(ms.events(since="0", follow=False))
        assert all(isinstance(c, MemoryChange) for c in changes)
        assert [c.memory_ids[0] for c in changes] == [*mine, other]
        assert changes[0].record is not None and changes[0].record.text == FACTS[0]
        only = list(ms.events(user_id="u2", since="0", follow=False, content=False))
        assert [c.memory_ids for c in only] == [[other]]
        assert only[0].record is None and only[0].detail["content"] == "readable"
        after = list(ms.events(since=changes[0].cursor, follow=False))
        assert [c.event_id for c in after] == [c.event_id for c in changes[1:]]
        with pytest.raises(InvalidCommandError, match="cursor"):
            next(ms.events(since="not-a-cursor"))


def test_a_followed_stream_resumes_after_a_dropped_connection(live_server, proxy):
    key = live_server.key()
    with MemstreamClient(live_server.url, key) as direct, MemstreamClient(proxy.url, key) as ms:
        before = [direct.remember("u1", text=t) for t in FACTS[:3]]
        with closing(ms.events(user_id="u1", since="0")) as stream:
            seen = [next(stream) for _ in before]
            proxy.cut()  # the stream is read lazily: these are remembered while it is down
            during = [direct.remember("u1", text=t) for t in FACTS[3:]]
            seen += [next(stream) for _ in during]
    assert [c.memory_ids[0] for c in seen] == before + during
    assert len({c.event_id for c in seen}) == len(seen)
    assert proxy.accepted >= 2  # it did reconnect


def test_a_stream_that_cannot_reconnect_raises(live_server, proxy):
    with MemstreamClient(proxy.url, live_server.key()) as ms:
        ms.remember("u1", text=FACTS[0])
        with closing(ms.events(since="0", retries=1)) as stream:
            next(stream)
            proxy.close()
            with pytest.raises(ApiError) as down:
                next(stream)
    assert down.value.title == "Unreachable"


@pytest.mark.asyncio
async def test_the_async_client_has_the_same_methods(live_server):
    async with AsyncMemstreamClient(live_server.url, live_server.key()) as ms:
        assert (await ms.healthz()).status == "ok"
        accepted = await ms.ingest(turn(1, "I only drink decaf after noon."))
        assert accepted.accepted == 1
        memory_id = await ms.remember("u1", text=FACTS[4])
        hits = await ms.recall("u1", query="when will the hallway be painted?")
        assert hits[0].memory_id == memory_id
        assert memory_id in (await ms.context("u1", query="hallway paint")).memory_ids
        assert [t.text for t in await ms.session_turns("u1", "s1")] == ["I only drink decaf after noon."]
        with pytest.raises(UnknownMemoryError):
            await ms.audit("no-such-memory")
        with pytest.raises(InvalidCommandError):
            await ms.summary("u1", session_id="s1", topic="coffee")
        assert (await ms.forget("u1", query="landlord repaint hallway")).memory_ids == [memory_id]
        assert memory_id not in {h.memory_id for h in await ms.recall("u1", query="hallway")}
    async with AsyncMemstreamClient(live_server.url, "wrong") as stranger:
        with pytest.raises(AuthError):
            await stranger.recall("u1", query="decaf")


@pytest.mark.asyncio
async def test_the_async_stream_resumes_after_a_dropped_connection(live_server, proxy):
    key = live_server.key()
    async with AsyncMemstreamClient(live_server.url, key) as direct, AsyncMemstreamClient(proxy.url, key) as ms:
        before = [await direct.remember("u1", text=t) for t in FACTS[:2]]
        async with aclosing(ms.events(since="0")) as stream:
            seen = [await anext(stream) for _ in before]
            proxy.cut()
            during = [await direct.remember("u1", text=t) for t in FACTS[2:5]]
            seen += [await anext(stream) for _ in during]
        caught_up = [c async for c in ms.events(since="0", follow=False)]
    assert [c.memory_ids[0] for c in seen] == before + during
    assert [c.event_id for c in caught_up] == [c.event_id for c in seen]
    assert proxy.accepted >= 2


def test_sse_parser_follows_the_event_stream_rules():
    parser = SSEParser()
    lines = [": comment", "id: 7", "event: memory_recorded", "data: {\"a\":", "data: 1}", "", "retry: 2000",
             "id: 9", ""]
    out = [parser.feed(line) for line in lines]
    assert [o for o in out if o is not None] == ['{"a":\n1}']
    assert parser.last_id == "9" and parser.retry == 2.0  # an id-only block still moves the cursor
    half = SSEParser("9")
    half.feed("id: 12")
    assert half.last_id == "9"  # an event is only seen once its blank line arrives


def test_requests_are_built_without_io():
    call = Requests.recall("user/with slash", query="tea", k=3, session_id=None)
    assert (call.method, call.path) == ("GET", "/v1/users/user%2Fwith%20slash/recall")
    assert call.params == {"q": "tea", "k": 3, "record_use": False}
    call = Requests.events(since="0", follow=False, last_event_id="41")
    assert call.headers["Last-Event-ID"] == "41" and call.params["since"] == "0"


def test_error_titles_map_to_engine_errors_or_api_error():
    from engine.errors import DamagedStoreError
    from streams.client import error_of

    known = error_of(404, {"type": "x", "title": "UnknownMemoryError", "status": 404, "detail": "no such memory"})
    assert isinstance(known, UnknownMemoryError) and str(known) == "no such memory" and known.status == 404
    # a class built from more than a message, and a title no class has, are ApiErrors with the same fields
    odd = error_of(500, {"title": DamagedStoreError.__name__, "status": 500, "detail": "the log is damaged"})
    assert type(odd) is ApiError and (odd.status, odd.title, odd.detail) == (500, "DamagedStoreError",
                                                                             "the log is damaged")
    page = error_of(502, "<html>bad gateway</html>", "Bad Gateway")
    assert type(page) is ApiError and page.title == "Bad Gateway" and page.problem == {}
