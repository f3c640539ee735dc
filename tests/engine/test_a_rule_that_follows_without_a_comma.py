"""A rule said as what follows from a statement, without the comma that speech and chat leave out
("I take metformin so I must avoid alcohol"): two statements, the reason and the rule, as with the
comma ("..., so I must avoid alcohol"); the medicine's fact took the rule into its words and no rule
was kept. A purpose ("so I could catch the bus") or one occasion ("so I can't come tonight") is no
rule."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("speaker,text,reason,rule", [
    ("Maren", "I take metformin so I must avoid alcohol", "metformin", "alcohol"),
    ("Ilya", "I'm on sertraline so I must never take St John's wort", "sertraline", "wort"),
    ("Tamsin", "I'm on methotrexate so I must never drink alcohol", "methotrexate", "alcohol"),
    # (found by a review helper)
    ("Maren", "I'm on clozapine and so I must avoid caffeine", "clozapine", "caffeine"),
    ("Ilya", "I'm on warfarin so I'm not allowed to take ibuprofen", "warfarin", "ibuprofen"),
])
def test_a_rule_that_follows_from_a_statement_without_a_comma_is_a_rule(tmp_path, speaker, text, reason, rule):
    kept = kept_of_one_turn(tmp_path, speaker, text)
    assert any(kind == "constraint" and rule in said and reason not in said for kind, said in kept), kept
    assert any(reason in said for _, said in kept), kept
    assert not any(said.rstrip(" .").endswith(" and") for _, said in kept), kept


@pytest.mark.parametrize("speaker,text", [
    ("Maren", "I left early so I could catch the bus"),
    ("Ilya", "I've got a cold so I can't come tonight"),
    ("Tamsin", "I'm on call this weekend so I have to stay near the hospital"),
])
def test_a_purpose_or_one_occasion_is_no_rule(tmp_path, speaker, text):
    kept = kept_of_one_turn(tmp_path, speaker, text)
    assert not any(kind == "constraint" for kind, _ in kept), kept


@pytest.mark.parametrize("speaker,text,word", [
    ("Maren", "I'm allergic to penicillin so I should never be given amoxicillin", "amoxicillin"),
    ("Ilya", "I take levothyroxine so I must wait an hour before coffee", "coffee"),
    ("Tamsin", "I'm flying to Oslo tomorrow so I must pack tonight", "pack"),
])
def test_what_follows_stays_in_the_sentence_where_no_rule_reads_it_apart(tmp_path, speaker, text, word):
    kept = kept_of_one_turn(tmp_path, speaker, text)
    assert any(word in said for _, said in kept), kept
