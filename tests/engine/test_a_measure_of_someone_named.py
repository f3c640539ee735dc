"""A measure said anew of someone named ("Biscuit is down to 34.5 kg") updates the one given when
they were introduced by kind and name ("my labrador Biscuit is 38 kg"): the name is the subject of
one statement and a value of the other. Before, the two were read as two things (the name masked
in one only), and both stayed. Whose something is ("Ama's school bag is up to 6 kg") says what is
measured is theirs, not them; another unit is another measure."""
from __future__ import annotations

import pytest

from tests.engine.two_sessions import active_after


def after_two_sessions(tmp_path, first: str, later: str) -> list[str]:
    return active_after(tmp_path, "Efua", [first, later])


@pytest.mark.parametrize("first, later, old, new", [
    ("My labrador Biscuit is 38 kg.", "Good news, Biscuit is down to 34.5 kg.", "38", "34.5"),
    ("Our tortoise Shelby weighs 2.1 kg.", "Shelby is up to 2.4 kg after the winter.", "2.1", "2.4"),
    ("My daughter Ama is 98 cm tall.", "Ama is up to 104 cm now!", "98", "104"),
    ("My son Kofi weighs 24 kg.", "Kofi's up to 26 kg since the summer.", "24", "26"),
])
def test_the_named_ones_measure_is_updated(tmp_path, first, later, old, new):
    texts = after_two_sessions(tmp_path, first, later)
    assert any(new in t for t in texts), texts
    assert not any(old in t and new not in t for t in texts), texts


@pytest.mark.parametrize("first, later, old", [
    ("My daughter Ama weighs 18 kg.", "Ama's school bag is up to 6 kg, crazy.", "18"),
    ("My greyhound Flint is 31 kg.", "Flint's food bag is down to 5 kg.", "31"),
    ("My greyhound Flint is 31 kg.", "Flint's new bed is 90 cm long.", "31"),
])
def test_a_measure_of_something_of_theirs_leaves_theirs(tmp_path, first, later, old):
    texts = after_two_sessions(tmp_path, first, later)
    assert any(old in t for t in texts), texts
