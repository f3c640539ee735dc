"""A hard ceiling on a sum ("600 dollars toward the laptop, not a penny more", "£2,000 for the
holiday, absolute max", "our renovation budget is 40,000 euros and that's a hard cap") is a
budget constraint, in a slot of what it is for; and a rule said of someone in the speaker's care
("Dad is not to lift anything heavier than a kettle", "the twins are never to swim without an
adult") is a constraint. Before, the first were kept as plain facts or not at all, the second not at
all. A sum with no ceiling, "the point is not to win", "he's not to blame", "not to be missed" are
no rules."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn, records_of_one_turn


@pytest.mark.parametrize("speaker, text, word, slot_end", [
    ("Ilse", "Our renovation budget is 40,000 euros and that's a hard cap.", "40,000", "renovation"),
    ("Ilse", "We've got £2,000 for the holiday, absolute max.", "2,000", "holiday"),
    ("Ilse", "I can put 600 dollars toward the laptop, not a penny more.", "600", "laptop"),
    ("Ilse", "Hard limit of $250 on the birthday present, please.", "250", "present"),
])
def test_a_hard_ceiling_on_a_sum_is_a_budget(tmp_path, speaker, text, word, slot_end):
    kept = [(r.kind, r.slot, r.text) for r in records_of_one_turn(tmp_path, speaker, text)]
    assert any(k == "constraint" and s == f"constraint:budget:{slot_end}" and word in t for k, s, t in kept), kept


@pytest.mark.parametrize("text, word", [
    ("The physio was clear that Dad is not to lift anything heavier than a kettle.", "kettle"),
    ("Grandma's not to be left on her own overnight, doctor's orders.", "overnight"),
    ("The twins are never to swim without an adult watching.", "swim"),
    ("Our landlord says the dog's not to go upstairs.", "upstairs"),
])
def test_a_rule_said_of_someone_in_care_is_a_constraint(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Ilse", text)
    assert any(k == "constraint" and word in t for k, t in kept), kept


@pytest.mark.parametrize("text, word", [
    ("We raised $3,000 at the bake sale, no more than last year.", "3,000"),
    ("I paid 80 quid for a haircut, which is the most I've ever spent.", "80"),
    ("The point is not to win, it's to have fun at the club night.", "win"),
    ("Honestly my brother's not to blame for the delay with the van.", "blame"),
    ("The new exhibition at the Tate is not to be missed.", "missed"),
])
def test_no_ceiling_and_no_rule(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Ilse", text)
    assert not any(k == "constraint" and word in t for k, t in kept), kept


@pytest.mark.parametrize("text, word, slot_end", [
    ("Fair warning, eighty bucks a month is my ceiling for brewing gear.", "eighty", "gear"),
    ("Two hundred quid is our limit for the birthday party, no exceptions.", "Two hundred", "party"),
    ("$50 a week is my max on coffee, seriously.", "50", "coffee"),
    ("Thirty quid is the limit on secret santa presents at work.", "Thirty", "santa"),
])
def test_a_sum_said_to_be_the_limit_is_a_budget(tmp_path, text, word, slot_end):
    kept = [(r.kind, r.slot, r.text) for r in records_of_one_turn(tmp_path, "Kev", text)]
    assert any(k == "constraint" and s == f"constraint:budget:{slot_end}" and word in t for k, s, t in kept), kept


def test_a_sum_paid_once_is_no_limit(tmp_path):
    kept = kept_of_one_turn(tmp_path, "Kev", "Forty bucks was the most I paid for a concert ticket, at the Apollo.")
    assert not any(k == "constraint" for k, _ in kept), kept


@pytest.mark.parametrize("text, word", [
    ("Pepper, our spaniel, is not to have chocolate, the vet was very clear.", "chocolate"),
    ("gran's not to climb ladders any more after the fall", "ladders"),
    ("Twelve grand is the most we can borrow for the van.", "Twelve grand"),
    ("£300 is the most I can spend on the sofa.", "300"),
])
def test_a_rule_of_a_pet_or_a_nan_and_the_most_one_can_spend(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Ilse", text)
    assert any(k == "constraint" and word in t for k, t in kept), kept


def test_the_secret_of_a_thing_is_no_rule(tmp_path):
    kept = kept_of_one_turn(tmp_path, "Ilse", "The secret with sourdough is not to rush the proving.")
    assert not any(k == "constraint" for k, _ in kept), kept
