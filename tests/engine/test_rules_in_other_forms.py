"""Rules and limits said in forms the earlier readings missed, each a constraint:

- a limit named with what it is for ("the ceiling on our wedding budget is 12,000 euros", "my cap
  for takeaways is £40 a week"), in yen or rupees too, or bounded by "not a cent above";
- a rule under a label of what cannot move ("the one thing I won't bend on: ...");
- a rule someone gave, said after the telling ("the surgeon was adamant: no running on the new
  hip, ever"): the day it was told ("told me today", "saw the surgeon today") dates the telling and
  limits nothing, and ", ever" says it holds for good.
"""
from __future__ import annotations

import pytest

from engine.extractor import states_a_rule
from tests.engine.two_sessions import kept_of_one_turn


@pytest.mark.parametrize("said", [
    "The cap for the Tokyo trip is ¥40,000 a day, including food.",
    "The ceiling on our wedding budget is 12,000 euros.",
    "My cap for takeaways is £40 a week.",
    "Spend what you like on the suit up to 300 quid, not a cent above.",
    "The one thing I won't bend on: the dog sleeps downstairs.",
    "Only thing that can't change - Sunday is family day.",
    "One thing we never compromise on: homework before telly.",
    "Saw the orthopaedic surgeon today and he was adamant: no running on the new hip, ever.",
    "The vet was very firm about it - only the prescription food for her.",
    "My GP told me this morning: no alcohol with these antibiotics.",
    "max i'll spend on coffee is €15 a week",
    "the one thing i refuse to compromise on - the kids are in bed by 8",
])
def test_a_rule_in_another_form_is_a_constraint(tmp_path, said):
    kinds = [k for k, _ in kept_of_one_turn(tmp_path, "Leila", said)]
    assert kinds == ["constraint"], kinds


@pytest.mark.parametrize("said,kind", [
    ("The ceiling in the kitchen is 2.4 metres high.", "fact"),
    ("The one thing I can't stop thinking about is that trip to Crete.", "fact"),
    ("My sister said today she might visit next week.", "episode"),
    ("Remind me today to ring the dentist.", "temporary_instruction"),
    ("Just for today, never use emoji in your answers.", "temporary_instruction"),
])
def test_what_only_looks_like_one_is_not(tmp_path, said, kind):
    assert [k for k, _ in kept_of_one_turn(tmp_path, "Leila", said)] == [kind]


@pytest.mark.parametrize("said", [
    "He told me: no idea where the keys went.",
    "She said: no worries, it can wait.",
    "My ex said he'd pay me back for the flights - never did, of course.",
    "My sister told me about her promotion - never seen her so happy.",
])
def test_a_telling_of_no_rule_states_none(said):
    assert not states_a_rule(said)
