"""A standing rule asked as care to take ("could you make sure my shift swaps never land on a Friday?",
"make sure the alarms never go off before 7am"), or as a limit on whatever the assistant makes
("when you write me workouts, 30 minutes tops", "whenever you suggest recipes, no more than five
ingredients"): a constraint. Before, asked as a question it kept nothing, said as an order it was a
fact or nothing, and a limit with no verb was not read. Not a rule: care for one thing ("make sure
the booking is for 7"), for a while ("... before 10 tonight"), pointing back ("make sure it never
happens again"), a limit in a story ("when you came round, two hours max we said")."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("Could you make sure my shift swaps never land on a Friday? That's my son's night.", "Friday"),
    ("Can you make sure you always copy my co-founder on investor emails?", "co-founder"),
    ("Please make sure the packing lists never include anything with latex.", "latex"),
    ("Make sure the alarms never go off before 7am.", "7am"),
    ("when you write me workouts, 30 minutes tops.", "30 minutes"),
    ("Whenever you suggest recipes, no more than five ingredients.", "five ingredients"),
    ("when you send me summaries, two short paragraphs at most", "two short paragraphs"),
    ("ok so when you draft anything for my tutor, 200 words max. she hates long emails", "200 words"),
    ("could u make sure you always reply in spanish", "spanish"),
    ("when you plan my trips, no flights before 10am", "10am"),
    ("whenever you pick restaurants for us nothing over 30 quid a head", "30 quid"),
])
def test_a_rule_asked_as_care_or_a_limit_on_what_is_made_is_a_constraint(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Kai", text)
    assert any(kind == "constraint" and word in t for kind, t in kept), kept


@pytest.mark.parametrize("text", [
    "Could you make sure the booking is for 7?",
    "can you make sure you never schedule me before 9 tomorrow?",
    "make sure it never happens again",
    "make sure that never happens again lol",
    "when you get a chance, no worries about the rest",
    "could you make sure you only book the 7pm one",
    "can you make sure you never do that again lol",
    "if you find a minute, no pressure at all",
    "when you find out, no spoilers in the group chat",
    "when you pick me up, no music in the car please",
    "When you came round, two hours max we said.",
    "when you get a chance, two coffees at most for me",
])
def test_care_for_one_thing_or_a_while_is_no_rule(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Kai", text)
    assert not any(kind == "constraint" for kind, _ in kept), kept
