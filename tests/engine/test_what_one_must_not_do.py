"""What the speaker "must not" do ("I must not drink grapefruit juice with these pills", "I mustn't use
the hot tub while I'm pregnant") is a rule they keep, as "must never" is: kept as a constraint. Before, these
were kept as a fact or not at all. A slip or a guess said that way is no rule ("I mustn't forget
my keys again", "I must not miss the train"), nor is one occasion ("I mustn't eat too much
tonight").

Two rules of the speaker's about different doings at one time ("must always call Mum on Sundays",
"must always water the plants on Sundays"; "can't drive at night", "shouldn't go running at night")
are two memories: before, the second took the first one's place, or was read as the first said
again, because they shared a time of day or "never". One rule said with another verb ("phone Mum
on Sundays" after "call Mum on Sundays") is still one memory."""
from __future__ import annotations

import pytest

from two_sessions import active_after, kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("I must not drink grapefruit juice with these pills.", "grapefruit"),
    ("I mustn't use the hot tub while I'm pregnant.", "hot tub"),
    ("I must not post photos of the kids online, it's a custody thing.", "photos"),
    ("we mustn't feed the dog grapes, the vet was very clear", "grapes"),
])
def test_what_one_must_not_do_is_a_rule(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Ilse", text)
    assert any(kind == "constraint" and word in t for kind, t in kept), kept


@pytest.mark.parametrize("text", [
    "I mustn't forget my keys again.",
    "I must not miss the train this time.",
    "I mustn't give up on it now.",
    "I must not be late for the dentist.",
    "I mustn't eat too much tonight.",
    "I mustn't have locked it properly.",
])
def test_a_slip_a_guess_or_one_occasion_is_no_rule(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Ilse", text)
    assert not any(kind == "constraint" for kind, _ in kept), kept


@pytest.mark.parametrize("first, second", [
    ("I must always call Mum on Sundays.", "I must always water the plants on Sundays."),
    ("I must never drive at night.", "I must never walk home alone at night."),
    ("I can't drive at night.", "I shouldn't go running at night."),
    ("We mustn't park on the verge at weekends.", "We mustn't mow the lawn at weekends."),
    # (found by a review: what a rule is done to is not the word that says how)
    ("I need to stay away from sugar.", "I need to stay away from alcohol."),
    ("I must never leave the kids alone at home.", "I must never walk home alone at night."),
])
def test_two_rules_at_one_time_are_two_memories(tmp_path, first, second):
    active = active_after(tmp_path, "Ilse", [first, second])
    assert len(active) == 2, active


@pytest.mark.parametrize("first, second", [
    ("I can't drive at night.", "I can't drive after dark, my eyes are bad."),
    ("I must always call Mum on Sundays.", "I must always phone Mum on Sundays."),
    ("I need to test my blood sugar every morning.", "I need to check my blood sugar every morning."),
    ("I go swimming on weekday mornings.", "I swim most weekday mornings before work."),
    ("I must always be home by 10 on weeknights.", "I must always be home by 11 on weeknights now."),
])
def test_one_rule_or_habit_said_again_or_changed_stays_one(tmp_path, first, second):
    active = active_after(tmp_path, "Ilse", [first, second])
    assert len(active) == 1, active


@pytest.mark.parametrize("text, word", [("You must not tell anyone about my diagnosis.", "diagnosis"),
                                        ("You mustn't tell anyone about my diagnosis.", "diagnosis"),
                                        ("you mustn't tell my mum about the tattoo", "tattoo"),
                                        ("You mustn't say my surname in any email.", "surname")])
def test_what_the_assistant_must_not_tell_is_a_rule(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Ilse", text)
    assert any(kind == "constraint" and word in t for kind, t in kept), kept
