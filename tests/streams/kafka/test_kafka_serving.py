"""The commands an operator uses against a Kafka deployment: `memstream ingest --broker`, reads and
forgets through any worker's HTTP API with a key (forwarded to the subject's owner), and `memstream digest` on a stopped
worker's directory."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from kafka_harness import embedded_digest, replay_digest, synthetic_turns, wait_caught_up

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "kafka"))
from kafka_api import KafkaApi  # noqa: E402

pytestmark = pytest.mark.kafka


def _cli(*args: str) -> int:
    from streams.cli import main

    return main(list(args))


def test_ingest_recall_forget_and_digest_through_the_cli_with_two_workers(kcfg, spawn_worker, tmp_path, capsys):
    turns = synthetic_turns(120, subjects=6, tenant="cli")
    path = tmp_path / "turns.jsonl"
    path.write_text("".join(json.dumps(t) + "\n" for t in turns) + "this line is not json\n")
    a, b = spawn_worker(kcfg, "a"), spawn_worker(kcfg, "b")
    a.wait_ready()
    b.wait_ready()
    env_args = ["--partitions", str(kcfg.partitions), "--app-id", kcfg.app_id, "--topic-prefix", kcfg.topic_prefix]
    assert _cli("ingest", "--broker", kcfg.broker, *env_args, str(path)) == 0
    wait_caught_up(kcfg)
    assert a.status()["dead_letters"] + b.status()["dead_letters"] == 1

    api = KafkaApi(kcfg, [a, b])
    key = api.key("cli", "read,write,forget")
    ca, cb = api.client(key, worker=0), api.client(key, worker=1)
    # Every subject is answered by both workers alike: one serves it, the other forwards.
    for n in range(6):
        user = f"user{n}"
        answers = [c.get(f"/v1/users/{user}/recall", params={"q": "food"}) for c in (ca, cb)]
        assert answers[0].status_code == 200 and answers[0].json() == answers[1].json()
    capsys.readouterr()
    assert _cli("recall", "--worker", a.url, "--key", key, "--tenant", "cli", "--user", "user1", "--json",
                "food") == 0
    hits = json.loads(capsys.readouterr().out)
    assert hits and all("memory_id" in h for h in hits)
    assert _cli("forget", "--worker", b.url, "--key", key, "--tenant", "cli", "--user", "user1",
                "--id", hits[0]["memory_id"]) == 0
    assert hits[0]["memory_id"] not in [h["memory_id"] for h in ca.get(
        "/v1/users/user1/recall", params={"q": "food", "k": 50}).json()]
    assert _cli("context", "--worker", b.url, "--key", key, "--tenant", "cli", "--user", "user2",
                "--budget", "120", "food") == 0
    # Summaries and the profile are served (and forwarded) the same way.
    session = next(t["session_id"] for t in turns if t["user_id"] == "user2")
    for path_, params in (("summary", {"session_id": session, "budget_tokens": 120}), ("summary", {"topic": "food"}),
                          ("profile", {})):
        answer = ca.get(f"/v1/users/user2/{path_}", params=params).json()
        assert answer == cb.get(f"/v1/users/user2/{path_}", params=params).json()
        assert {"title", "text", "memory_ids", "tokens"} <= set(answer)
    assert ca.get("/v1/users/user2/summary", params={"session_id": session}).json()["lines"]
    for params in ({}, {"topic": "food", "session_id": session}):
        refused = cb.get("/v1/users/user2/summary", params=params)
        assert refused.status_code == 422 and refused.json()["title"] == "InvalidCommandError"
    # A context budget below 16 is refused as the facade refuses it (never silently 2,000 tokens),
    # by the owner and through the worker that forwards to it.
    for c in (ca, cb):
        for budget in ("0", "15"):
            refused = c.get("/v1/users/user2/context", params={"q": "food", "budget_tokens": budget})
            assert refused.status_code == 422 and "budget_tokens" in refused.json()["detail"], refused.text
        assert c.get("/v1/users/user2/context", params={"q": "food", "budget_tokens": "many"}).status_code == 422
    assert ca.get("/v1/users/user2/context", params={"q": "food", "budget_tokens": 16}).json()["tokens"] <= 16

    a.stop()
    b.stop()
    # The two stopped directories together hold every subject; each subject's view is the one its
    # owner built. `memstream digest` reads a worker's directory.
    capsys.readouterr()
    assert _cli("digest", "--data-dir", str(a.data_dir)) == 0
    assert len(capsys.readouterr().out.strip()) == 64
    assert _cli("replay", "--broker", kcfg.broker, *env_args, "--into", str(tmp_path / "replay")) == 0
    printed = capsys.readouterr().out.split()[-1]
    assert printed == replay_digest(kcfg, tmp_path / "replay-again")
    assert printed != embedded_digest(turns, tmp_path / "reference")  # the forget is in the log too
