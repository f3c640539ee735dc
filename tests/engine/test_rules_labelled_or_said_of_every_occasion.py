"""Rules in shapes the rules did not read, each kept as a constraint:

- a statement labelled a rule after it ("screens go off at eight, that's the rule in this house",
  "..., that's non-negotiable", "..., no exceptions"); not an offer ("three shirts for twenty quid,
  that's the deal"), nor a rule that was ("..., that's the rule my parents had");
- a demand on every occasion of a kind ("whenever we take Nana out it has to be step-free", "any time
  we hire a car it needs to be an automatic"); not one occasion told ("when we went to Oslo it had
  to be ...");
- "X is out for me/him/us" (an idiom of a limit, like "off limits"), also as someone's telling ("my
  dentist was clear that ... are out for me"); not "Mum's out for the afternoon" nor "... out for
  us to read";
- "I basically never ...", "we absolutely never ...": an intensifier between the subject and
  "never" or "always" keeps the rule (before, it was lost, or kept as a fact with the adverb
  misread as a verb: "basicallies")."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn


def _rules(found, word):
    return [t for k, t in found if k == "constraint" and word in t.lower()]


@pytest.mark.parametrize("text, word", [
    ("Screens go off at eight on school nights, that's the rule in this house.", "screens"),
    ("the trailer never leaves the yard without a second strap - that's the deal with my brother", "strap"),
    ("Nobody brings peanuts onto the ward, that's non-negotiable.", "peanuts"),
    ("Invoices over five hundred get a second signature, no exceptions.", "signature"),
    ("We tidy the studio before anyone goes home, those are the rules.", "tidy"),
])
def test_a_statement_labelled_a_rule_is_one(tmp_path, text, word):
    assert _rules(kept_of_one_turn(tmp_path, "Teodor", text), word)


@pytest.mark.parametrize("text, word", [
    ("Three shirts for £20, that's the deal.", "shirts"),
    ("No sweets before dinner, that's the rule my grandparents had.", "sweets"),
    ("He forgot the tickets again, that's the problem.", "tickets"),
])
def test_an_offer_a_past_rule_or_another_label_is_none(tmp_path, text, word):
    found = kept_of_one_turn(tmp_path, "Teodor", text)
    assert not any(k == "constraint" and word in t.lower() and "that's" not in t.lower()
                   and "had" not in t.lower() for k, t in found), found


@pytest.mark.parametrize("text, word", [
    ("Whenever we take Nana out for lunch it has to be step-free, she can't manage kerbs anymore.", "step-free"),
    ("any time we hire a car it needs to be an automatic, my licence only covers those", "automatic"),
    ("Every time my son stays over, the spare room has to have a night light.", "night light"),
    ("Each time we book a cabin it must have a wood stove.", "wood stove"),
])
def test_a_demand_on_every_occasion_is_a_rule(tmp_path, text, word):
    assert _rules(kept_of_one_turn(tmp_path, "Teodor", text), word)


@pytest.mark.parametrize("text, word", [
    ("When we went to Oslo it had to be the cheapest hostel going.", "hostel"),
    ("When I was little the kitchen had to be spotless before bed.", "spotless"),
    # one occasion to come, and a guess
    ("When we get to the hotel they have to give us a room with a view.", "view"),
    ("Every time I call the bank, they must be screening my calls.", "screening"),
])
def test_one_occasion_told_is_no_rule(tmp_path, text, word):
    assert not _rules(kept_of_one_turn(tmp_path, "Teodor", text), word)


@pytest.mark.parametrize("text, word", [
    ("Hot baths are out for me until the stitches come out.", "baths"),
    ("shellfish is totally out for him since the reaction in March", "shellfish"),
    ("My dentist was really clear that fizzy drinks are out for me now.", "fizzy"),
    ("Contact sports are out for us this season, doctor's orders.", "contact"),
])
def test_out_for_someone_is_a_limit(tmp_path, text, word):
    rules = _rules(kept_of_one_turn(tmp_path, "Teodor", text), word)
    assert rules and all("not allowed" in t for t in rules), rules


@pytest.mark.parametrize("text", [
    "Mum's out for the afternoon.",
    "The new draft is out for us to read.",
    "The results are out for everyone on Friday.",
])
def test_out_in_other_senses_is_no_limit(tmp_path, text):
    found = kept_of_one_turn(tmp_path, "Teodor", text)
    assert not any(k == "constraint" for k, _ in found), found
    assert not any("not allowed" in t for _, t in found), found


@pytest.mark.parametrize("text, word", [
    ("I basically never take the motorway when I'm towing.", "motorway"),
    ("we absolutely never leave the dog in the car", "dog"),
    ("I genuinely never schedule calls on a Friday afternoon.", "calls"),
])
def test_an_intensifier_before_never_keeps_the_rule(tmp_path, text, word):
    rules = _rules(kept_of_one_turn(tmp_path, "Teodor", text), word)
    assert rules and not any("basicallies" in t or "absolutelies" in t for t in rules), rules


@pytest.mark.parametrize("text, word", [
    ("Returns can only be processed at the till where they were bought.", "returns"),
    ("the twins can only have screen time after homework", "screen"),
    ("Contractors may only use the loading bay entrance.", "loading"),
    ("International parcels can only go out on Thursdays.", "parcels"),
])
def test_what_a_kind_of_thing_may_only_do_is_a_rule(tmp_path, text, word):
    """("X can only ...", "X may only ...": before, a fact or nothing.)"""
    assert _rules(kept_of_one_turn(tmp_path, "Teodor", text), word)


@pytest.mark.parametrize("text", [
    "It can only get better from here.",
    "Things can only improve after a week like that.",
    "We can only guess what the landlord wants.",
])
def test_a_hope_or_a_guess_with_only_is_no_rule(tmp_path, text):
    found = kept_of_one_turn(tmp_path, "Teodor", text)
    assert not any(k == "constraint" for k, _ in found), found


@pytest.mark.parametrize("text", [
    "Gran's out for Sunday lunch with the church group.",
    "The mock results are out for us on Friday.",
    "Every single café on the seafront was shut, no exceptions.",
    "Everyone on my dad's side has freckles, no exceptions.",
    "Whenever I ring my brother he has to mention his new car.",
    "The traffic this morning can only be described as chaos.",
    "The electrician can only come on Thursday.",
    "Prices can only rise from here.",
    "Phones off during dinner tonight, that's the rule.",
    "Kids eat free on Mondays, that's the deal.",
    "Never trust a skinny chef, that's the golden rule.",
])
def test_an_outing_news_a_description_or_a_complaint_is_no_rule(tmp_path, text):
    """(Found by a probe helper: each was read as a rule.)"""
    found = kept_of_one_turn(tmp_path, "Teodor", text)
    assert not any(k == "constraint" for k, _ in found), found
    assert not any("not allowed" in t for _, t in found), found
