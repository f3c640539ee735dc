"""A number said in words with a scale ("two thousand, three hundred and forty", "twelve hundred", "a
hundred and fifty") is one value, the one its digits say. Before, each word was a value of its own
("2k", "3", "40"), so the same sum said again in words read as a new value, and the record was
superseded as if it had changed. A year in words ("nineteen eighty-four") and "thirty thousand"
(30k) are read as before."""
from __future__ import annotations

import pytest

from engine.meaning import values
from two_sessions import active_after, holds


@pytest.mark.parametrize("text, value", [
    ("I'm claiming two thousand, three hundred and forty pounds from him", "2340"),
    ("rent is twelve hundred a month", "1200"),
    ("I paid a hundred and fifty quid for it", "150"),
    ("the video got five hundred thousand views", "500000"),
    ("two thousand and five hundred people came", "2500"),
    ("the car has done a hundred and twenty thousand miles", "120000"),
])
def test_a_number_in_words_is_one_value(text, value):
    assert values(text) == frozenset({value})


@pytest.mark.parametrize("text, found", [
    ("thirty thousand a year", {"30k"}),
    ("we have three kids and a hundred chickens", {"3", "100"}),
    # a range, a fraction, a scale alone, a name: no one number of them
    ("five, six hundred people came", {"5", "600"}),
    ("between five and six hundred", {"5", "600"}),
    ("it's one hundred, one hundred fifty max", {"100", "150"}),
    ("half a million", set()),
    ("I love thousand island dressing", set()),
    ("we sold it for 2 million", {"2"}),
    ("our budget is two and a half thousand", set()),
    ("the house is worth three quarters of a million", set()),
    ("we raised eighty thousand and a quarter of a million came from the council", {"80k"}),
])
def test_numbers_in_words_read_as_before(text, found):
    assert values(text) == frozenset(found)


@pytest.mark.parametrize("old, new, digits", [
    ("I still owe the dentist £1,450 for the implant.",
     "Just so you know, I still owe the dentist one thousand four hundred and fifty pounds.", "1,450"),
    ("The club has 350 members now.", "We're still at three hundred and fifty members at the club.", "350"),
    ("My car has done 120,000 miles.", "The car's done a hundred and twenty thousand miles, still going strong.",
     "120,000"),
])
def test_the_same_number_said_in_words_is_no_change(tmp_path, old, new, digits):
    texts = active_after(tmp_path, "Ada", [old, new])
    assert holds(texts, digits), texts


def test_another_number_said_in_words_is_a_change(tmp_path):
    texts = active_after(tmp_path, "Ada", ["Our rent is 1,200 euros a month.",
                                            "The landlord put the rent up to thirteen hundred and fifty euros a month."])
    assert not holds(texts, "1,200"), texts
    assert holds(texts, "thirteen hundred"), texts


def test_a_long_run_of_scale_words_is_no_number():
    assert values("hundred " * 2200) == frozenset()
