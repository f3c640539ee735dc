"""A standing limit said in other idioms ("shellfish is off the cards for me", "anything with gluten
is off the menu for me", "alcohol's a total non-starter for me", "pork is a no-no") is a
constraint, as "off the table" is; a diet said as who the speaker is ("Coeliac here, so ...",
"lactose intolerant here lol") is the diet rule. The same idiom for a period ("the beach is off
the cards this weekend", "pizza is off the menu tonight") is an instruction that ends with it."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn, records_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("Mushrooms are off the cards for me, can't stand the texture.", "mushroom"),
    ("Anything with coriander is off the menu for me.", "coriander"),
    ("Red meat's a total non-starter for me these days.", "red meat"),
    ("Late-night calls are a no-no for me, I'm up at 5.", "late-night"),
])
def test_an_idiom_of_a_limit_is_a_constraint(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Wren", text)
    assert any(kind == "constraint" and word in t.lower() for kind, t in kept), kept


@pytest.mark.parametrize("text, diet", [
    ("Vegetarian here, so nothing with gelatine please.", "vegetarian"),
    ("Coeliac here btw, in case it matters for the recipes.", "coeliac"),
    ("pescatarian here lol", "pescatarian"),
])
def test_a_diet_said_as_who_the_speaker_is(tmp_path, text, diet):
    kept = kept_of_one_turn(tmp_path, "Wren", text)
    assert any(kind == "constraint" and diet in t.lower() for kind, t in kept), kept


@pytest.mark.parametrize("text, word", [
    ("The park is off the cards this weekend, the forecast is awful.", "park"),
    ("Takeaway is off the menu tonight, we're skint.", "takeaway"),
    ("Cake is a hard no for me this week, I'm doing a sugar detox.", "cake"),
])
def test_an_idiom_for_a_period_ends_with_it(tmp_path, text, word):
    held = [r for r in records_of_one_turn(tmp_path, "Wren", text) if word in (r.text or "").lower()]
    assert held and all(r.kind != "constraint" for r in held), [(r.kind, r.text) for r in held]
    assert any(r.kind == "temporary_instruction" and r.expires_at is not None for r in held), held


@pytest.mark.parametrize("text", [
    "Here's the plan for dinner.",
    "Vegan options here are terrible.",
    "My sister's vegan, here's what she eats.",
])
def test_here_without_a_diet_of_the_speaker(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Wren", text)
    assert not any(kind == "constraint" for kind, _ in kept), kept
