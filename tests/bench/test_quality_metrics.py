"""The benchmark's figures: answer-token coverage, recall_any@k and evidence id normalisation."""
from __future__ import annotations

import pytest

from bench.quality.metrics import (
    answer_terms,
    contains_answer,
    coverage,
    normalise_evidence,
    recall_any,
)


def test_answer_terms_drop_stop_words_and_case_but_keep_months_and_numbers():
    assert answer_terms("The week before 14 June 2021") == {"week", "before", "14", "june", "2021"}
    assert answer_terms(2022) == {"2022"}
    assert answer_terms("Their uncle's cabin") == {"uncle", "cabin"}
    assert answer_terms("that was all it was") == set()


def test_coverage_is_the_share_of_answer_words_in_the_context():
    assert coverage("Judo, Fencing", "Ravi did fencing as a teenager") == 0.5
    assert coverage("12 August 2021", "- [12 August 2021] Priya went to a choir rehearsal") == 1.0
    assert coverage("the", "anything") is None


def test_coverage_only_reads_the_first_words_of_the_context():
    context = " ".join(["filler"] * 300) + " Porto"
    assert coverage("Porto", context, max_words=300) == 0.0
    assert coverage("Porto", context, max_words=301) == 1.0


def test_contains_answer_needs_every_answer_word():
    assert contains_answer("a night market", "Odette visited a night market")
    assert not contains_answer("a night market", "Odette visited a market")


@pytest.mark.parametrize("raw, expected", [
    ("D1:3", ["D1:3"]),
    ("D:11:26", ["D11:26"]),
    ("D8:6; D9:17", ["D8:6", "D9:17"]),
    ("D30:05", ["D30:5"]),
    (["D1:3", "D1:3", "D2:1"], ["D1:3", "D2:1"]),
    ("", []),
])
def test_evidence_ids_are_normalised(raw, expected):
    assert normalise_evidence(raw) == expected


def test_recall_any_counts_a_hit_among_the_first_k_results():
    ranked = [["D1:1"], ["D2:4", "D2:5"], ["D3:1"]]
    assert recall_any(["D2:5"], ranked, 2) == 1.0
    assert recall_any(["D3:1"], ranked, 2) == 0.0
    assert recall_any(["D3:01", "D9:9"], ranked, 3) == 1.0
    assert recall_any([], ranked, 3) is None
