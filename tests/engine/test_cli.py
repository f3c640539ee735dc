"""The command line, end to end on the embedded runtime."""
from __future__ import annotations

import json

from datetime import datetime

from conftest import make_turn
from engine.cli import main


def test_demo_then_replay_verify_and_digest(tmp_path, capsys):
    data = str(tmp_path / "demo")
    assert main(["--data-dir", data, "demo"]) == 0
    out = capsys.readouterr().out
    assert "view digest:" in out and "sk-proj" not in out and "hunter22" not in out
    digest = out.split("view digest:")[1].split()[0]
    assert main(["--data-dir", data, "replay", "--verify"]) == 0
    assert "replay verified" in capsys.readouterr().out
    assert main(["--data-dir", data, "digest"]) == 0
    assert capsys.readouterr().out.strip() == digest


def test_the_demo_decides_what_its_narration_says(tmp_path, capsys):
    """The move to Lisbon is a new fact (it replaces no preference); the Rust preference replaces
    the Python one; "where does Ada live?" finds Lisbon, and "forget that" forgets Lisbon."""
    from engine import MemoryEngine
    from engine.demo import TENANT, USER, _conversation

    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest_many(_conversation())
        engine.flush()
        records = engine.records(TENANT, USER, include_inactive=True)
        tier = {r.text: r.tier for r in records}
        assert tier["Ada lives in Lisbon now"] == "active"
        assert [t for t, x in tier.items() if "Python" in t] and all(
            x == "superseded" for t, x in tier.items() if "Python" in t)
        assert [t for t, x in tier.items() if "Rust" in t and x == "active"]
        hits = engine.recall(tenant_id=TENANT, user_id=USER, query="where does Ada live?", k=1)
        assert "Lisbon" in hits[0].text


def test_ingest_file_reports_rejected_lines_and_keeps_the_good_ones(tmp_path, capsys):
    path = tmp_path / "turns.jsonl"
    rows = [json.dumps(make_turn("I live in Porto.", 1)), "{not json", json.dumps({**make_turn("x", 2), "role": "robot"}),
            json.dumps(make_turn("I prefer tea over coffee.", 3))]
    path.write_text("\n".join(rows) + "\n")
    data = str(tmp_path / "d")
    rejects = tmp_path / "rejects.jsonl"
    # 1: some lines were rejected (the good ones are ingested all the same)
    assert main(["--data-dir", data, "ingest", str(path), "--rejects", str(rejects)]) == 1
    out = capsys.readouterr().out
    assert "ingested 2 turns" in out and "rejected 2" in out
    reasons = [json.loads(line) for line in rejects.read_text().splitlines()]
    assert [r["line"] for r in reasons] == [2, 3] and "UnknownRoleError" in reasons[1]["reason"]
    assert main(["--data-dir", data, "recall", "--tenant", "acme", "--user", "u1", "where do I live", "--json"]) == 0
    hits = json.loads(capsys.readouterr().out)
    assert "Porto" in hits[0]["text"]
    memory_id = hits[0]["memory_id"]
    assert main(["--data-dir", data, "audit", memory_id]) == 0
    assert '"memory_recorded"' in capsys.readouterr().out
    assert main(["--data-dir", data, "forget", "--tenant", "acme", "--user", "u1", "--id", memory_id]) == 0
    assert main(["--data-dir", data, "context", "--tenant", "acme", "--user", "u1", "--session", "s1",
                 "where", "--json"]) == 0
    assert "Porto" not in capsys.readouterr().out.split("forgot")[-1]
    assert main(["--data-dir", data, "sweep", "--now", "2027-01-01T00:00:00Z"]) == 0
    assert main(["--data-dir", data, "replay", "--verify"]) == 0


def test_data_dir_is_accepted_after_the_command_too(tmp_path, capsys):
    data = str(tmp_path / "d")
    path = tmp_path / "turns.jsonl"
    path.write_text(json.dumps(make_turn("I live in Porto.", 1)) + "\n")
    assert main(["ingest", str(path), "--data-dir", data]) == 0
    capsys.readouterr()
    assert main(["digest", "--data-dir", data]) == 0
    first = capsys.readouterr().out.strip()
    assert main(["--data-dir", data, "digest"]) == 0
    assert capsys.readouterr().out.strip() == first and len(first) == 64


def test_demo_refuses_to_overwrite_a_directory_it_did_not_make(tmp_path, capsys):
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "notes.txt").write_text("keep me")
    assert main(["--data-dir", str(precious), "demo"]) == 2
    assert (precious / "notes.txt").read_text() == "keep me"
    assert main(["--data-dir", str(tmp_path / "demo"), "demo"]) == 0
    assert main(["--data-dir", str(tmp_path / "demo"), "demo"]) == 0  # its own directory: replaced


def test_summary_and_profile_commands(tmp_path, capsys):
    path = tmp_path / "turns.jsonl"
    rows = [make_turn("I prefer tea over coffee.", 1), make_turn("I applied to two architecture firms yesterday.", 2),
            make_turn("I went to a climbing gym with my nephews yesterday.", 1, session="s2")]
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    data = str(tmp_path / "d")
    assert main(["--data-dir", data, "ingest", str(path)]) == 0
    capsys.readouterr()
    assert main(["--data-dir", data, "summary", "--tenant", "acme", "--user", "u1", "--session", "s1", "--json"]) == 0
    s1 = json.loads(capsys.readouterr().out)
    assert s1["title"].startswith("Session s1") and "architecture" in s1["text"] and "climbing" not in s1["text"]
    assert main(["--data-dir", data, "summary", "--tenant", "acme", "--user", "u1", "--topic", "climbing"]) == 0
    assert "climbing gym" in capsys.readouterr().out
    assert main(["--data-dir", data, "profile", "--tenant", "acme", "--user", "u1", "--json"]) == 0
    prof = json.loads(capsys.readouterr().out)
    assert prof["lines"] == ["User: prefers tea over coffee"]
    assert main(["--data-dir", data, "summary", "--tenant", "acme", "--user", "u1", "--topic", " "]) == 2


def test_commands_that_read_a_store_refuse_a_directory_without_one(tmp_path, capsys):
    """A mistyped --data-dir is an error, not an empty store that answers nothing."""
    missing = tmp_path / "no-such-store"
    for argv in (["rederive", "--dry-run"], ["recall", "--tenant", "acme", "--user", "u1", "where do I live"],
                 ["summary", "--tenant", "acme", "--user", "u1", "--session", "s1"], ["digest"]):
        assert main(["--data-dir", str(missing), *argv]) == 2
        assert "holds no memstream log" in capsys.readouterr().err
    assert not missing.exists()


_at = datetime.fromisoformat


def test_archive_session_and_retention_from_the_command_line(tmp_path, capsys, monkeypatch):
    path = tmp_path / "turns.jsonl"
    rows = [make_turn("I live in Porto.", 1, session="trip", at=_at("2026-01-05T10:00:00+00:00")),
            make_turn("Porto is lovely in spring.", 2, session="trip", role="assistant", at=_at("2026-01-05T10:01:00+00:00")),
            make_turn("I'm learning the cello.", 1, session="music", at=_at("2026-03-01T10:00:00+00:00")),
            make_turn("I work night shifts at a bakery.", 1, session="work", at=_at("2026-03-02T10:00:00+00:00"))]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    data = str(tmp_path / "d")
    assert main(["--data-dir", data, "ingest", str(path)]) == 0
    who = ["--tenant", "acme", "--user", "u1"]
    assert main(["--data-dir", data, "archive-session", *who, "--session", "trip"]) == 0
    assert "2 raw turns shredded" in capsys.readouterr().out
    assert main(["--data-dir", data, "archive-session", *who, "--session", "nope"]) == 2
    # raw turns older than 30 days at the sweep's time expire; the newer session's stay
    monkeypatch.setenv("MEMSTREAM_RETENTION_DAYS", "30")
    assert main(["--data-dir", data, "sweep", "--now", "2026-04-01T00:00:00Z"]) == 0
    assert "turns_expired=1" in capsys.readouterr().out
    assert main(["--data-dir", data, "recall", *who, "where do I live", "--json"]) == 0
    assert "Porto" in json.loads(capsys.readouterr().out)[0]["text"]  # the record stays
    assert main(["--data-dir", data, "replay", "--verify"]) == 0
