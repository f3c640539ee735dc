"""A sentence that joins two statements, each with a subject of its own ("I never take the night
bus, but my partner drives a taxi in Glasgow"), is read as the two sentences would be: the rules
read the first, and the second is kept too. Before, a statement joined to one the rules read was
lost, and a rule joined to another statement was kept as a fact. What the rules read whole (a rule
with its reason) stays one record."""
from __future__ import annotations

import pytest

from engine.summarizer import own_clauses
from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, rule, other", [
    ("I never take the night bus, but my partner drives a taxi in Glasgow", "night bus", "taxi"),
    ("I avoid flying with budget airlines; my sister lives in Lisbon with her two kids", "airlines", "Lisbon"),
    ("I'm allergic to latex, and my brother coaches the under-elevens at Rovers", "latex", "under-elevens"),
    ("I don't drink spirits, but my dad distils gin in his shed in Kendal", "spirits", "gin"),
])
def test_both_statements_of_one_sentence_are_kept(tmp_path, text, rule, other):
    kept = kept_of_one_turn(tmp_path, "Odile", text)
    assert any(rule in t and other not in t for _, t in kept), kept
    assert any(other in t and rule not in t for _, t in kept), kept


@pytest.mark.parametrize("text, word", [
    ("I must be in bed by ten on work nights, and my alarm goes at five", "ten"),
    ("I never lend my car to anyone, and I mean anyone", "lend"),
])
def test_what_the_rules_read_whole_stays_one_record(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Odile", text)
    assert len([t for _, t in kept if word in t]) == 1, kept


@pytest.mark.parametrize("text", [
    "If we get the mortgage, we'll move to Bath, and my wife will quit her job.",
    "I met Sam at uni, and my wife calls him Sammy.",
    "My sibling Jo is at college in Derby, and I pay their rent every month.",
])
def test_a_condition_or_a_clause_that_points_back_stays_whole(text):
    assert own_clauses(text) == [text]
