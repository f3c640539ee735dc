"""Input messages to engine calls, or to dead letters whose reasons never quote content."""
from __future__ import annotations

import json

from engine.settings import Settings
from streams.kafka.inputs import CommandInput, Record, Rejected, TurnInput, parse
from streams.kafka.topics import Topics, partition_of, subject_key

TOPICS = Topics("t")
KEY = subject_key("acme", "u1")
TURN = {"tenant_id": "acme", "user_id": "u1", "session_id": "s1", "turn_id": "t1", "role": "user",
        "text": "I prefer tea.", "occurred_at": "2026-03-02T09:00:00Z"}


def _parse(value, topic=TOPICS.turns, key=KEY, max_bytes=10_000):
    raw = value if isinstance(value, bytes) else json.dumps(value).encode()
    return parse(Record(topic, 0, 7, key, raw), turns_topic=TOPICS.turns, settings=Settings(), max_bytes=max_bytes)


def test_a_valid_turn_and_commands_parse():
    assert isinstance(_parse(TURN), TurnInput)
    cmd = _parse({"command": "forget", "tenant_id": "acme", "user_id": "u1", "mode": "query", "query": "tea"},
                 topic=TOPICS.commands)
    assert isinstance(cmd, CommandInput) and cmd.request_id == "kafka:t-commands/0@7"
    sweep = _parse({"command": "sweep", "tenant_id": "acme", "user_id": "u1", "now": "2026-04-01T00:00:00Z",
                    "request_id": "r9"}, topic=TOPICS.commands)
    assert isinstance(sweep, CommandInput) and sweep.request_id == "r9"


def test_bad_messages_are_rejected_with_reasons_that_quote_no_content():
    secret = "sk-live-4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c"
    cases = {
        "malformed: not JSON": _parse(b"{" + secret.encode()),
        "malformed: a message must be a JSON object": _parse([secret]),
        "oversize": _parse(dict(TURN, text=secret * 500)),
        "wrong schema: MissingFieldError": _parse({k: v for k, v in TURN.items() if k != "turn_id"}),
        "wrong key": _parse(TURN, key=subject_key("acme", "someone-else")),
        "wrong schema: command must be one of": _parse({"command": secret, "tenant_id": "acme", "user_id": "u1"},
                                                       topic=TOPICS.commands),
        "wrong schema: occurred_at": _parse({"command": "remember", "tenant_id": "acme", "user_id": "u1",
                                             "text": "x", "occurred_at": secret}, topic=TOPICS.commands),
        "wrong schema: UnknownRoleError (field role)": _parse(dict(TURN, role=secret)),
        "wrong schema: BadTimestampError (field occurred_at)": _parse(dict(TURN, occurred_at=secret)),
        "wrong schema: MissingFieldError (field session_id)": _parse(
            {k: v for k, v in dict(TURN, turn_id=secret).items() if k != "session_id"}),
        "malformed: empty message": parse(Record(TOPICS.turns, 0, 1, KEY, None), turns_topic=TOPICS.turns,
                                          settings=Settings(), max_bytes=10_000),
    }
    for expected, result in cases.items():
        assert isinstance(result, Rejected), expected
        assert result.reason.startswith(expected), (expected, result.reason)
        assert secret not in result.reason and "sk-live" not in result.reason


def test_a_subject_has_one_partition_in_every_topic():
    # Kafka's default partitioner (murmur2), as the Java client computes it for these bytes.
    assert {partition_of(KEY, 8) for _ in range(3)} == {partition_of(KEY, 8)}
    assert len({partition_of(subject_key("acme", f"u{i}"), 8) for i in range(64)}) == 8


def test_settings_travel_to_a_worker_process_as_its_environment():
    from streams.kafka.config import KafkaSettings

    cfg = KafkaSettings(broker="kafka://h:1", partitions=3)
    env = cfg.environment()
    assert env["MEMSTREAM_KAFKA_PARTITIONS"] == "3" and "MEMSTREAM_KAFKA_WEB_ADVERTISED_HOST" not in env
    names = {k.removeprefix("MEMSTREAM_KAFKA_").lower(): v for k, v in env.items()}
    assert KafkaSettings(**names) == cfg


def test_json_nested_too_deeply_is_rejected_not_raised():
    deep = b"[" * 100_000 + b"]" * 100_000
    rejected = _parse(b'{"text": ' + deep + b"}", max_bytes=1_000_000)
    assert isinstance(rejected, Rejected) and rejected.reason == "malformed: JSON nested too deeply"


def test_the_cli_splits_a_jsonl_file_on_newlines_alone(tmp_path):
    from streams.cli import _jsonl_lines

    turn = dict(TURN, text="first\u2028second\x85third")
    path = tmp_path / "turns.jsonl"
    path.write_bytes(json.dumps(turn, ensure_ascii=False).encode() + b"\n\n" + b"\xff\xfe not utf-8\n"
                     + json.dumps(dict(TURN, turn_id="t2")).encode() + b"\n")
    lines = _jsonl_lines(path)
    assert [n for n, _ in lines] == [1, 3, 4]
    assert json.loads(lines[0][1].decode())["text"] == turn["text"]
    assert isinstance(_parse(lines[0][1]), TurnInput)
    assert _parse(lines[1][1]).reason.startswith("malformed: not JSON")


def test_the_cli_drops_a_leading_bom_and_carriage_returns_as_the_embedded_ingest_does(tmp_path):
    from engine.jsonl import parse_line

    from streams.cli import _jsonl_lines

    path = tmp_path / "turns.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(TURN).encode() + b"\r\n" + b"[" * 50_000 + b"\r\n")
    lines = _jsonl_lines(path)
    assert [n for n, _ in lines] == [1, 2]
    assert parse_line(lines[0][1]) == (TURN, None)
    assert parse_line(lines[1][1])[0] is None  # a reject with its reason, not a crash
