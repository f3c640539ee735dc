"""What the speaker "can never" eat, drink, touch or have ("I can never eat shellfish, my throat
closes up") is a rule of theirs, as "can't ever" is: kept as a constraint. Before, only the rules
that read "never" after the speaker ("I never eat shellfish") or "can't" took it, and these
sentences were kept as a fact or not at all. What one can never manage ("remember where I parked",
"find my keys") is no rule, nor is a can that is a thing; nor what someone else can never manage
("my husband can never find his keys", which was kept as a constraint)."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("I can never eat shellfish, my throat closes up.", "shellfish"),
    ("We can never have sesame in the kitchen because of Lila.", "sesame"),
    ("I can never touch alcohol on these tablets.", "alcohol"),
    ("I really can never drink milk, it gives me cramps.", "milk"),
])
def test_what_one_can_never_have_is_a_rule(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Ilse", text)
    assert any(kind == "constraint" and word in t for kind, t in kept), kept


@pytest.mark.parametrize("text", [
    "I can never remember where I parked.",
    "I can never find my keys in the morning.",
    "The old watering can never held much water.",
    "I can never thank you enough.",
    "My husband can never find his keys.",
    "My boss can never make up his mind about anything.",
    "My kids can never get enough of that cartoon.",
])
def test_what_one_can_never_manage_is_no_rule(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Ilse", text)
    assert not any(kind == "constraint" for kind, _ in kept), kept


@pytest.mark.parametrize("text", [
    "I can never eat just one cookie",
    "I can never have just one drink",
    "I can never eat a whole pizza",
])
def test_an_amount_one_never_manages_is_no_rule(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Ilse", text)
    assert not any(kind == "constraint" for kind, _ in kept), kept


@pytest.mark.parametrize("text", [
    "The kids can always get a snack from the pantry.",
    "The dog can never sit on the sofa.",
    "The baby can never sleep in our bed.",
])
def test_what_a_rule_keeps_someone_from_or_allows_stays_a_rule(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Ilse", text)
    assert any(kind == "constraint" for kind, _ in kept), kept
