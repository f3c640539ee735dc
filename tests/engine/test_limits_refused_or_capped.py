"""A limit set by refusing to go past an amount, or by capping something at one, is a constraint,
even when the sentence names the period it holds for ("this year", "this month").

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
