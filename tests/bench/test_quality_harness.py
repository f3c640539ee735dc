"""The LoCoMo harness end to end on a tiny conversation in the dataset's format (written here: the
dataset itself is never needed by the tests)."""
from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from bench.quality.__main__ import main, reproduce_command
from bench.quality.locomo import load_conversation, parse_session_date, turn_text
from bench.quality.run import evaluate

CONVERSATION = {
    "speaker_a": "Ada",
    "speaker_b": "Ben",
    "session_1_date_time": "1:56 pm on 8 May, 2023",
    "session_1": [
        {"speaker": "Ada", "dia_id": "D1:1", "text": "Hi Ben! I went hiking in the Alps yesterday."},
        {"speaker": "Ben", "dia_id": "D1:2", "text": "Nice! I adopted a puppy named Rex last week.",
         "blip_caption": "a photo of a small brown dog", "img_url": ["https://example.invalid/x.jpg"]},
        {"speaker": "Ada", "dia_id": "D1:3", "text": "I love dogs. I work as a nurse at the city hospital."},
    ],
    "session_2_date_time": "10:00 am on 20 May, 2023",
    "session_2": [
        {"speaker": "Ben", "dia_id": "D2:1", "text": "I started a pottery class on Monday."},
        {"speaker": "Ada", "dia_id": "D2:2", "text": "That's cool. I'm training for a marathon in October."},
    ],
    # Annotations a memory engine must not read: poisoned, so reading them would show in the results.
    "session_1_observation": {"Ada": [["Ada is secretly an astronaut", "D1:1"]]},
    "session_1_summary": "Ada is secretly an astronaut.",
    "qa": [
        {"question": "When did Ada go hiking?", "answer": "7 May 2023", "evidence": ["D1:1"], "category": 2},
        {"question": "What is the name of Ben's puppy?", "answer": "Rex", "evidence": ["D:1:2"], "category": 4},
        {"question": "What does Ada do for work?", "answer": "nurse", "evidence": ["D1:3"], "category": 1},
        {"question": "What is Ada training for?", "answer": "a marathon", "evidence": ["D2:02"], "category": 3},
        {"question": "What class did Ada start?", "adversarial_answer": "pottery", "evidence": ["D2:1"],
         "category": 5},
    ],
}


@pytest.fixture
def dataset(tmp_path):
    folder = tmp_path / "locomo"
    folder.mkdir()
    (folder / "7.json").write_text(json.dumps(CONVERSATION))
    return folder


def test_session_dates_and_captions_are_read():
    assert parse_session_date("1:56 pm on 8 May, 2023") == datetime(2023, 5, 8, 13, 56, tzinfo=timezone.utc)
    assert parse_session_date("12:05 am on 1 January, 2024") == datetime(2024, 1, 1, 0, 5, tzinfo=timezone.utc)


@pytest.mark.parametrize(("turn", "text"), [
    # Words that point at the picture, or none: the speaker says what they are sharing.
    ({"text": "Look!", "blip_caption": "a photo of a cat"}, "Look! I'm sharing a photo of a cat."),
    ({"text": "Here's a pic from the trip.", "blip_caption": "a photography of a red kayak on a lake"},
     "Here's a pic from the trip. I'm sharing a photo of a red kayak on a lake."),
    ({"text": "Check it out, finally done", "blip_caption": "a photo of a wooden bookshelf."},
     "Check it out, finally done I'm sharing a photo of a wooden bookshelf."),
    ({"text": "", "blip_caption": "a close up of a lemon tart on a plate"},
     "I'm sharing a photo of a lemon tart on a plate."),
    ({"blip_caption": "two bikes leaning on a fence"}, "I'm sharing a photo of two bikes leaning on a fence."),
    # Words that stand alone: the picture illustrates them, as context after them.
    ({"text": "I repaired the old clock yesterday.", "blip_caption": "a photo of a clock on a shelf"},
     "I repaired the old clock yesterday. (photo: a clock on a shelf)"),
    # No caption, or one that says nothing: the words alone.
    ({"text": "I repaired the old clock yesterday."}, "I repaired the old clock yesterday."),
    ({"text": "Look!", "blip_caption": "a photo of"}, "Look!"),
    ({"text": "", "blip_caption": "  "}, ""),
])
def test_a_shared_photo_is_said_in_words(turn, text):
    assert turn_text(turn) == text
    assert "[" not in turn_text(turn)  # no marker: the engine reads plain words


def test_the_engine_reads_a_shared_photo_as_any_other_words():
    from engine.summarizer import turn_candidates

    at = datetime(2023, 5, 8, 13, 56, tzinfo=timezone.utc)
    found = turn_candidates(turn_text({"text": "Look at this!", "blip_caption": "a photo of a dog on a beach"}),
                            role="user", speaker="Ada", occurred_at=at)
    assert [c.text for c in found] == ["Ada is sharing photo of dog on beach"]


def test_conversation_becomes_facade_turns_without_the_annotations(dataset):
    conv = load_conversation(dataset / "7.json")
    turns = conv.turns()
    assert [t["turn_id"] for t in turns] == ["D1:1", "D1:2", "D1:3", "D2:1", "D2:2"]
    assert {t["speaker"] for t in turns} == {"Ada", "Ben"}
    assert all(t["role"] == "user" for t in turns)
    assert turns[0]["occurred_at"].startswith("2023-05-08T13:56")
    assert turns[1]["text"] == "Nice! I adopted a puppy named Rex last week. (photo: a small brown dog)"
    assert not any("astronaut" in t["text"] for t in turns)
    assert conv.questions[1].evidence == ["D1:2"] and conv.questions[3].evidence == ["D2:2"]


def test_raw_units_carry_their_session_date(dataset):
    units = load_conversation(dataset / "7.json").raw_units()
    assert [u[0] for u in units] == ["D1:1", "D1:2", "D1:3", "D2:1", "D2:2"]
    assert units[0][1] == "(8 May 2023) Ada: Hi Ben! I went hiking in the Alps yesterday."
    assert units[1][1].startswith("(8 May 2023) Ben: Nice!") and units[1][1].endswith("(photo: a small brown dog)")
    assert units[3][1] == "(20 May 2023) Ben: I started a pottery class on Monday."


def test_evaluate_scores_the_engine_and_the_baselines(dataset, tmp_path):
    conv = load_conversation(dataset / "7.json")
    report = evaluate([conv], budget_tokens=400, work_dir=tmp_path)
    assert len(report.scores) == 5
    for system in ("memstream", "dense", "bm25", "rrf"):
        cov, n = report.coverage(system, (1, 2, 4))
        assert n == 3 and 0.0 <= cov <= 1.0
        assert report.recall(system, 10, (1, 2, 3, 4))[1] == 4
        assert report.adversarial(system)[1] == 1
    # Five short turns fit whole in 400 tokens: every raw context holds every answer word it can.
    assert report.recall("rrf", 10, (1, 2, 3, 4))[0] == 1.0
    assert report.storage[0].turns == 5 and report.storage[0].raw_tokens > 0
    # The baselines index and pack the dated turns: their documents cost more than the bare text.
    assert report.storage[0].raw_doc_tokens > report.storage[0].raw_tokens
    # A raw turn answers "when" by its session's date ("7 May 2023": "may" and "2023", not the day).
    assert report.scores[0].coverage["rrf"] == pytest.approx(2 / 3)
    # The view is its records and its running summaries.
    assert report.storage[0].view_tokens == report.storage[0].record_tokens + report.storage[0].summary_tokens
    # The engine resolves "yesterday" said on 8 May 2023.
    assert report.scores[0].coverage["memstream"] == 1.0


def test_command_prints_the_tables(dataset, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "220")
    assert main(["--data", str(dataset)]) == 0
    out = capsys.readouterr().out
    assert "answer-token coverage" in out and "recall_any" in out and "adversarial" in out
    assert "view / raw" in out and "reproduce: python -m bench.quality --data" in out
    assert "active records (engine.records) + the running summaries" in out and "(8 May 2023) Speaker: text" in out


def test_reproduce_command_repeats_options_and_engine_settings(tmp_path):
    import argparse

    args = argparse.Namespace(data=tmp_path / "a b", budget=300, words=200, only="26")
    env = {"MEMSTREAM_DECIDE_BY_MEANING": "false", "HOME": "/root", "MEMSTREAM_TEST_BROKER": "localhost:9092"}
    assert reproduce_command(args, env) == (
        f"MEMSTREAM_DECIDE_BY_MEANING=false python -m bench.quality --data '{tmp_path / 'a b'}' "
        "--budget 300 --words 200 --only 26")
    assert reproduce_command(argparse.Namespace(data=None, budget=400, words=300, only=""), {}) == \
        "python -m bench.quality"


def test_command_skips_cleanly_without_the_dataset(tmp_path, capsys):
    assert main(["--data", str(tmp_path / "absent")]) == 0
    assert "skipped" in capsys.readouterr().out
