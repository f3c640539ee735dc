"""The optional LLM adapter through the engine: the LLM decides records and summary lines when it is
enabled; a timeout, an HTTP error or a malformed reply falls back to the offline path for that turn
(visibly, never losing the turn); the endpoint only sees redacted text and the key only travels in
the Authorization header; replay re-applies the logged decisions and never calls the endpoint."""
from __future__ import annotations

import json
import logging
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from engine import MemoryEngine
from engine.cli import replay_verify
from engine.errors import LLMReplyError
from engine.llm_adapter import LLMExtractor, LLMSummarizer
from engine.processor import OFFLINE
from engine.state import WindowTurn
from engine.summarizer import IMPORTANCE
from tests.conftest import T0, make_turn

sys.path.insert(0, str(Path(__file__).parent))
from fake_llm_server import FakeLLM, Reply, completion  # noqa: E402

KEY = "sk-adapter-test-key-9f8e7d6c5b4aSECRET"


@pytest.fixture
def server():
    fake = FakeLLM()
    yield fake
    fake.stop()


def open_llm(data_dir, server: FakeLLM, **kw) -> MemoryEngine:
    settings = {"llm_url": server.url, "llm_model": "fake-model", "llm_api_key": KEY,
                "llm_backoff_seconds": 0, "llm_retries": 0, **kw}
    return MemoryEngine.open(data_dir, **settings)


def texts(engine: MemoryEngine) -> list[str]:
    return [r.text for r in engine.records("acme", "u1")]


def test_the_adapter_is_off_by_default(engine):
    deciders = engine.runtime.deciders
    assert (deciders.extract, deciders.summarize) == (OFFLINE.extract, OFFLINE.summarize)
    engine.ingest(make_turn("I prefer Python examples.", 1))
    assert not any(k.startswith("llm_") for k in engine.stats())


def test_when_enabled_records_and_summary_lines_are_the_llms(data_dir, server):
    with open_llm(data_dir, server, window_max_messages=2) as engine:
        engine.ingest_many([make_turn(t, n, speaker="Ada") for n, t in enumerate(
            ["I prefer Python examples.", "I live in Porto.", "I work at Acme.", "I'm allergic to peanuts."], 1)])
        engine.flush()
        assert "Ada told the model: I prefer Python examples" in texts(engine)
        assert all("told the model" in t for t in texts(engine))
        summary = engine.summary("acme", "u1", "s1")
        assert summary and all("(model summary)" in line for line in summary)
        stats = engine.stats()
        assert stats["llm_fallbacks"] == 0 and stats["llm_calls"] == len(server.requests) > 4
        [rec] = [r for r in engine.records("acme", "u1") if "Porto" in r.text]
        assert rec.source == "user_explicit" and rec.importance == 0.66 and rec.source_turn_ids == ["s1-t2"]
    assert server.of_kind("You extract") and server.of_kind("You compress")
    assert all(r["headers"]["Authorization"] == f"Bearer {KEY}" for r in server.requests)


def test_a_server_error_is_retried_and_the_llm_still_decides(data_dir, server):
    server.script = ["500"]
    with open_llm(data_dir, server, llm_retries=2) as engine:
        engine.ingest(make_turn("I prefer Python examples.", 1))
        engine.flush()
        assert texts(engine) == ["User told the model: I prefer Python examples"]
        stats = engine.stats()
        assert stats["llm_retries"] == 1 and stats["llm_fallbacks"] == 0


def test_a_timeout_falls_back_to_the_offline_extractor_and_keeps_the_turn(data_dir, server, caplog):
    server.default = "stall"
    with open_llm(data_dir, server, llm_timeout_seconds=0.2, llm_retries=1) as engine:
        engine.ingest(make_turn("I prefer Python examples.", 1))
        engine.flush()
        assert texts(engine) == ["User prefers Python examples"]  # the offline extractor's record
        assert engine.window("acme", "u1", "s1") == ["s1-t1"]
        assert engine.dead_letters() == []
        stats = engine.stats()
        assert stats["llm_fallbacks"] == stats["llm_fallbacks_timeout"] == 1
        assert stats["llm_requests"] == 2
    assert "LLMUnavailableError" in caplog.text and "the offline extractor decided instead" in caplog.text


@pytest.mark.parametrize("behaviour", ["not json", "wrong schema", "bad kind", "not a completion", "html"])
def test_a_malformed_reply_falls_back_with_a_clear_reason_and_the_turn_is_processed(data_dir, server, caplog,
                                                                                   behaviour):
    server.default = behaviour
    with open_llm(data_dir, server, window_max_messages=2) as engine:
        engine.ingest_many([make_turn(t, n) for n, t in enumerate(
            ["I prefer Python examples.", "I live in Porto.", "I work at Acme."], 1)])
        engine.flush()
        assert texts(engine) == ["User prefers Python examples", "User lives in Porto", "User works at Acme"]
        assert engine.summary("acme", "u1", "s1") == ["User prefers Python examples"]  # offline summary
        assert engine.dead_letters() == []
        stats = engine.stats()
        assert stats["llm_fallbacks"] == stats["llm_fallbacks_reply"] == 4  # three turns + one compaction
        assert stats["llm_requests"] == 4  # a malformed reply is not asked for again
    assert "LLMReplyError" in caplog.text


def test_after_repeated_failures_turns_go_straight_to_the_offline_path(data_dir, server):
    server.default = "503"
    with open_llm(data_dir, server, llm_circuit_failures=2, llm_circuit_cooldown_seconds=3600) as engine:
        for n, text in enumerate(["I prefer tea.", "I live in Porto.", "I work at Acme.", "I'm vegan."], 1):
            engine.ingest(make_turn(text, n))
            engine.flush()
        assert len(texts(engine)) == 4
        stats = engine.stats()
        assert len(server.requests) == 2
        assert stats["llm_fallbacks"] == 4 and stats["llm_fallbacks_http"] == 2 and stats["llm_fallbacks_paused"] == 2


def test_summarize_only_leaves_extraction_offline(data_dir, server):
    with open_llm(data_dir, server, llm_tasks="summarize", window_max_messages=2) as engine:
        engine.ingest_many([make_turn(t, n) for n, t in enumerate(
            ["I prefer Python examples.", "I live in Porto.", "I work at Acme."], 1)])
        engine.flush()
        assert texts(engine) == ["User prefers Python examples", "User lives in Porto", "User works at Acme"]
        assert engine.summary("acme", "u1", "s1") == ["User said (model summary): I prefer Python examples"]
    assert server.of_kind("You extract") == [] and len(server.of_kind("You compress")) == 1


def test_the_endpoint_only_ever_sees_redacted_text(data_dir, server):
    secret = "Hunter2-Tr0ub4dor&3"
    with open_llm(data_dir, server, window_max_messages=2) as engine:
        engine.ingest_many([make_turn(f"My password is {secret} and I prefer Python examples.", 1),
                            make_turn("I live in Porto.", 2), make_turn("I work at Acme.", 3)])
        engine.flush()
        # The fake echoes the message back; a reply line holding a redaction marker is dropped.
        assert not any("[REDACTED" in t for t in texts(engine) + engine.summary("acme", "u1", "s1"))
        assert "User told the model: I live in Porto" in texts(engine)
    assert len(server.of_kind("You compress")) == 1
    for req in server.requests:
        assert secret.encode() not in req["raw"]
    assert any(b"[REDACTED:password]" in req["raw"] for req in server.requests)


def test_the_api_key_only_travels_in_the_authorization_header(data_dir, server, caplog, monkeypatch):
    caplog.set_level(logging.DEBUG)  # httpx and httpcore included
    monkeypatch.setenv("MEMSTREAM_LLM_API_KEY", KEY)
    server.script = ["500", "not json", "500"]
    engine = MemoryEngine.open(data_dir, llm_url=server.url, llm_model="fake-model", llm_retries=1,
                               llm_backoff_seconds=0, window_max_messages=2)
    try:
        engine.ingest_many([make_turn(t, n) for n, t in enumerate(
            ["I prefer Python examples.", "I live in Porto.", "I work at Acme."], 1)])
        engine.flush()
        shown = [repr(engine.settings), str(engine.settings), engine.settings.model_dump_json(),
                 repr(engine.runtime.deciders), str(engine.stats()), str(engine.dead_letters())]
        engine.compact()
    finally:
        engine.close()
    assert all(r["headers"]["Authorization"] == f"Bearer {KEY}" for r in server.requests)
    assert all(KEY.encode() not in r["raw"] for r in server.requests)  # not in any request body
    assert KEY not in caplog.text and not any(KEY in s for s in shown)
    for path in data_dir.rglob("*"):
        if path.is_file():
            assert KEY.encode() not in path.read_bytes(), path


def test_replay_never_calls_the_llm_and_reproduces_the_view(data_dir, tmp_path, server, monkeypatch):
    turns = [make_turn(t, n, speaker="Ada") for n, t in enumerate(
        ["I prefer Python examples.", "I live in Porto.", "I work at Acme.", "I'm allergic to peanuts.",
         "For this session, answer in French.", "I went camping yesterday."], 1)]
    with open_llm(data_dir, server, window_max_messages=3) as engine:
        engine.ingest_many(turns)
        engine.flush()
        live = engine.view_digest()
        llm_texts = texts(engine)
        assert llm_texts and all("told the model" in t for t in llm_texts)
        assert engine.summary("acme", "u1", "s1")
    asked = len(server.requests)

    # Replay with the LLM configured in the environment, and the server still listening: not one request.
    monkeypatch.setenv("MEMSTREAM_LLM_URL", server.url)
    monkeypatch.setenv("MEMSTREAM_LLM_MODEL", "fake-model")
    assert replay_verify(data_dir, tmp_path / "replayed", show_progress=False) == (live, live)
    assert len(server.requests) == asked

    # With the server gone, reopening re-decides nothing either (a fallback would change the digest).
    server.stop()
    with open_llm(data_dir, server) as engine:
        assert engine.view_digest() == live and texts(engine) == llm_texts
        assert engine.stats()["llm_calls"] == 0
    assert replay_verify(data_dir, tmp_path / "replayed-again", show_progress=False) == (live, live)



def _answers(tag: str):
    def reply(request: dict) -> Reply:
        message = json.loads(request["messages"][1]["content"])["message"]
        return Reply(body=completion(json.dumps({"memories": [{"kind": "fact", "text": f"User said ({tag}): {message}"}]})))
    return reply


def test_a_crash_after_the_decisions_were_logged_does_not_ask_the_llm_again(data_dir, tmp_path, server):
    server.default = _answers("first")
    engine = open_llm(data_dir, server)
    engine.ingest(make_turn("I live in Porto.", 1))
    engine.runtime.store.commit = lambda **kw: (_ for _ in ()).throw(OSError("crash before the state commit"))
    with pytest.raises(OSError):
        engine.flush()
    engine.runtime.close()  # the process dies here
    server.default = _answers("second")
    with open_llm(data_dir, server) as engine:
        assert texts(engine) == ["User said (first): I live in Porto"]
        live = engine.view_digest()
    assert replay_verify(data_dir, tmp_path / "replayed", show_progress=False) == (live, live)

# -- how replies become candidates and summary lines (no HTTP: a client that returns a set reply) -------

class _Canned:
    def __init__(self, content: str):
        self.content = content
        self.calls: list[tuple[str, str]] = []

    def complete(self, system: str, user: str) -> str:
        self.calls.append((system, user))
        return self.content


def test_replies_map_onto_candidates_with_the_offline_rules_for_source_and_confidence():
    at = T0
    client = _Canned(json.dumps({"memories": [
        {"kind": "episode", "text": "Ada went camping on 1 March 2026", "happened_on": "2026-03-01"},
        {"kind": "temporary_instruction", "text": "Ada wants answers in French", "slot": "Language"},
        {"kind": "temporary_instruction", "text": "Ada wants short answers", "expires_in_hours": 2},
        {"kind": "preference", "text": "prefers tea", "slot": "constraint:drink", "hedged": True},
        {"kind": "fact", "text": "Ada lives in Lisbon", "slot": "fact:residence", "correction": True,
         "privacy": "sensitive", "fields": {"value": "Lisbon", "n": 3}},
        {"kind": "fact", "text": "Ada's token is ghp_abcdefghijklmnopqrstuvwxyz0123456789"},
        {"kind": "fact", "text": "Ada's password is [REDACTED:password]"},
        {"kind": "fact", "text": "Ada lives in Lisbon", "slot": "fact:residence", "correction": True},
    ]}))
    cands = LLMExtractor(client)("Some message.", role="user", speaker="Ada", occurred_at=at,
                                 session_ttl=timedelta(hours=4))
    episode, session_rule, timed_rule, hedged, corrected = cands  # secret-bearing and repeated ones dropped
    assert episode.happened_at == datetime(2026, 3, 1, tzinfo=timezone.utc) and episode.importance == 0.5
    assert (session_rule.scope, session_rule.expires_at, session_rule.slot) == (
        "session", at + timedelta(hours=4), "temporary_instruction:language")
    assert timed_rule.scope is None and timed_rule.expires_at == at + timedelta(hours=2)
    assert (hedged.text, hedged.slot, hedged.source, hedged.confidence) == (
        "Ada: prefers tea", "preference:drink", "inferred", 0.55)
    assert (corrected.source, corrected.confidence, corrected.correction, corrected.privacy_level) == (
        "user_explicit", 0.95, True, "sensitive")
    assert corrected.fields == {"value": "Lisbon", "n": "3"}
    [(system, user)] = client.calls
    assert system.startswith("You extract") and json.loads(user) == {
        "speaker": "Ada", "date": "2026-03-02 (Monday)", "message": "Some message."}


def test_only_user_turns_with_something_to_say_are_sent():
    client = _Canned('{"memories": []}')
    extract = LLMExtractor(client)
    assert extract("I prefer tea.", role="assistant", speaker=None, occurred_at=T0) == []
    assert extract("Thanks, Odi! Ok, got it.", role="user", speaker=None, occurred_at=T0) == []
    assert client.calls == []


def test_summary_lines_keep_turn_order_and_a_line_naming_an_unsent_turn_is_a_reply_error():
    at = T0
    turns = [WindowTurn("t1", "user", "Ada", "I prefer tea.", 4, at),
             WindowTurn("t2", "tool", None, "{}", 1, at),
             WindowTurn("t3", "assistant", None, "I'll send the notes by Friday.", 8, at)]
    client = _Canned(json.dumps({"lines": [
        {"turn": 1, "kind": "task", "text": "Assistant will send the notes by 6 March 2026."},
        {"turn": 0, "kind": "preference", "text": "Ada prefers tea"},
        {"turn": 0, "kind": "preference", "text": "Ada prefers tea"},
    ]}))
    items = LLMSummarizer(client)(turns)
    assert [(i.turn_id, i.kind, i.text, i.importance) for i in items] == [
        ("t1", "preference", "Ada prefers tea", IMPORTANCE["preference"]),
        ("t3", "task", "Assistant will send the notes by 6 March 2026", IMPORTANCE["task"])]
    assert [t["role"] for t in json.loads(client.calls[0][1])["turns"]] == ["user", "assistant"]
    client.content = json.dumps({"lines": [{"turn": 2, "kind": "fact", "text": "Something about turn 2"}]})
    with pytest.raises(LLMReplyError, match="names turn 2, but only 2 were sent"):
        LLMSummarizer(client)(turns)
