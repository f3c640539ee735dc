"""A statement under a label that says it is a rule or a limit ("My rule: I don't lend money to
family", "Red line for me: I won't work Sundays", "Deal-breaker for us: the flat has to take
cats", "Rule on my jobs, whoever's up there: nobody goes up without a harness") is a constraint.
Before, a label before a first-person clause was dropped before the rule was looked for, and a
label of more than three words after "rule", or a limit named otherwise, was not read as one."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("My one rule: I never drive after a drink, not even one.", "drive"),
    ("Absolute limit for me: I can't be away from the kids more than two nights.", "two nights"),
    ("Red line on our side - we won't pay more than the asking price.", "asking price"),
    ("Dealbreaker for me: the job has to be remote at least three days a week.", "remote"),
    ("Rule in our kitchen, whoever's cooking: nothing with peanuts goes in the pan.", "peanuts"),
    ("Non-negotiables: I need a ground floor flat because of my knees.", "ground floor"),
    ("Boundary for me: I don't discuss my salary with anyone at work.", "salary"),
])
def test_a_labelled_rule_is_a_constraint(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Colm", text)
    assert any(kind == "constraint" and word in said for kind, said in kept), kept


@pytest.mark.parametrize("text", [
    "Side note: I love this recipe.",
    "Quick update - I finished the scarf last night.",
])
def test_another_label_is_no_rule(tmp_path, text):
    assert not any(kind == "constraint" for kind, _ in kept_of_one_turn(tmp_path, "Colm", text))
