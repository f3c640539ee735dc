"""An amount then called the limit ("the kitchen budget is 6,500 and that's the ceiling", "1,100 a
month, which is our absolute max") or no more than it allowed ("I can't go one euro over it", "not
a penny more") is a constraint. A most said of what happened ("which is the most we've ever
spent", "that's my max so far") is not."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("The kitchen refit budget is 6,500 and that's the ceiling.", "6,500"),
    ("Rent-wise we can do 1,100 a month, which is our absolute max.", "1,100"),
    ("Gift budget for the in-laws is 80 euros, I can't go one euro over it.", "80"),
    ("We've set 40 quid each for secret santa, not a penny more.", "40"),
    ("Screen time for the twins is 90 minutes a day - that's the cap.", "90 minutes"),
])
def test_an_amount_called_the_limit_is_a_constraint(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Bongani", text)
    assert any(kind == "constraint" and word in said for kind, said in kept), kept


@pytest.mark.parametrize("text", [
    "We spent 300 on the trip last month, which is the most we've ever spent.",
    "Ran 15k on Sunday, that's my max so far.",
])
def test_a_most_that_happened_is_no_constraint(tmp_path, text):
    assert not any(kind == "constraint" for kind, _ in kept_of_one_turn(tmp_path, "Bongani", text))
