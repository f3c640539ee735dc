"""A limit said with "has to" / "needs to" and a verb of staying ("his screen time has to stay under two
hours a day", "our trailer loads have to stay at 750 kg or less", "grandad's salt needs to stay at 5
grams a day or less"): a rule, kept as a constraint, for the speaker or someone of theirs. Before,
only "can't", "must", "should" ... with "be", "cost", "weigh" ... were read so, and an amount
followed by "or lower" / "or less" was no limit: these were facts or nothing. Not a rule: a limit
kept once in the past ("I had to stay at 30 cm or lower last year"), a question."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("His screen time has to stay under two hours a day from now on.", "two hours"),
    ("Our trailer loads have to stay at 750 kg or less.", "750"),
    ("Grandad's salt needs to stay at 5 grams a day or less, doctor's orders.", "5 grams"),
    ("The puppy's walks have to stay at 20 minutes or shorter until she's six months.", "20 minutes"),
    ("Rufus's treats have to stay at three a day or fewer.", "three a day"),
    ("My son's gaming has to stay at an hour or less on school nights.", "an hour"),
])
def test_a_limit_with_have_to_is_a_constraint(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Keziah", text)
    assert any(kind == "constraint" and word in t for kind, t in kept), kept


@pytest.mark.parametrize("text", [
    "I had to stay at 30 cm or lower on the jumps last year.",
    "Do you have to be 18 or over to enter?",
    # what a thing can do, a course of things, a stay: no limit set
    "my son can go over a week without showering lol",
    "delivery can take up to a week apparently",
    "the lasagna can keep up to a month in the freezer",
    "my mum needs to have at least two more rounds of chemo",
    "my flatmate has to stay over a month in Spain for work",
    "does my essay need to be at least 2000 words",
])
def test_a_limit_of_the_past_or_asked_is_no_rule(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Keziah", text)
    assert not any(kind == "constraint" for kind, _ in kept), kept
