"""bench.api end to end on a tiny input: the HTTP server (a process of its own) and the facade answer
the same queries on one data directory, and ingest goes both ways. Behaviour only: no timing is
asserted."""
from __future__ import annotations

import json

import pytest

from bench.api import batches, concurrent, main, median_rounds, queries, server_means

CONVERSATION = {
    "speaker_a": "Oona",
    "speaker_b": "Piet",
    "session_1_date_time": "9:15 am on 3 March, 2024",
    "session_1": [
        {"speaker": "Oona", "dia_id": "D1:1", "text": "I finally repaired the old clock in my hallway."},
        {"speaker": "Piet", "dia_id": "D1:2", "text": "My sister runs a bakery near the harbour in Bergen."},
        {"speaker": "Oona", "dia_id": "D1:3", "text": "I'm allergic to cats, so I visit friends outdoors."},
        {"speaker": "Piet", "dia_id": "D1:4", "text": "I'm learning the accordion from online lessons."},
    ],
    "session_2_date_time": "6:40 pm on 11 March, 2024",
    "session_2": [
        {"speaker": "Oona", "dia_id": "D2:1", "text": "We planted tomatoes and basil on the balcony."},
        {"speaker": "Piet", "dia_id": "D2:2", "text": "I work night shifts at the train depot this month."},
    ],
}


def test_queries_come_from_the_subjects_own_turns():
    turns = [{"user_id": "a", "session_id": "s", "text": "one two three four five six seven"},
             {"user_id": "b", "session_id": "t", "text": "too short"}]
    asked = queries(turns, 20)
    assert len(asked) == 20 and all(u == "a" and s == "s" for u, s, _ in asked)
    assert all(q and set(q.split()) <= set(turns[0]["text"].split()) for _, _, q in asked)
    assert batches(list(range(7)), 3) == [[0, 1, 2], [3, 4, 5], [6]]


def test_concurrent_runs_every_call_once_across_clients():
    seen = []
    result = concurrent(list(range(30)), 4, lambda client, item: seen.append((client, item)))
    assert sorted(item for _, item in seen) == list(range(30)) and {c for c, _ in seen} == {0, 1, 2, 3}
    assert result["n"] == 30 and result["rps"] > 0 and result["p50_ms"] <= result["p99_ms"]


def test_server_means_reads_the_servers_histograms():
    text = "\n".join([
        '# TYPE memstream_recall_seconds histogram',
        'memstream_recall_seconds_count{endpoint="recall"} 4.0',
        'memstream_recall_seconds_sum{endpoint="recall"} 0.02',
        'memstream_http_request_seconds_count{method="GET",route="/v1/users/{user_id}/recall",status="200"} 4.0',
        'memstream_http_request_seconds_sum{method="GET",route="/v1/users/{user_id}/recall",status="200"} 0.03',
    ])
    means = server_means(text)
    assert means["recall engine"] == pytest.approx(5.0) and means["recall app"] == pytest.approx(7.5)


def test_rounds_are_summed_up_by_their_medians():
    def round_(p99: float) -> dict:
        figures = {"n": 5, "rps": p99, "p50_ms": p99 / 2, "p99_ms": p99, "wall_s": 1.0}
        return {"recall": dict(figures), "context": dict(figures)}

    summary = median_rounds([round_(10.0), round_(30.0), round_(20.0)])
    assert summary["recall"]["p99_ms"] == 20.0 and summary["context"]["p50_ms"] == 10.0
    assert summary["recall"]["p99_rounds_ms"] == [10.0, 30.0, 20.0] and summary["recall"]["n"] == 5


def test_bench_api_runs_on_a_tiny_input(tmp_path, capsys):
    folder = tmp_path / "locomo"
    folder.mkdir()
    (folder / "3.json").write_text(json.dumps(CONVERSATION))
    args = ["--data", str(folder)]
    n_turns = 6
    out_file = tmp_path / "figures.json"
    assert main([*args, "--clients", "2", "--queries", "10", "--batch", "4", "--rounds", "2", "--json", str(out_file)]) == 0
    out = capsys.readouterr().out
    assert "recall HTTP adds to p99" in out and "HTTP / ingest_many" in out
    assert "server on uvicorn with httptools" in out  # the project's environment installs uvicorn's C parser
    assert "reproduce: HF_HUB_OFFLINE=1 python -m bench.api " in out and "--batch 4" in out
    figures = json.loads(out_file.read_text())
    assert figures["turns"] == n_turns and figures["clients"] == 2
    for endpoint in ("recall", "context"):
        for path in ("facade", "http"):
            assert figures["reads"][endpoint][path]["n"] == 10
    assert figures["ingest"]["http"]["accepted"] == n_turns  # every turn acknowledged as new
    assert figures["ingest"]["ratio"] > 0
