"""A limit set by refusing to go past an amount, or by capping something at one, is a constraint,
even when the sentence names the period it holds for ("this year", "this month").

So is a limit said with any comparative ("can't lift anything heavier than 5 kg", "can't read
anything smaller than 18 pt", also inside a request to the assistant), as "no X longer than N"
("no sessions longer than 45 minutes"), or as a threshold that is the only one allowed ("only lets
in swimmers 16 or older").

A past amount ("didn't spend more than ...", "paid over ... last year") is no rule.
"""
from __future__ import annotations

import pytest

from tests.conftest import engine_after


def _kinds(tmp_path, said: str) -> list[tuple[str, str]]:
    with engine_after(tmp_path, [said], "Renske", "2026-03-09", 1) as eng:
        return [(r.kind, r.text) for r in eng.records("t", "u")]


@pytest.mark.parametrize("said, amount", [
    ("We're not going over 1,200 for the sofa this year, whatever the salesman says.", "1,200"),
    ("I won't borrow more than 10k for the car.", "10k"),
    ("This month I'm capping my coffee spend at 20 a week.", "20"),
    ("I don't give more than 25 for a birthday present.", "25"),
])
def test_a_refused_or_capped_amount_is_a_constraint(tmp_path, said, amount):
    found = _kinds(tmp_path, said)
    assert any(kind == "constraint" and amount in text for kind, text in found), found


@pytest.mark.parametrize("said, amount", [
    ("I didn't spend more than 40 on the flowers in the end.", "40"),
    ("Last year we paid over 900 for the insurance.", "900"),
    ("The drive is not taking more than 20 minutes with the new bypass.", "20"),
])
def test_an_amount_that_was_or_a_duration_is_no_rule(tmp_path, said, amount):
    found = _kinds(tmp_path, said)
    assert not any(kind == "constraint" and amount in text for kind, text in found), found


@pytest.mark.parametrize("said, amount", [
    ("I can't lift anything heavier than 5 kg since the operation.", "5 kg"),
    ("Since my eyesight went I can't read anything smaller than 16 point, can you keep the slides at that?", "16"),
    ("No sessions longer than 45 minutes for me, my back seizes up.", "45"),
    ("No more than two coffees a day for me, doctor's advice.", "two"),
    ("The pool only lets in swimmers 16 or older without an adult.", "16"),
    ("Our insurance only covers drivers aged 25 or over.", "25"),
])
def test_a_comparative_or_threshold_limit_is_a_constraint(tmp_path, said, amount):
    found = _kinds(tmp_path, said)
    assert any(kind == "constraint" and amount in text for kind, text in found), found


def test_an_amount_there_was_no_more_than_is_no_rule(tmp_path):
    found = _kinds(tmp_path, "We had no more than 40 people at the launch last year.")
    assert not any(kind == "constraint" for kind, _ in found), found
