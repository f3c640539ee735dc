"""The HTTP API's contract, one suite for every runtime that serves it.

`ApiContract` is abstract (no `Test` prefix, so pytest does not collect it by itself): a runtime's
test module subclasses it and provides a fixture named `api` with

- `url`: the server's base URL;
- `key(tenant, scopes="read,write,forget") -> str`: a new API key of that tenant;
- `client(key) -> httpx.Client`: a client sending `Authorization: Bearer <key>` (no header for None);
- `settle()`: returns once everything sent so far is projected (readable and streamed).

The suite speaks HTTP only (never a runtime's objects), and waits with `settle()`, never a sleep,
so the embedded runtime (tests/api/test_api_contract_embedded.py) and Kafka
(tests/kafka/test_api_contract_kafka.py) are held to the same answers. Every test uses tenants and
users of its own, so a runtime may serve the whole suite from one server.
"""
from __future__ import annotations

import json
import threading
import time
import uuid
from urllib.parse import quote

import httpx
import pytest

import raw_http

PROBLEM = "application/problem+json"
#: The servers' request body bound (Settings.api_max_body_mb's default), in bytes.
BOUND = 32 << 20

#: Statements a user makes about themselves, several phrasings of each kind of fact.
ALLERGIES = [
    "I'm allergic to hazelnuts, even a trace gives me hives.",
    "I have a hazelnut allergy, so keep them out of any recipe.",
    "I can't eat hazelnuts, they make my lips swell.",
]
HOMES = [
    "My brother Tomasz lives in Gdansk near the shipyard.",
    "I live in a narrow house by the canal in Utrecht.",
    "We moved to a farmhouse outside Ljubljana last autumn.",
]
HOBBIES = [
    "I play the bassoon in a community orchestra on Thursdays.",
    "On weekends I restore old mechanical typewriters.",
    "I've been training for a half marathon along the river.",
]
JOBS = [
    "I work as a lighthouse keeper on the northern coast.",
    "My job is repairing pipe organs in old churches.",
    "I teach welding at the technical college downtown.",
]
REMEMBERED = [
    "My dentist appointment is every second Tuesday morning.",
    "I keep my passport in the blue folder on the top shelf.",
    "My neighbour Ines waters the plants when I travel.",
]


def uid(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:10]}"


def turn(user_id: str, session_id: str, turn_id: str, text: str, minute: int = 0, role: str = "user") -> dict:
    return {"user_id": user_id, "session_id": session_id, "turn_id": turn_id, "role": role, "text": text,
            "occurred_at": f"2026-03-02T10:{minute % 60:02d}:{minute // 60:02d}Z"}


def conversation(user_id: str, session_id: str, texts: list[str], first_minute: int = 0) -> list[dict]:
    return [turn(user_id, session_id, f"{session_id}-t{i + first_minute}", text, i + first_minute)
            for i, text in enumerate(texts)]


def read_stream(client: httpx.Client, **params) -> list[dict]:
    """The SSE frames of /v1/events with follow=false: each as {'id', 'event', 'data' (parsed)}."""
    headers = {}
    if "last_event_id" in params:
        headers["Last-Event-ID"] = params.pop("last_event_id")
    params.setdefault("follow", "false")
    with client.stream("GET", "/v1/events", params=params, headers=headers) as r:
        assert r.status_code == 200, r.read()
        assert r.headers["content-type"].startswith("text/event-stream")
        return parse_sse(r.read().decode())


def without_cursors(frames: list[dict]) -> list[dict]:
    """Frames without their cursors: a cursor is sealed afresh each time it is sent (two reads of
    the same changes give different ids), so two reads compare by what the changes say."""
    return [{"event": f["event"], "data": {k: v for k, v in f["data"].items() if k != "cursor"}} for f in frames]


def parse_sse(text: str) -> list[dict]:
    frames = []
    for block in text.split("\n\n"):
        frame: dict = {}
        for line in block.split("\n"):
            if not line or line.startswith(":"):
                continue
            name, _, value = line.partition(":")
            frame[name] = value[1:] if value.startswith(" ") else value
        if "data" in frame:
            frame["data"] = json.loads(frame["data"])
            frames.append(frame)
    return frames


def is_problem(r: httpx.Response, status: int, title: str | None = None) -> dict:
    assert r.status_code == status, (r.status_code, r.text)
    assert r.headers["content-type"].startswith(PROBLEM), r.headers["content-type"]
    body = r.json()
    assert body["status"] == status and body["title"] and body["detail"]
    assert "Traceback" not in r.text
    if title is not None:
        assert body["title"] == title, body
    return body


class ApiContract:
    """The API's behaviour, over HTTP alone. Subclass it and provide the `api` fixture."""

    # -- helpers -----------------------------------------------------------------------------------
    def tenant(self, api, scopes: str = "read,write,forget"):
        """A fresh tenant and a client with a key of it."""
        name = uid("tenant")
        return name, api.client(api.key(name, scopes))

    def send(self, api, c: httpx.Client, turns: list[dict]) -> dict:
        r = c.post("/v1/turns", json=turns)
        assert r.status_code == 202, r.text
        api.settle()
        return r.json()

    def records(self, c: httpx.Client, user_id: str, **params) -> list[dict]:
        r = c.get(f"/v1/users/{user_id}/records", params=params)
        assert r.status_code == 200, r.text
        return r.json()

    def with_text(self, records: list[dict], word: str) -> list[dict]:
        return [r for r in records if r["text"] and word.lower() in r["text"].lower()]

    # -- turns -------------------------------------------------------------------------------------
    def test_one_turn_or_a_list(self, api):
        _, c = self.tenant(api)
        user = uid("u")
        single = turn(user, "s1", "one", JOBS[0], 0)
        r = c.post("/v1/turns", json=single)
        assert r.status_code == 202
        assert r.json() == {"accepted": 1, "already_present": 0, "rejected": 0, "errors": []}
        r = c.post("/v1/turns", json=[turn(user, "s1", "two", HOBBIES[0], 1), turn(user, "s1", "three", HOMES[0], 2)])
        assert r.status_code == 202 and r.json()["accepted"] == 2
        api.settle()
        texts = [t["text"] for t in c.get(f"/v1/users/{user}/sessions/s1/turns").json()]
        assert texts == [JOBS[0], HOBBIES[0], HOMES[0]]  # newest last
        assert self.with_text(self.records(c, user), "lighthouse")

    def test_a_resent_turn_is_already_present_and_written_once(self, api):
        _, c = self.tenant(api)
        user = uid("u")
        turns = conversation(user, "s1", HOBBIES)
        assert self.send(api, c, turns)["accepted"] == 3
        events_before = read_stream(c, since="0")
        again = c.post("/v1/turns", json=turns[:2] + [turn(user, "s1", "new", JOBS[1], 9)])
        assert again.status_code == 202
        assert again.json() == {"accepted": 1, "already_present": 2, "rejected": 0, "errors": []}
        assert c.post("/v1/turns", json=turns[0]).json()["already_present"] == 1
        api.settle()
        texts = [t["text"] for t in c.get(f"/v1/users/{user}/sessions/s1/turns").json()]
        assert texts == [*HOBBIES, JOBS[1]]
        recorded = [f for f in read_stream(c, since="0") if f["event"] == "memory_recorded"]
        assert len(recorded) == len([f for f in events_before if f["event"] == "memory_recorded"]) + 1

    def test_each_rejected_item_has_its_typed_error_and_nothing_of_it_is_written(self, api):
        _, c = self.tenant(api)
        user = uid("u")
        secret_words = "quokka sanctuary volunteer"  # in rejected items only
        good = turn(user, "s1", "good", ALLERGIES[0], 0)
        bad_role = dict(turn(user, "s1", "r", f"I am a {secret_words} on weekends.", 1), role="wizard")
        empty = turn(user, "s1", "e", "   ", 2)
        missing = {k: v for k, v in turn(user, "s1", "m", f"I {secret_words} daily.", 3).items() if k != "session_id"}
        bad_time = dict(turn(user, "s1", "b", f"My {secret_words} shift is long.", 4), occurred_at="last tuesday")
        oversize = turn(user, "s1", "o", f"I {secret_words} " + "and more " * 4000, 5)
        not_text = dict(turn(user, "s1", "n", "x", 6), text=42)
        tenant_named = dict(turn(user, "s2", "tn", f"I am a {secret_words}.", 7), tenant_id="someone-else")
        items = [bad_role, good, empty, missing, bad_time, oversize, not_text, tenant_named]
        r = c.post("/v1/turns", json=items)
        assert r.status_code == 202, r.text
        body = r.json()
        assert body["accepted"] == 1 and body["already_present"] == 0 and body["rejected"] == 7
        by_index = {e["index"]: e for e in body["errors"]}
        assert sorted(by_index) == [0, 2, 3, 4, 5, 6, 7]
        assert by_index[0]["error"] == "UnknownRoleError" and by_index[0]["field"] == "role"
        assert by_index[2]["error"] == "EmptyTextError"
        assert by_index[3]["error"] == "MissingFieldError" and by_index[3]["field"] == "session_id"
        assert by_index[4]["error"] == "BadTimestampError" and by_index[4]["field"] == "occurred_at"
        assert by_index[5]["error"] == "OversizeTextError"
        assert by_index[6]["error"] == "InvalidTurnError" and by_index[6]["field"] == "text"
        assert by_index[7]["error"] == "InvalidTurnError" and by_index[7]["field"] == "tenant_id"
        assert by_index[0]["turn_id"] == "r" and by_index[7]["turn_id"] == "tn"
        assert "quokka" not in r.text  # an error never holds the rejected turn's content
        api.settle()
        assert [t["turn_id"] for t in c.get(f"/v1/users/{user}/sessions/s1/turns").json()] == ["good"]
        assert c.get(f"/v1/users/{user}/sessions/s2/turns").json() == []
        records = self.records(c, user, include_inactive="true")
        assert self.with_text(records, "hazelnut") and not self.with_text(records, "quokka")
        assert "quokka" not in json.dumps([f["data"] for f in read_stream(c, since="0")])
        # The rejected items sent again, corrected, are new: nothing of them was kept.
        fixed = dict(bad_role, role="user")
        assert c.post("/v1/turns", json=[fixed]).json()["accepted"] == 1

    def test_tenant_id_in_the_body_is_refused(self, api):
        tenant, c = self.tenant(api)
        user = uid("u")
        r = c.post("/v1/turns", json=dict(turn(user, "s1", "t1", HOMES[1]), tenant_id=tenant))
        body = is_problem(r, 422, "InvalidTurnError")
        assert body["errors"][0]["field"] == "tenant_id"
        api.settle()
        assert c.get(f"/v1/users/{user}/sessions/s1/turns").json() == []

    def test_every_item_rejected_is_a_422_problem(self, api):
        _, c = self.tenant(api)
        user = uid("u")
        items = [dict(turn(user, "s1", "a", "I collect antique barometers."), role="narrator"),
                 turn(user, "s1", "b", "")]
        body = is_problem(c.post("/v1/turns", json=items), 422, "InvalidTurnError")
        assert [e["error"] for e in body["errors"]] == ["UnknownRoleError", "EmptyTextError"]
        assert "barometer" not in json.dumps(body)
        is_problem(c.post("/v1/turns", json=[]), 422)
        is_problem(c.post("/v1/turns", json="just a string"), 422)
        is_problem(c.post("/v1/turns", content=b"{not json", headers={"content-type": "application/json"}), 422)
        api.settle()
        assert c.get(f"/v1/users/{user}/sessions/s1/turns").json() == []

    # -- reads never write ---------------------------------------------------------------------------
    def test_recall_and_context_never_write(self, api):
        _, c = self.tenant(api)
        user = uid("u")
        self.send(api, c, conversation(user, "s1", ALLERGIES[:1] + JOBS[:1] + HOMES[:1]))
        before = self.records(c, user)
        assert before and all(r["use_count"] == 0 for r in before)
        audits = {r["memory_id"]: c.get(f"/v1/memories/{r['memory_id']}/audit").json() for r in before}
        events = read_stream(c, since="0")
        for q in ("which nuts should I avoid", "what does the user do for a living", "where does the family live"):
            hits = c.get(f"/v1/users/{user}/recall", params={"q": q, "k": 5})
            assert hits.status_code == 200 and hits.json()
            ctx = c.get(f"/v1/users/{user}/context", params={"q": q, "session_id": "s1", "budget_tokens": 300})
            assert ctx.status_code == 200 and ctx.json()["memory_ids"]
        c.get(f"/v1/users/{user}/profile")
        c.get(f"/v1/users/{user}/summary", params={"session_id": "s1"})
        api.settle()
        after = self.records(c, user)
        assert [(r["memory_id"], r["use_count"], r["last_used_at"]) for r in after] == \
               [(r["memory_id"], r["use_count"], r["last_used_at"]) for r in before]
        assert {m: c.get(f"/v1/memories/{m}/audit").json() for m in audits} == audits
        assert without_cursors(read_stream(c, since="0")) == without_cursors(events)

    def test_record_use_on_a_read_is_recorded_and_needs_write(self, api):
        tenant, c = self.tenant(api)
        user = uid("u")
        self.send(api, c, conversation(user, "s1", ALLERGIES[1:2] + HOBBIES[1:2]))
        hits = c.get(f"/v1/users/{user}/recall", params={"q": "hazelnuts", "record_use": "true"}).json()
        assert hits
        api.settle()
        used = {r["memory_id"]: r["use_count"] for r in self.records(c, user)}
        assert used[hits[0]["memory_id"]] == 1
        ctx = c.get(f"/v1/users/{user}/context", params={"q": "typewriters", "record_use": "true"}).json()
        api.settle()
        counts = {r["memory_id"]: r["use_count"] for r in self.records(c, user)}
        assert all(counts[m] >= 1 for m in ctx["memory_ids"] if m in counts)
        reader = api.client(api.key(tenant, "read"))
        for path in ("recall", "context"):
            is_problem(reader.get(f"/v1/users/{user}/{path}", params={"q": "hazelnuts", "record_use": "true"}),
                       403, "ScopeError")
        api.settle()
        assert {r["memory_id"]: r["use_count"] for r in self.records(c, user)} == counts

    def test_usage_records_what_a_client_put_in_a_prompt(self, api):
        tenant, c = self.tenant(api)
        user = uid("u")
        self.send(api, c, conversation(user, "s1", JOBS[1:3]))
        ids = [r["memory_id"] for r in self.records(c, user)]
        assert len(ids) == 2
        r = c.post(f"/v1/users/{user}/usage", json={"memory_ids": ids[:1], "session_id": "s1", "request_id": "p-1"})
        assert r.status_code == 200 and r.json() == {"recorded": 1}
        # The same request again (a retry) counts once.
        assert c.post(f"/v1/users/{user}/usage", json={"memory_ids": ids[:1], "request_id": "p-1"}).status_code == 200
        api.settle()
        counts = {r["memory_id"]: r["use_count"] for r in self.records(c, user)}
        assert counts == {ids[0]: 1, ids[1]: 0}
        is_problem(c.post(f"/v1/users/{user}/usage", json={"memory_ids": ["no-such-memory"]}), 404,
                   "UnknownMemoryError")
        is_problem(c.post(f"/v1/users/{user}/usage", json={"memory_ids": []}), 422)
        reader = api.client(api.key(tenant, "read"))
        is_problem(reader.post(f"/v1/users/{user}/usage", json={"memory_ids": ids}), 403, "ScopeError")
        api.settle()
        assert {r["memory_id"]: r["use_count"] for r in self.records(c, user)} == counts

    # -- remember and forget -------------------------------------------------------------------------
    @pytest.mark.parametrize("text", REMEMBERED)
    def test_remember_stores_what_the_user_stated(self, api, text):
        _, c = self.tenant(api)
        user = uid("u")
        r = c.post(f"/v1/users/{user}/remember", json={"text": text, "session_id": "s1"})
        assert r.status_code == 201, r.text
        memory_id = r.json()["memory_id"]
        api.settle()
        records = {rec["memory_id"]: rec for rec in self.records(c, user)}
        assert records[memory_id]["source"] == "user_explicit"
        query = " ".join(text.split()[1:4])
        assert memory_id in [h["memory_id"] for h in c.get(f"/v1/users/{user}/recall", params={"q": query}).json()]
        # Remembering the same thing again reinforces it, it is not stored twice.
        assert c.post(f"/v1/users/{user}/remember", json={"text": text}).json()["memory_id"] == memory_id
        is_problem(c.post(f"/v1/users/{user}/remember", json={"text": ""}), 422)
        is_problem(c.post(f"/v1/users/{user}/remember", json={"text": text, "tenant_id": "other"}), 422)

    def test_forget_by_id_and_dry_run_changes_nothing(self, api):
        _, c = self.tenant(api)
        user = uid("u")
        self.send(api, c, conversation(user, "s1", [ALLERGIES[2], HOMES[2], HOBBIES[2]]))
        records = self.records(c, user)
        target = self.with_text(records, "hazelnut")[0]["memory_id"]
        events = read_stream(c, since="0")
        dry = c.post(f"/v1/users/{user}/forget", json={"memory_id": target, "dry_run": True})
        assert dry.status_code == 200 and dry.json() == {"memory_ids": [target], "dry_run": True}
        api.settle()
        assert self.records(c, user) == records and without_cursors(read_stream(c, since="0")) == without_cursors(events)
        done = c.post(f"/v1/users/{user}/forget", json={"memory_id": target})
        assert done.status_code == 200 and target in done.json()["memory_ids"] and not done.json()["dry_run"]
        api.settle()
        left = self.records(c, user)
        assert target not in [r["memory_id"] for r in left] and not self.with_text(left, "hazelnut")
        assert not [h for h in c.get(f"/v1/users/{user}/recall", params={"q": "hazelnuts"}).json()
                    if "hazelnut" in h["text"].lower()]
        assert "hazelnut" not in c.get(f"/v1/users/{user}/sessions/s1/turns").text.lower()
        trail = c.get(f"/v1/memories/{target}/audit").json()
        assert [e["type"] for e in trail][0] == "memory_recorded" and "memory_forgotten" in [e["type"] for e in trail]
        assert "hazelnut" not in json.dumps(trail).lower()
        forgotten = [f for f in read_stream(c, since="0") if f["event"] == "memory_forgotten"]
        assert [f["data"]["memory_ids"] for f in forgotten] == [[target]]

    def test_forget_by_query(self, api):
        _, c = self.tenant(api)
        user = uid("u")
        self.send(api, c, conversation(user, "s1", [JOBS[0], HOBBIES[0], HOMES[1]]))
        ids = c.post(f"/v1/users/{user}/forget", json={"query": "bassoon orchestra"}).json()["memory_ids"]
        assert ids
        api.settle()
        left = self.records(c, user)
        assert not self.with_text(left, "bassoon") and self.with_text(left, "lighthouse")
        assert "bassoon" not in c.get(f"/v1/users/{user}/sessions/s1/turns").text

    def test_forget_that_forgets_the_sessions_latest_memory(self, api):
        _, c = self.tenant(api)
        user = uid("u")
        self.send(api, c, conversation(user, "s1", [HOMES[0], JOBS[2]]))
        self.send(api, c, conversation(user, "s2", [HOBBIES[1]]))
        dry = c.post(f"/v1/users/{user}/forget", json={"session_id": "s1", "dry_run": True}).json()["memory_ids"]
        ids = c.post(f"/v1/users/{user}/forget", json={"session_id": "s1"}).json()["memory_ids"]
        assert ids == dry and len(ids) == 1
        api.settle()
        left = self.records(c, user)
        assert not self.with_text(left, "welding")
        assert self.with_text(left, "Gdansk") and self.with_text(left, "typewriters")

    def test_forget_subject_and_one_thing_per_request(self, api):
        _, c = self.tenant(api)
        user, other = uid("u"), uid("u")
        self.send(api, c, conversation(user, "s1", ALLERGIES[:2] + JOBS[:1]))
        self.send(api, c, conversation(other, "s1", JOBS[1:2]))
        for body in ({"memory_id": "x", "query": "y"}, {"subject": True, "session_id": "s1"}, {}, {"dry_run": True}):
            is_problem(c.post(f"/v1/users/{user}/forget", json=body), 422, "InvalidCommandError")
        is_problem(c.post(f"/v1/users/{user}/forget", json={"memory_id": "never-existed"}), 404)
        is_problem(c.post(f"/v1/users/{user}/forget", json={"memory_ids": ["x"]}), 422)
        n = len(self.records(c, user))
        ids = c.post(f"/v1/users/{user}/forget", json={"subject": True}).json()["memory_ids"]
        assert len(ids) == n
        api.settle()
        assert self.records(c, user, include_inactive="true") == []
        assert c.get(f"/v1/users/{user}/sessions/s1/turns").json() == []
        assert len(self.records(c, other)) == 1  # another user of the tenant is untouched
        (gone,) = [f for f in read_stream(c, since="0", user_id=user) if f["event"] == "subject_forgotten"]
        assert sorted(gone["data"]["memory_ids"]) == sorted(ids)  # ids only, and not the key store's count
        assert "keys_before" not in gone["data"]["detail"]
        for memory_id in ids:  # each memory's trail ends with the forget that erased it
            trail = c.get(f"/v1/memories/{memory_id}/audit").json()
            assert trail[-1]["type"] == "subject_forgotten" and "keys_before" not in trail[-1]["detail"]

    # -- other reads -------------------------------------------------------------------------------------
    def test_records_profile_and_summary(self, api):
        _, c = self.tenant(api)
        user = uid("u")
        self.send(api, c, conversation(user, "s1", [ALLERGIES[0], JOBS[2], HOMES[2]]))
        records = self.records(c, user)
        assert {r["kind"] for r in records} >= {"constraint", "fact"}
        assert all(r["user_id"] == user and r["tier"] == "active" for r in records)
        profile = c.get(f"/v1/users/{user}/profile")
        assert profile.status_code == 200 and profile.json()["memory_ids"]
        assert "hazelnut" in profile.json()["text"].lower()
        by_session = c.get(f"/v1/users/{user}/summary", params={"session_id": "s1"})
        assert by_session.status_code == 200 and by_session.json()["text"]
        by_topic = c.get(f"/v1/users/{user}/summary", params={"topic": "food allergies"})
        assert by_topic.status_code == 200 and set(by_topic.json()) == set(by_session.json())
        is_problem(c.get(f"/v1/users/{user}/summary"), 422, "InvalidCommandError")
        is_problem(c.get(f"/v1/users/{user}/summary", params={"session_id": "s1", "topic": "food"}), 422,
                   "InvalidCommandError")
        is_problem(c.get(f"/v1/users/{user}/recall"), 422)  # q is required
        is_problem(c.get(f"/v1/users/{user}/recall", params={"q": "x", "k": 0}), 422)
        is_problem(c.get(f"/v1/users/{user}/context", params={"budget_tokens": -1}), 422)
        # An unknown user is empty, not an error.
        nobody = uid("nobody")
        assert self.records(c, nobody) == []
        assert c.get(f"/v1/users/{nobody}/recall", params={"q": "anything"}).json() == []

    def test_audit(self, api):
        _, c = self.tenant(api)
        user = uid("u")
        self.send(api, c, conversation(user, "s1", [HOBBIES[2]]))
        memory_id = self.records(c, user)[0]["memory_id"]
        trail = c.get(f"/v1/memories/{memory_id}/audit")
        assert trail.status_code == 200
        entries = trail.json()
        assert entries[0]["type"] == "memory_recorded" and entries[0]["detail"]["content"] == "readable"
        assert entries[0]["detail"]["memory_id"] == memory_id
        is_problem(c.get(f"/v1/memories/{uuid.uuid4()}/audit"), 404, "UnknownMemoryError")

    def test_session_turns_newest_last_and_forgotten_turns_gone(self, api):
        _, c = self.tenant(api)
        user = uid("u")
        texts = ["Good morning!", HOMES[1], "Can you suggest a weekend trip?", ALLERGIES[1]]
        turns = conversation(user, "s9", texts)
        turns[2]["role"] = "user"
        self.send(api, c, list(reversed(turns)))  # sent out of order: read back by time
        got = c.get(f"/v1/users/{user}/sessions/s9/turns").json()
        assert [t["text"] for t in got] == texts
        assert set(got[0]) == {"turn_id", "role", "speaker", "text", "occurred_at"}
        assert c.get(f"/v1/users/{user}/sessions/other/turns").json() == []
        c.post(f"/v1/users/{user}/forget", json={"query": "hazelnuts"})
        api.settle()
        left = [t["text"] for t in c.get(f"/v1/users/{user}/sessions/s9/turns").json()]
        assert ALLERGIES[1] not in left and HOMES[1] in left

    def test_any_id_a_turn_carries_is_addressable(self, api):
        _, c = self.tenant(api)
        user, session = f"team/{uid('ålice')} #1?", "week 12/day 3"
        u, s = quote(user, safe=""), quote(session, safe="")
        self.send(api, c, conversation(user, session, [JOBS[0], ALLERGIES[0]]))
        assert self.with_text(self.records(c, u), "lighthouse")
        assert [t["text"] for t in c.get(f"/v1/users/{u}/sessions/{s}/turns").json()] == [JOBS[0], ALLERGIES[0]]
        assert c.get(f"/v1/users/{u}/recall", params={"q": "hazelnuts"}).json()
        assert self.records(c, quote("team", safe="")) == []  # a prefix of the id is another user
        assert c.post(f"/v1/users/{u}/forget", json={"query": "hazelnuts"}).json()["memory_ids"]
        api.settle()
        assert not self.with_text(self.records(c, u), "hazelnut")
        assert {f["data"]["user_id"] for f in read_stream(c, since="0", user_id=user)} == {user}

    # -- the change stream -------------------------------------------------------------------------------
    def test_stream_reads_what_is_there_and_filters_by_user(self, api):
        _, c = self.tenant(api)
        alice, bob = uid("alice"), uid("bob")
        self.send(api, c, conversation(alice, "s1", [JOBS[0], HOBBIES[0]]) + conversation(bob, "s1", [HOMES[0]]))
        frames = read_stream(c, since="0")
        recorded = [f for f in frames if f["event"] == "memory_recorded"]
        assert {f["data"]["user_id"] for f in recorded} == {alice, bob} and len(recorded) == 3
        for f in frames:
            assert f["id"] == f["data"]["cursor"] and f["event"] == f["data"]["type"]
        assert all(f["data"]["record"]["text"] for f in recorded)
        only_bob = read_stream(c, since="0", user_id=bob)
        assert only_bob and {f["data"]["user_id"] for f in only_bob} == {bob}
        assert [f["data"]["event_id"] for f in only_bob] == \
               [f["data"]["event_id"] for f in frames if f["data"]["user_id"] == bob]
        # From now (no since, no Last-Event-ID): nothing old.
        assert read_stream(c) == []
        is_problem(c.get("/v1/events", params={"since": "not-a-cursor", "follow": "false"}), 422)
        # A cursor past the end was never given out: refused, not a stream that waits for ever.
        is_problem(c.get("/v1/events", params={"since": "999999999", "follow": "false"}), 422)
        is_problem(c.get("/v1/events", params={"follow": "false"}, headers={"Last-Event-ID": "999999999"}), 422)

    def test_stream_without_content_carries_no_memory_text(self, api):
        _, c = self.tenant(api)
        user = uid("u")
        self.send(api, c, conversation(user, "s1", [ALLERGIES[0], JOBS[1], HOMES[2]]))
        c.post(f"/v1/users/{user}/remember", json={"text": REMEMBERED[1]})
        c.post(f"/v1/users/{user}/forget", json={"query": "pipe organs"})
        api.settle()
        with c.stream("GET", "/v1/events", params={"since": "0", "follow": "false", "content": "false"}) as r:
            raw = r.read().decode()
        frames = parse_sse(raw)
        assert {"memory_recorded", "memory_forgotten"} <= {f["event"] for f in frames}
        assert all(f["data"]["record"] is None for f in frames)
        for word in ("hazelnut", "organ", "Utrecht", "Ljubljana", "passport", "folder"):
            assert word.lower() not in raw.lower()
        full = read_stream(c, since="0")
        assert [f["data"]["event_id"] for f in full] == [f["data"]["event_id"] for f in frames]

    def test_a_resumed_stream_misses_nothing_and_repeats_nothing(self, api):
        tenant, c = self.tenant(api)
        users = [uid("u") for _ in range(3)]
        statements = ALLERGIES + HOMES + HOBBIES + JOBS
        batches = [[turn(users[i % 3], "s1", f"b{b}-{i}", statements[(b * 4 + i) % len(statements)], b * 4 + i)
                    for i in range(4)] for b in range(6)]
        self.send(api, c, batches[0])
        start = read_stream(c)  # "from now": empty, and a cursor-less start
        assert start == []
        # A live consumer from the beginning, while more changes arrive.
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
        # Changes keep arriving between the two connections.
        for batch in batches[3:]:
            assert writer.post("/v1/turns", json=batch).status_code == 202
        c.post(f"/v1/users/{users[0]}/forget", json={"query": "hazelnuts"})
        api.settle()
        rest = read_stream(c, last_event_id=seen[-1]["id"])
        everything = read_stream(c, since="0")
        ids = [f["data"]["event_id"] for f in seen + rest]
        assert len(ids) == len(set(ids))  # nothing twice
        assert ids == [f["data"]["event_id"] for f in everything]  # nothing missed, in order
        assert len([f for f in everything if f["event"] == "memory_recorded"]) >= 12
        assert any(f["event"] == "memory_forgotten" for f in rest)
        # `since` resumes the same way as the header.
        assert without_cursors(read_stream(c, since=seen[-1]["id"])) == without_cursors(rest)

    # -- health, readiness, metrics, auth ---------------------------------------------------------------
    def test_health_and_readiness(self, api):
        r = httpx.get(f"{api.url}/healthz")
        assert r.status_code == 200 and r.json()["status"] == "ok"
        _, c = self.tenant(api)
        c.post("/v1/turns", json=conversation(uid("u"), "s1", HOBBIES))
        api.settle()
        ready = httpx.get(f"{api.url}/readyz")
        assert ready.status_code == 200 and ready.json() == {"status": "ok", "pending": 0}

    def test_metrics_are_prometheus_text(self, api):
        _, c = self.tenant(api)
        user = uid("u")
        self.send(api, c, conversation(user, "s1", JOBS))
        c.get(f"/v1/users/{user}/recall", params={"q": "work"})
        c.get(f"/v1/users/{user}/context", params={"q": "work"})
        c.post(f"/v1/users/{user}/forget", json={"query": "welding college"})
        r = httpx.get(f"{api.url}/metrics")
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
        text = r.text
        for name in ("memstream_turns_total", "memstream_forgotten_memories_total", "memstream_recall_seconds",
                     "memstream_http_request_seconds", "memstream_processing_lag_entries",
                     "memstream_dead_letters"):
            assert f"# TYPE {name} " in text, name
        samples = {line.split(" ")[0]: float(line.split(" ")[1]) for line in text.splitlines()
                   if line and not line.startswith("#")}
        assert samples['memstream_turns_total{outcome="accepted"}'] >= 3
        assert samples['memstream_recall_seconds_count{endpoint="recall"}'] >= 1
        assert samples['memstream_recall_seconds_count{endpoint="context"}'] >= 1
        assert samples["memstream_forgotten_memories_total"] >= 1

    # -- request bodies ----------------------------------------------------------------------------
    def test_a_body_over_the_bound_is_answered_413_unread(self, api):
        tenant, c = self.tenant(api)
        auth = {"Authorization": c.headers["Authorization"], "Content-Type": "application/json"}
        # Declared too long: answered before any of the body is sent, with a key or without one.
        for headers in (auth, {"Content-Type": "application/json"}):
            status, _, doc = raw_http.declared_unsent(api.url, "/v1/turns", BOUND + 1, headers)
            assert status == 413 and doc["title"] == "RequestTooLargeError", doc
        # Chunked, so no length is declared: answered once what arrived passes the bound.
        megabyte = b" " * (1 << 20)
        status, got, doc = raw_http.chunked(api.url, "/v1/turns", [megabyte] * (BOUND // len(megabyte) + 2), auth)
        assert status == 413 and got["content-type"].startswith(PROBLEM) and doc["title"] == "RequestTooLargeError"

    def test_a_body_within_the_bound_is_read_chunked_or_not(self, api):
        tenant, c = self.tenant(api)
        user = uid("u")
        auth = {"Authorization": c.headers["Authorization"], "Content-Type": "application/json"}
        body = json.dumps(conversation(user, "s1", HOBBIES)).encode()
        status, _, doc = raw_http.chunked(api.url, "/v1/turns", [body[i:i + 50] for i in range(0, len(body), 50)], auth)
        assert status == 202 and doc["accepted"] == len(HOBBIES), doc
        api.settle()
        assert self.with_text(self.records(c, user), "bassoon")

    def test_a_body_without_a_valid_key_is_not_read(self, api):
        # The server answers 401 with the body still unsent: it never waits for it, or parses it.
        for headers in ({}, {"Authorization": "Bearer nonsense"}, {"Authorization": "Basic abc"}):
            for path in ("/v1/turns", f"/v1/users/{uid('u')}/forget"):
                status, got, doc = raw_http.declared_unsent(api.url, path, 4096, {**headers, "Content-Type": "application/json"})
                assert status == 401 and doc["title"] == "AuthError", (path, doc)
                assert got["www-authenticate"].startswith("Bearer")

    def test_keys_are_required_and_scoped(self, api):
        tenant, c = self.tenant(api)
        user = uid("u")
        for headers in ({}, {"Authorization": "Bearer nonsense"}, {"Authorization": "Basic abc"},
                        {"Authorization": "Bearer msk_0123456789abcdef_" + "A" * 43}):
            r = httpx.get(f"{api.url}/v1/users/{user}/records", headers=headers)
            is_problem(r, 401, "AuthError")
            assert r.headers["www-authenticate"].startswith("Bearer")
        writer = api.client(api.key(tenant, "write"))
        is_problem(writer.get(f"/v1/users/{user}/records"), 403, "ScopeError")
        is_problem(writer.post(f"/v1/users/{user}/forget", json={"subject": True}), 403, "ScopeError")
        admin = api.client(api.key(tenant, "admin"))
        assert admin.get(f"/v1/users/{user}/records").status_code == 200
        is_problem(c.get("/v1/no-such-route"), 404)
