"""A rule under its label said without a colon or a dash, as dictated text runs on ("house rule no
shoes upstairs", "rule for the dog no feeding from the table"), is a rule kept as a constraint, as
"house rule: no shoes upstairs" is. Before, such a sentence was a fact, or nothing. Not "the rule
no one talks about", nor a rule that has no sense or no use."""
from __future__ import annotations

import pytest

from tests.engine.two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("house rule no shoes upstairs", "shoes"),
    ("our rule no phones at dinner", "phones"),
    ("rule for the dog no feeding from the table", "feeding"),
    ("rule in our house nothing on the stairs", "stairs"),
    ("ok family rule zero screens before school", "screens"),
])
def test_the_rule_is_a_constraint(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Robin", text)
    assert any(kind == "constraint" and word in t for kind, t in kept), kept
    assert not any(kind != "constraint" and word in t for kind, t in kept), kept


@pytest.mark.parametrize("text", [
    "I broke the rule no one talks about at work",
    "that rule no doubt annoyed everyone",
    # a rule told of, not one kept
    "my rule no alcohol on weekdays fell apart last week",
    "the rule no tipping surprised me in japan",
    "rule no 1 of fight club",
])
def test_no_rule_is_kept(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Robin", text)
    assert not any(kind == "constraint" for kind, _ in kept), kept
