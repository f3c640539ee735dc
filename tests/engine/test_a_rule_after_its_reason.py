"""A rule asked after its reason ("my knee's still healing, so never suggest anything with
jumping", "we're on a tight budget this year, so don't suggest anything over £50") is a constraint
that keeps its reason; and what a thing can do at most ("our old van maxes out at 60 mph on
hills", "our office wifi tops out at about 20 Mbps") is a limit; a height or heat described ("the
hike tops out at 3000 metres") is none. Before, the rule after "so" was
read with its reason as a fact or an episode of the year, and "tops out at" was no limit."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, words", [
    ("My knee's still healing, so never suggest anything with jumping.", ("jumping", "knee")),
    ("We're on a tight budget this year, so don't suggest anything over £50.", ("£50", "budget")),
    ("Our printer only takes A4, so please don't ever send me A3 layouts.", ("A3", "printer")),
    ("The hob is induction, so please never suggest a moka pot.", ("moka", "induction")),
])
def test_a_rule_after_so_is_a_constraint_with_its_reason(tmp_path, text, words):
    kept = kept_of_one_turn(tmp_path, "Ottilie", text)
    assert any(k == "constraint" and all(w in t for w in words) for k, t in kept), kept


@pytest.mark.parametrize("text, word", [
    ("Our old van maxes out at 60 mph on hills.", "60 mph"),
    ("Our office wifi tops out at about 20 Mbps.", "20 Mbps"),
    ("My little kiln tops out at cone 5, for what it's worth.", "cone 5"),
])
def test_what_a_thing_can_do_at_most_is_a_limit(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Ottilie", text)
    assert any(k == "constraint" and word in t for k, t in kept), kept


@pytest.mark.parametrize("text", [
    "Prices topped out at $40 last year.",
    "He tops out at the top of the climb every time.",
    "I was tired, so I never finished the book.",
    "The hike we did on Saturday tops out at 3000 metres.",
    "We moved to Leeds in 2020, and don't regret it at all.",
])
def test_no_limit_is_read_in_these(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Ottilie", text)
    assert not any(k == "constraint" for k, _ in kept), kept
