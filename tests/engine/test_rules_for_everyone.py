"""A rule said of everyone ("only residents are permitted to park here", "no children under 12 can
attend", "glass bottles are not allowed", "everybody has to wear a helmet") is a constraint the
speaker keeps, though it says nothing of them; and what a request to keep something in mind names
("can you bear in mind that ...", "please note that ...") is kept as if it were said plainly."""
from __future__ import annotations

import pytest

from engine.extractor import kept_in_mind, states_a_rule
from tests.conftest import engine_after


@pytest.mark.parametrize("text, word", [
    ("Only residents are permitted to park in the courtyard behind our building.", "residents"),
    ("No children under 12 can attend the evening session at the observatory.", "12"),
    ("Glass bottles are not allowed on the beach during the festival.", "Glass"),
    ("everybody has to wear a helmet on the track, club rule", "helmet"),
])
def test_a_rule_for_everyone_is_a_constraint(tmp_path, text, word):
    with engine_after(tmp_path, [text], "Oda", "2026-06-01", 1) as engine:
        records = engine.records("t", "u")
    assert any(word in (r.text or "") and r.kind == "constraint" for r in records), [(r.kind, r.text) for r in records]


@pytest.mark.parametrize("text", ["No one can beat my mum's lasagne.", "Nobody can believe it.",
                                  "No way I can finish that tonight.", "I think nobody can really know."])
def test_no_one_in_a_remark_is_no_rule(text):
    assert not states_a_rule(text)


@pytest.mark.parametrize("text, kept", [
    ("Can you bear in mind that my flat has no oven, just a hob and a microwave.",
     "My flat has no oven, just a hob and a microwave."),
    ("Please note that the studio is closed on Mondays.", "The studio is closed on Mondays."),
    ("Would you keep in mind that our landlord doesn't allow pets?", "Our landlord doesn't allow pets."),
    ("Don't forget that the van is booked for Saturday.", "The van is booked for Saturday."),
])
def test_what_is_asked_to_be_kept_in_mind(text, kept):
    assert kept_in_mind(text) == kept


@pytest.mark.parametrize("text", ["Can you remember the name of that film?", "Remember that time we went camping?",
                                  "Note to self: buy milk.", "I can't remember where I parked."])
def test_other_remembering_is_no_request(text):
    assert kept_in_mind(text) is None


@pytest.mark.parametrize("text, word", [
    ("Can you bear in mind that I work night shifts at the hospital.", "night shifts"),
    ("Please note that the studio is closed on Mondays.", "Monday"),
    ("Would you keep in mind that our landlord doesn't allow pets?", "pets"),
])
def test_a_request_to_keep_in_mind_keeps_what_it_names(tmp_path, text, word):
    with engine_after(tmp_path, [text], "Oda", "2026-06-01", 1) as engine:
        texts = [r.text or "" for r in engine.records("t", "u")]
    assert any(word in t for t in texts), texts
