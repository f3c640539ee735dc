"""A rule reported from what sets it ("pool rules say no inflatables", "the lease says no
subletting", "the allotment rules are no bonfires after 6pm", "league regulations require a
mouthguard") is a constraint, also when it is told beside an outing or a move in the same turn.
Before, the sentence was joined to the turn's narrative and typed with it as an episode, or, said
in few words ("..., which is fine by me"), not kept at all."""
from __future__ import annotations

import pytest

from engine.extractor import states_a_rule
from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("Taking the twins to the lido on Saturday. Pool rules say no inflatables, so keep that in mind.", "inflatables"),
    ("We're moving into the new flat next month. The lease says no subletting, which is fine by me.", "subletting"),
    ("Plot 14 at the allotment is finally ours! The allotment rules are no bonfires after 6pm.", "bonfires"),
    ("Signed Maya up for the junior league, her first season. League regulations require a mouthguard "
     "at every match.", "mouthguard"),
    ("Just joined the bouldering gym by the station. Their policy says under-16s must be supervised at all "
     "times.", "supervised"),
    ("The lease says dogs must be on a lead.", "lead"),
    ("The rules say you can't park on the verge.", "verge"),
    ("Our tenancy agreement says bins have to be in by 8am on Tuesdays.", "bins"),
])
def test_a_reported_rule_beside_other_news_is_a_constraint(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Ines", text)
    assert any(k == "constraint" and word in t for k, t in kept), kept
    assert not any(k != "constraint" and word in t for k, t in kept), kept


@pytest.mark.parametrize("text", [
    "The rules say no inflatables in the main pool.",
    "Our marina's by-laws say liveaboards only on the east pontoon.",
    "School policy: nut-free lunches only.",
    "The tenancy agreement says that no pets are kept.",
])
def test_a_rule_said_by_its_source_states_a_rule(text):
    assert states_a_rule(text)


@pytest.mark.parametrize("text", [
    "The rules are no help here, honestly.",
    "I read the club rules last night, very dull.",
    "The policy says nothing about refunds.",
    "The contract is only a draft so far.",
    "The guidelines are no different from last year's.",
    "In terms of food my kids are no fans of broccoli.",
    "My contract is my only source of income right now.",
    "The rules are no secret, everyone knows them.",
])
def test_talk_of_rules_states_none(text):
    assert not states_a_rule(text)
