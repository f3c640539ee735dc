"""A name with "'s" for "is" or "has" ("Pepper's down to 28 kg", "Marigold's up to 7 knots") says
the same as "Pepper is down to 28 kg": the name is the subject, not whose something is. Before, it
was read as a possessive ("Pepper's ..." as something of Pepper's), so a new measure of an animal or
a thing introduced by kind and name did not update the old one. A possessive ("Pepper's lead",
"Pepper's food bag is down to 2 kg") is still someone's thing."""
from __future__ import annotations

import pytest

from engine.meaning import holder
from tests.engine.two_sessions import active_after


@pytest.mark.parametrize("first, later, old, new", [
    ("My greyhound Pepper is 31 kg.", "Pepper's down to 28 kg after the op.", "31", "28"),
    ("Our narrowboat Marigold does 4 mph.", "Marigold's up to 5 mph with the new prop.", "4 mph", "5 mph"),
    ("Our caravan Dotty weighs 1,400 kg.", "Dotty's up to 1,550 kg with the awning and bikes on.", "1,400", "1,550"),
])
def test_a_new_measure_with_s_for_is_updates_the_old(tmp_path, first, later, old, new):
    texts = active_after(tmp_path, "Efua", [first, later])
    assert any(new in t for t in texts), texts
    assert not any(old in t and new not in t for t in texts), texts


@pytest.mark.parametrize("first, later, old", [
    ("My greyhound Pepper is 31 kg.", "Pepper's food bag is down to 2 kg.", "31"),
    ("Our narrowboat Marigold does 4 mph.", "Marigold's water tank is down to 40 litres.", "4 mph"),
])
def test_a_possessive_still_names_their_thing(tmp_path, first, later, old):
    texts = active_after(tmp_path, "Efua", [first, later])
    assert any(old in t for t in texts), texts


@pytest.mark.parametrize("text, held", [
    ("Pepper's down to 28 kg", frozenset()),
    ("Pepper's now 29 kg", frozenset()),
    ("Pepper's lead is red", frozenset({"pepper"})),
    ("Tomas's sister lives in Porto", frozenset({"tomas's sister"})),
])
def test_whose_a_statement_is(text, held):
    assert holder(text, "Efua") == held
