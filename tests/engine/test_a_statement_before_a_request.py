"""What a sentence tells before the request it ends with is kept, without the request: "the spare
fuses are in the blue tin under the stairs, can u remind Tom" keeps where the fuses are, and "I'm
lactose intolerant, can you swap the cream for yoghurt" keeps the rule alone. Before, the
request's "you" made a sentence without a word of the speaker's read as said to the listener
(nothing kept), and a rule or a fact kept the request in its text. A request after a comment, a
supposition or a word alone keeps nothing; a request that is itself a rule or bounded ("please
don't call before noon", "please always ...") is read with the sentence; before a question mark
the request may make what comes before it its background (test_goals_and_plain_facts)."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("The spare fuses are in the blue tin under the stairs, can u remind Tom when he comes", "fuses"),
    ("Our wifi router is in the hall cupboard, please tell the babysitter", "router"),
    ("the bins go out every Tuesday night, could you let the lodger know", "bins"),
])
def test_the_statement_before_a_request_is_kept(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Odile", text)
    assert any(word in t for _, t in kept), kept
    assert not any(w in t.lower().split() for _, t in kept for w in ("tell", "remind", "let", "please", "you")), kept


@pytest.mark.parametrize("text, word", [
    ("I'm lactose intolerant, can you swap the cream for yoghurt", "lactose"),
    ("im diabetic, could u rewrite this dessert without sugar", "diabetic"),
    ("My car is a 2019 Skoda Octavia, please tell me which oil it takes", "Octavia"),
])
def test_what_is_told_is_kept_without_the_request(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Odile", text)
    assert any(word in t for _, t in kept), kept
    assert not any(w in t.lower().split() for _, t in kept for w in ("rewrite", "swap", "please", "you")), kept


@pytest.mark.parametrize("text", [
    "that's so cool, can you send me a picture",
    "if we end up going, could you find a hotel near the station",
    "ok, can you book it",
    "ugh this is taking forever, can you speed it up",
    "argh the printer is jammed again, could you tell me how to fix it",
])
def test_a_request_after_a_comment_or_a_supposition_keeps_nothing(tmp_path, text):
    assert kept_of_one_turn(tmp_path, "Odile", text) == []


@pytest.mark.parametrize("text, word", [
    # what follows the request is read with the sentence
    ("I'm vegan, please suggest a dinner, my husband is allergic to nuts", "allergic"),
    # an exclamation, and a request to keep what it says, are no task asked
    ("We adopted a puppy, can you believe it, her name is Mochi", "Mochi"),
    ("I'm moving to Berlin in May, please remember my new address is Torstrasse 5", "Torstrasse"),
])
def test_what_the_request_holds_or_what_follows_it_is_kept(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Odile", text)
    assert any(word in t for _, t in kept), kept


@pytest.mark.parametrize("text", [
    "The sign on our gate says, please close it behind you",
    "Sam keeps asking me, can you lend me 50 quid",
])
def test_what_someone_says_is_not_cut_before_it(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Odile", text)
    assert not any(t.rstrip(". ").endswith(("says", "asking Odile")) for _, t in kept), kept
