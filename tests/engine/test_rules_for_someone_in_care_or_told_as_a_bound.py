"""Two more forms of rule. What someone in the speaker's care may eat or have, said to hold from now
on ("he can only eat the prescription renal food from now on", "they can't have any fizzy drinks
any more"), which before was dropped or kept as a fact because it says no "I". And a limit told as
a thing and its bound, with no verb ("heart rate at most 150 for the next 6 months", "screen time
under 2 hours on weekdays", "pocket money max 5 a week each"). Not what someone cannot manage once
("he can't eat another bite"), an age ("my son is under 12"), or a bound that goes on with a verb
("kids under 12 go free")."""
from __future__ import annotations

import pytest

from engine.extractor import states_a_rule
from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("he can only eat the prescription renal food from now on, nothing else, not even treats", "renal"),
    ("she can't have any dairy from now on, the paediatrician said", "dairy"),
    ("they can't have any fizzy drinks any more, dentist's orders", "fizzy"),
    ("cardiologist cleared me to ride again!! heart rate at most 150 for the next 6 months, she was v clear", "150"),
    ("new phone rules for the kids. screen time under 2 hours on weekdays", "2 hours"),
    ("sorting the kids allowance. pocket money max 5 a week each", "max 5"),
    ("new training plan. long runs at most 18 km until the taper", "18 km"),
])
def test_the_rule_is_kept_as_one(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Robin", text)
    assert any(kind == "constraint" and word in t for kind, t in kept), kept


@pytest.mark.parametrize("text", [
    "he can't eat another bite",
    "I can only eat half of this pizza",
    "my son is under 12",
    "I got there in under 20 minutes",
])
def test_no_rule(tmp_path, text):
    assert not states_a_rule(text)
    assert not any(kind == "constraint" for kind, _ in kept_of_one_turn(tmp_path, "Robin", text))


@pytest.mark.parametrize("text", ["kids under 12 go free", "the shop can't take cards at all"])
def test_not_in_a_rules_form(text):
    # (the classifier may still read either as a rule, as it did before)
    assert not states_a_rule(text)
