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
    assert answer_terms("The week before 1 May 2023") == {"week", "before", "1", "may", "2023"}
    assert answer_terms(2022) == {"2022"}
    assert answer_terms("Her mother's house") == {"mother", "house"}
    assert answer_terms("it is what it is") == set()


def test_coverage_is_the_share_of_answer_words_in_the_context():
    assert coverage("Kickboxing, Taekwondo", "John did taekwondo as a kid") == 0.5
    assert coverage("7 May 2023", "- [7 May 2023] Caroline went to a support group") == 1.0
    assert coverage("the", "anything") is None


def test_coverage_only_reads_the_first_words_of_the_context():
    context = " ".join(["filler"] * 300) + " Porto"
    assert coverage("Porto", context, max_words=300) == 0.0
    assert coverage("Porto", context, max_words=301) == 1.0


def test_contains_answer_needs_every_answer_word():
    assert contains_answer("a charity race", "Melanie ran a charity race")
    assert not contains_answer("a charity race", "Melanie ran a race")


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
