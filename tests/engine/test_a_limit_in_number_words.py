"""A limit said with its number in words ("guests are limited to seven at a time", "screen time is
limited to an hour a day", "visitors are limited to nine a day") is a rule, as "limited to
two" and "capped at 25" were. Before, only one to six and ten were read. What one's experience or
knowledge is limited to ("a bit of Python", "a few words") is no rule."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("guests are limited to seven at a time", "seven"),
    ("screen time is limited to an hour a day", "an hour"),
    ("visitors are limited to nine a day", "nine"),
    ("phone time is restricted to an hour after dinner", "an hour"),
    ("nights out are capped at eight a month", "eight"),
])
def test_a_limit_in_number_words_is_a_rule(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Hamid", text)
    assert any(kind == "constraint" and word in t for kind, t in kept), kept


@pytest.mark.parametrize("text", [
    "my experience is limited to a bit of Python",
    "my knowledge of French is limited to a few words",
])
def test_what_one_knows_is_limited_to_is_no_rule(tmp_path, text):
    assert not any(kind == "constraint" for kind, _ in kept_of_one_turn(tmp_path, "Hamid", text))
