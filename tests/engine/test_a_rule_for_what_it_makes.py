"""A rule for what the assistant makes for the speaker ("any workout you put together for me has to
avoid jumping", "every diagram you generate should use the colour-blind safe palette") is a
constraint, after an opener too ("Before we kick off:", "First off,"); what the speaker says of what
it made, is none."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("Just so you know, any workout you put together for me has to avoid jumping, my knees are shot.", "jumping"),
    ("Before we kick off: whatever itinerary you come up with must have a rest day every third day.", "rest day"),
    ("all the translations you produce for us need to use formal Spanish, it's for a law firm", "formal spanish"),
    ("every diagram you generate should use the colour-blind safe palette", "colour-blind"),
    ("First off, whatever spreadsheet formulas you send me must work in Excel 2016.", "excel 2016"),
])
def test_a_rule_for_what_it_makes(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Anouk", text)
    assert any(kind == "constraint" and word in t.lower() for kind, t in kept), kept


@pytest.mark.parametrize("text", [
    "Everything you write for me has been really helpful so far.",
    "Anything you recommend for me sounds better than what I've got.",
    "Whatever you send me I'll read on the train.",
])
def test_no_rule_for_what_it_makes(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Anouk", text)
    assert not any(kind == "constraint" for kind, _ in kept), kept
