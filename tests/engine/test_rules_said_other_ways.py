"""A rule said in words of its own is kept as a rule: a demand on everything the assistant offers
("anything you book for us must have free cancellation"), a limit in an idiom ("shellfish is a
hard no for me", "being home for bath time is non-negotiable"), "under no circumstances" / "on no
account" before a request, and how every answer should be, asked without a period ("keep all your
answers to three sentences max"). One request of the moment ("keep this reply short") and a
judgement ("whatever you suggest is fine by me") are no rule."""
from __future__ import annotations

import pytest

from two_sessions import active_after, kept_of_one_turn


@pytest.mark.parametrize("said, word", [
    ("Anything you book for us must have free cancellation.", "cancellation"),
    ("Whatever you recommend needs to be under 20 minutes from the station.", "station"),
    ("Any hotel you pick has to allow dogs.", "dogs"),
    ("Shellfish is a hard no for me.", "Shellfish"),
    ("Working weekends is off the table now that the baby's here.", "weekends"),
    ("Sleeping in a tent is out of the question for my mum.", "tent"),
    ("Being home for bath time is non-negotiable.", "bath time"),
    ("Under no circumstances schedule calls on Fridays.", "Fridays"),
    ("On no account email my landlord directly.", "landlord"),
    ("Whatever you do, don't mention the surprise party to Jake.", "surprise party"),
    ("Keep all your answers to three sentences max.", "three sentences"),
    ("Write all email drafts in British English going forward.", "British English"),
    ("Send me responses as numbered lists please.", "numbered lists"),
])
def test_a_rule_said_other_ways_is_kept_as_one(tmp_path, said, word):
    kinds = kept_of_one_turn(tmp_path, "Oona", said)
    assert any(kind == "constraint" and word in text for kind, text in kinds), kinds


@pytest.mark.parametrize("said", [
    "Keep this reply short, I'm on my phone.",
    "Whatever you suggest is fine by me.",
    "Your answers yesterday were really helpful.",
])
def test_what_is_no_rule_is_not_kept_as_one(tmp_path, said):
    assert not any(kind == "constraint" for kind, _ in kept_of_one_turn(tmp_path, "Oona", said))


def test_a_rule_said_so_stays_after_small_talk(tmp_path):
    records = active_after(tmp_path, "Oona", ["Any hotel you pick has to allow dogs.", "Thanks, that's all for now."])
    assert any("dogs" in r for r in records), records
