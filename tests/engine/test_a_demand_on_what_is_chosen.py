"""A demand on whatever is made or chosen: "whatever budget you draw up for the wedding has to stay
under 12,000 euros", "any itinerary you map out for the Lisbon trip needs to get us back by Sunday",
"any flat we rent has to take dogs", "..., so any class I sign up for needs to start after 2pm". A
rule for every such thing, kept as a constraint. Before, the verb had to be one of a few ("suggest",
"book", "make"), with nothing between it and the modal but "for me", and no one but the assistant
chose: a purpose ("for the wedding"), another verb ("draw up", "map out", "sign up for") or the
speaker choosing left it unread, typed as a fact or dropped. Not: a demand on one thing ("the plan
you made for Tuesday has to move"), nothing demanded ("any plan you make is fine")."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("Whatever budget you draw up for the wedding has to stay under 12,000 euros.", "12,000"),
    ("Any itinerary you map out for the Lisbon trip needs to get us back by Sunday at 6pm.", "6pm"),
    ("Whatever menu you put together for the party has to work for two coeliacs.", "coeliacs"),
    ("Any timetable you sketch for the revision must leave Wednesdays free.", "Wednesdays"),
    ("Any flat we rent has to take dogs, we've got two greyhounds.", "dogs"),
    ("Whatever car I buy next must have an automatic gearbox.", "automatic"),
    ("I do school pickup at 3 every day so any job I apply for has to finish by 2:30.", "2:30"),
    ("My shifts end at noon, so any course, workshop or meetup I sign up for needs to start after 1pm.", "1pm"),
    ("whatever laptop I end up buying needs to weigh under 1.5kg", "1.5kg"),
    ("whatever phone plan i switch to has to include EU roaming", "roaming"),
    ("Whichever quote we accept for the roof must include scaffolding.", "scaffolding"),
    ("whatever sofa we go for has to fit through the door", "door"),
])
def test_a_demand_on_whatever_is_chosen_is_a_constraint(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Sol", text)
    assert any(kind == "constraint" and word in t for kind, t in kept), kept


@pytest.mark.parametrize("text", [
    "The plan you made for Tuesday has to move to Thursday.",
    "Any plan you make for the move is fine by me.",
    "Whatever you think has to be right, you're the expert.",
    "Any film we watched as kids had to have a dog in it.",
    "Whatever you book for tonight has to be near the station.",
    "Whatever restaurant you pick for Saturday needs to have parking.",
    "Whatever we order for lunch today has to be vegetarian.",
    "Whatever you cook for dinner has to be vegetarian, my sister's coming.",
    "Whatever you suggest for Fri has to be quick.",
    "Whatever I make has to be perfect, I'm such a perfectionist.",
])
def test_a_demand_on_one_thing_or_none_is_no_rule(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Sol", text)
    assert not any(kind == "constraint" for kind, _ in kept), kept


def test_a_demand_that_leans_on_its_reason_stays_with_it(tmp_path):
    kept = kept_of_one_turn(tmp_path, "Sol", "Key point: the trailer is rated to 750 kg, and I'm not risking a fine, "
                                               "so anything you suggest has to stay under that.")
    assert any(kind == "constraint" and "750" in t and "under that" in t for kind, t in kept), kept


def test_a_consequence_without_a_chooser_stays_with_its_reason(tmp_path):
    kept = kept_of_one_turn(tmp_path, "Sol", "I'm allergic to peanuts, so anything with nuts has to be avoided.")
    assert any(kind == "constraint" and "avoided" in t for kind, t in kept), kept
