"""The HTTP API on Kafka: two `memstream worker` processes on a real broker serve the same API as
`memstream serve`, each answering for every subject (the owner of its partition serves it), with
keys made by `memstream keys create --broker`."""
from __future__ import annotations

import json
import time

import httpx
import pytest

from kafka_api import KafkaApi, keys_cli, wait_group

pytestmark = pytest.mark.kafka

TEXTS = ["I work as a lighthouse keeper on the northern coast.",
         "I'm allergic to hazelnuts, even a trace gives me hives.",
         "I play the bassoon in a community orchestra on Thursdays."]


def turns_of(user: str, session: str = "s1") -> list[dict]:
    return [{"user_id": user, "session_id": session, "turn_id": f"{session}-t{i}", "role": "user", "text": text,
             "occurred_at": f"2026-03-02T10:{i:02d}:00Z"} for i, text in enumerate(TEXTS)]


def sse(client: httpx.Client, **params) -> list[dict]:
    headers = {}
    if "last_event_id" in params:
        headers["Last-Event-ID"] = params.pop("last_event_id")
    with client.stream("GET", "/v1/events", params={"follow": "false", **params}, headers=headers) as r:
        assert r.status_code == 200, r.read()
        text = r.read().decode()
    frames = []
    for block in text.split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.split("\n") if line and not line.startswith(":"))
        if "data" in fields:
            frames.append({"id": fields["id"], "event": fields["event"], "data": json.loads(fields["data"])})
    return frames


def changes(frames: list[dict]) -> list[tuple[str, dict]]:
    """What frames say, without their cursors (sealed afresh each time they are sent)."""
    return [(f["event"], {k: v for k, v in f["data"].items() if k != "cursor"}) for f in frames]


def test_two_workers_serve_one_authenticated_api(kcfg, spawn_worker, tmp_path, capsys):
    from streams.kafka.topics import partition_of, subject_key

    a, b = spawn_worker(kcfg, "a"), spawn_worker(kcfg, "b")
    wait_group([a, b], kcfg.partitions)
    api = KafkaApi(kcfg, [a, b])

    # Keys as an operator makes them; only their hashes travel on the topic.
    key_x = keys_cli(kcfg, "create", "--tenant", "tx", "--scopes", "read,write,forget").strip().splitlines()[-1]
    reader_x = keys_cli(kcfg, "create", "--tenant", "tx", "--scopes", "read", "--name", "ro").strip().splitlines()[-1]
    key_y = keys_cli(kcfg, "create", "--tenant", "ty").strip().splitlines()[-1]
    for key in (key_x, reader_x, key_y):
        api.known(key)
    listed = keys_cli(kcfg, "list", "--tenant", "tx")
    assert listed.count("tenant=tx") == 2 and "msk_" not in listed and "ty" not in listed

    # Subjects on both workers' partitions.
    assigned_a = set(a.status()["assigned"])
    users = [f"user{n}" for n in range(40)]
    on_a = [u for u in users if partition_of(subject_key("tx", u), kcfg.partitions) in assigned_a][:2]
    on_b = [u for u in users if partition_of(subject_key("tx", u), kcfg.partitions) not in assigned_a][:2]
    assert len(on_a) == 2 and len(on_b) == 2

    xa = api.client(key_x, worker=0)
    xb = api.client(key_x, worker=1)
    sent = [t for u in on_a + on_b for t in turns_of(u)]
    r = xa.post("/v1/turns", json=sent)
    assert r.status_code == 202, r.text
    assert r.json() == {"accepted": len(sent), "already_present": 0, "rejected": 0, "errors": []}
    api.settle()
    # Sent again (to either worker): already present, whoever owns the subject.
    again = xb.post("/v1/turns", json=sent[:3] + sent[-3:] + [dict(sent[0], role="wizard", turn_id="bad")]).json()
    assert again["accepted"] == 0 and again["already_present"] == 6 and again["errors"][0]["error"] == "UnknownRoleError"

    # Recall through A, for subjects A owns and subjects B owns: B's are forwarded to B.
    for user in on_a + on_b:
        hits = xa.get(f"/v1/users/{user}/recall", params={"q": "which nuts should I avoid"})
        assert hits.status_code == 200, hits.text
        assert any("hazelnut" in (h["text"] or "").lower() for h in hits.json())
        assert hits.json() == xb.get(f"/v1/users/{user}/recall", params={"q": "which nuts should I avoid"}).json()

    # The change stream through A holds both workers' partitions; resumed, it repeats nothing.
    frames = sse(xa, since="0")
    streamed_users = {f["data"]["user_id"] for f in frames}
    assert set(on_a + on_b) <= streamed_users
    assert len({f["data"]["event_id"] for f in frames}) == len(frames)
    for cut in (1, len(frames) // 2, len(frames) - 1):
        assert changes(sse(xa, last_event_id=frames[cut - 1]["id"])) == changes(frames[cut:])
        # Any worker resumes it: the workers seal cursors with one secret, the first on the keys topic.
        assert changes(sse(xb, last_event_id=frames[cut - 1]["id"])) == changes(frames[cut:])
    last = frames[-1]["id"]

    # Forget through B, of a subject A owns (forwarded to A) and of one B owns.
    target = xa.get(f"/v1/users/{on_a[0]}/recall", params={"q": "lighthouse keeper"}).json()[0]
    forgot = xb.post(f"/v1/users/{on_a[0]}/forget", json={"memory_id": target["memory_id"]})
    assert forgot.status_code == 200 and forgot.json()["memory_ids"] == [target["memory_id"]]
    assert xb.post(f"/v1/users/{on_b[0]}/forget", json={"subject": True}).status_code == 200
    api.settle()
    assert target["memory_id"] not in [h["memory_id"] for h in xa.get(
        f"/v1/users/{on_a[0]}/recall", params={"q": "lighthouse keeper", "k": 50}).json()]
    assert xa.get(f"/v1/users/{on_b[0]}/records").json() == []
    audit = xa.get(f"/v1/memories/{target['memory_id']}/audit")
    assert audit.status_code == 200 and audit.json()[-1]["type"] == "memory_forgotten"
    # The stream resumed after its last id shows the forgets, of both partitions, and nothing again.
    newer = sse(xa, last_event_id=last)
    assert newer and {f["data"]["user_id"] for f in newer} == {on_a[0], on_b[0]}
    assert not {f["data"]["event_id"] for f in newer} & {f["data"]["event_id"] for f in frames}
    # Read again from the start (partition by partition): the same changes, each once.
    whole = [f["data"]["event_id"] for f in sse(xb, since="0")]
    assert len(whole) == len(set(whole)) and set(whole) == {f["data"]["event_id"] for f in frames + newer}

    # Another tenant's key sees nothing of tx, on either worker.
    for worker in (0, 1):
        y = api.client(key_y, worker=worker)
        for user in on_a + on_b:
            assert y.get(f"/v1/users/{user}/recall", params={"q": "hazelnuts"}).json() == []
            assert y.get(f"/v1/users/{user}/records").json() == []
        assert sse(y, since="0") == []
        assert y.get(f"/v1/memories/{target['memory_id']}/audit").status_code == 404
    # A read-only key cannot forget (403), and no key is a 401, on either worker.
    for worker in (0, 1):
        forget = api.client(reader_x, worker=worker).post(f"/v1/users/{on_a[1]}/forget", json={"subject": True})
        assert forget.status_code == 403 and forget.json()["title"] == "ScopeError"
        anonymous = api.client(None, worker=worker).get(f"/v1/users/{on_a[1]}/records")
        assert anonymous.status_code == 401 and anonymous.headers["content-type"].startswith("application/problem+json")
    assert xa.get(f"/v1/users/{on_a[1]}/records").json()  # nothing was forgotten

    # The CLI reads and forgets through the API with a key.
    from streams.cli import main

    capsys.readouterr()
    assert main(["recall", "--worker", b.url, "--key", key_x, "--tenant", "tx", "--user", on_a[1], "--json",
                 "hazelnuts"]) == 0
    hits = json.loads(capsys.readouterr().out)
    assert hits and hits[0]["memory_id"]
    assert main(["forget", "--worker", a.url, "--key", key_x, "--tenant", "tx", "--user", on_a[1],
                 "--id", hits[0]["memory_id"]]) == 0
    assert hits[0]["memory_id"] in capsys.readouterr().out
    with pytest.raises(SystemExit, match="403"):
        main(["forget", "--worker", a.url, "--key", reader_x, "--tenant", "tx", "--user", on_a[1], "--subject"])

    # A revoked key is refused by every worker.
    key_id = reader_x.split("_")[1]
    keys_cli(kcfg, "revoke", key_id)
    assert "revoked" in keys_cli(kcfg, "list", "--tenant", "tx")
    for w in (a, b):
        deadline = time.monotonic() + 60
        while httpx.get(f"{w.url}/v1/users/{on_a[1]}/records",
                        headers={"Authorization": f"Bearer {reader_x}"}).status_code != 401:
            assert time.monotonic() < deadline, "a revoked key still works"
            time.sleep(0.1)

    # The worker's OpenAPI document is the embedded server's.
    from engine import MemoryEngine
    from streams.api.app import create_app
    from streams.api.keys import KeyFile
    from streams.api.service import EngineService

    with MemoryEngine.open(tmp_path / "embedded") as engine:
        embedded = create_app(EngineService(engine, KeyFile(tmp_path / "embedded"))).openapi()
    for w in (a, b):
        assert httpx.get(f"{w.url}/openapi.json").json() == json.loads(json.dumps(embedded))
