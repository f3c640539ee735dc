"""The commands an operator uses against a Kafka deployment: `memstream ingest --broker`, reads and
forgets through any worker (routed to the subject's owner), and `memstream digest` on a stopped
worker's directory."""
from __future__ import annotations

import json
import urllib.error

import pytest
from kafka_harness import embedded_digest, replay_digest, synthetic_turns, wait_caught_up

pytestmark = pytest.mark.kafka


def _cli(*args: str) -> int:
    from streams.cli import main

    return main(list(args))


def test_ingest_recall_forget_and_digest_through_the_cli_with_two_workers(kcfg, spawn_worker, tmp_path, capsys):
    from streams.kafka.topics import partition_of, subject_key

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

    # Every subject is answered by both workers alike: one serves it, the other forwards.
    for n in range(6):
        user = f"user{n}"
        p = partition_of(subject_key("cli", user), kcfg.partitions)
        owner, other = (a, b) if p in a.status()["assigned"] else (b, a)
        path_ = f"/subjects/cli/{user}/recall?query=food&record_use=false"
        assert owner.get(path_) == other.get(path_)
    capsys.readouterr()
    assert _cli("recall", "--worker", a.url, "--tenant", "cli", "--user", "user1", "--json", "food") == 0
    hits = json.loads(capsys.readouterr().out)
    assert hits and all("memory_id" in h for h in hits)
    assert _cli("forget", "--worker", b.url, "--tenant", "cli", "--user", "user1", "--id", hits[0]["memory_id"]) == 0
    assert hits[0]["memory_id"] not in [h["memory_id"] for h in a.get(
        "/subjects/cli/user1/recall?query=food&record_use=false&k=50")]
    assert _cli("context", "--worker", b.url, "--tenant", "cli", "--user", "user2", "--budget", "120", "food") == 0
    # Summaries and the profile are served (and routed) the same way.
    session = next(t["session_id"] for t in turns if t["user_id"] == "user2")
    for path_ in (f"/subjects/cli/user2/summary?session_id={session}&budget_tokens=120",
                  "/subjects/cli/user2/summary?topic=food", "/subjects/cli/user2/profile"):
        answer = a.get(path_)
        assert answer == b.get(path_) and {"title", "text", "memory_ids", "tokens"} <= set(answer)
    assert a.get(f"/subjects/cli/user2/summary?session_id={session}")["lines"]
    for bad in ("/subjects/cli/user2/summary", f"/subjects/cli/user2/summary?topic=food&session_id={session}",
                "/subjects/cli/user2/summary?topic=food&budget_tokens=3"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            b.get(bad)
        assert refused.value.code == 400  # a typed error the caller can act on, not a crash
    # A context budget below 16 is refused as the facade refuses it (never silently 2,000 tokens),
    # by the owner and through the worker that routes to it.
    for worker in (a, b):
        for budget in ("0", "15", "-5", "many"):
            with pytest.raises(urllib.error.HTTPError) as refused:
                worker.get(f"/subjects/cli/user2/context?query=food&budget_tokens={budget}")
            problem = json.loads(refused.value.read())
            assert refused.value.code == 400 and problem["error"] == "InvalidCommandError", problem
            assert "budget_tokens" in problem["message"]
    assert a.get("/subjects/cli/user2/context?query=food&budget_tokens=16&record_use=false")["tokens"] <= 16

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
