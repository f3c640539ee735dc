"""A limit said in an idiom with a word of stress ("peanuts are absolutely off limits for me",
"caffeine is totally off-limits") or as what follows from a reason ("my knee is shot, so squats are
off limits for now", "I take methotrexate, so alcohol is completely off limits") is a constraint,
its negation said plainly in the record. The reason is a statement of its own when a rule reads
one in it ("I take methotrexate"), else it stays with the limit it explains. Before, the stressed
idiom was kept as nothing or as a plain fact, and a reason's rule (a medicine) took the whole
sentence as a fact."""
from __future__ import annotations

import re

import pytest

from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("Peanuts are absolutely off limits for me.", "Peanuts"),
    ("Caffeine is totally off-limits for me since the palpitations.", "Caffeine"),
    ("Screens at the dinner table are strictly a no-go in our house.", "Screens"),
    ("Red meat is completely off the table for me now.", "Red meat"),
    # typed in a hurry
    ("Gluten is absolutly off limits for me.", "Gluten"),
    ("Sugar is totaly off-limits for me now.", "Sugar"),
    ("Booze is definitly off the table for me.", "Booze"),
    ("Coffee is now off limits for me, doctor's orders.", "Coffee"),
])
def test_a_stressed_limit_idiom_is_a_constraint(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Ilse", text)
    assert any(k == "constraint" and word in t and ("not" in t or "out of" in t) for k, t in kept), kept


@pytest.mark.parametrize("text, word", [
    ("My knee is shot, so squats are off limits for now.", "squats"),
    ("We've got a newborn, so visitors after 8pm are a no-go.", "visitors"),
    ("I work nights, so calls before noon are off the table.", "calls"),
])
def test_a_limit_after_its_reason_is_a_constraint_with_the_reason(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Ilse", text)
    assert any(k == "constraint" and word in t and "not" in t and re.search(r"\bso\b", t) for k, t in kept), kept


@pytest.mark.parametrize("text, fact, word", [
    ("I take methotrexate, so alcohol is completely off limits.", "methotrexate", "alcohol"),
    ("I'm on metformin, so sugary drinks are off limits.", "metformin", "sugary"),
    ("I'm on warfarin, so grapefruit juice is strictly off limits.", "warfarin", "grapefruit"),
])
def test_a_reason_a_rule_reads_is_kept_beside_the_limit(tmp_path, text, fact, word):
    kept = kept_of_one_turn(tmp_path, "Ilse", text)
    assert any(k == "constraint" and word in t.lower() and "not allowed" in t and fact not in t for k, t in kept), kept
    assert any(k != "constraint" and fact in t and word not in t.lower() for k, t in kept), kept


@pytest.mark.parametrize("text, word", [
    ("That new bistro is completely off my radar.", "bistro"),
    ("The heat yesterday was totally off the charts.", "heat"),
    ("I'm shattered, so I'm off to bed.", "bed"),
    ("The old quarry is totally off the beaten track, so it's quiet.", "quarry"),
])
def test_no_limit_in_other_idioms(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Ilse", text)
    assert not any(k == "constraint" and word in t for k, t in kept), kept


@pytest.mark.parametrize("text, first, second", [
    ("Our car's towing limit is 1,500 kg though, so anything heavier is a non-starter.", "1,500", "heavier"),
    ("Our van's payload is 900 kg, so anything over that is out of the question.", "900", "over that"),
    ("My credit limit is £2,000, so anything over that is out of the question.", "2,000", "over that"),
])
def test_a_limit_that_leans_on_its_reason_stays_with_it(tmp_path, text, first, second):
    kept = kept_of_one_turn(tmp_path, "Ilse", text)
    assert any(k == "constraint" and first in t and second in t for k, t in kept), kept
    assert not any(second in t and first not in t for _, t in kept), kept


@pytest.mark.parametrize("text, word, reason", [
    ("I broke my wrist yesterday, so climbing is off limits for six weeks.", "climbing", "wrist"),
    ("I had a filling today, so hot drinks are off limits for a few hours.", "hot drinks", "filling"),
    ("I've got shingles, so the pool is off limits until the end of the month.", "pool", "shingles"),
])
def test_a_limit_for_a_while_stays_with_its_reason(tmp_path, text, word, reason):
    """A limit for a while is read as the sentence is, with the reason that dates it."""
    kept = kept_of_one_turn(tmp_path, "Ilse", text)
    assert any(word in t.lower() and reason in t for _, t in kept), kept
