"""A reaction said as what a thing does to the speaker ("cashews bring me out in welts", "anything
with sesame makes my lips swell up", "I get hives whenever I eat strawberries", "if I eat pineapple my tongue swells up") is an allergy, a
constraint, as "I'm allergic to ..." is; said again so, it is one memory. A reaction of someone
else's, or a word of reaction that is no symptom, is no allergy of theirs."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn, records_after


@pytest.mark.parametrize("text, thing", [
    ("Cashews bring me out in big itchy welts.", "cashew"),
    ("Anything with sesame makes my lips swell up.", "sesame"),
    ("I get hives whenever I eat strawberries.", "strawberr"),
    ("I break out in a rash if I wear anything with nickel in it.", "nickel"),
    ("Aspirin gives me a reaction, nothing serious but still.", "aspirin"),
    # the reaction said after what sets it off, or in the past
    ("If I eat pineapple my tongue swells up.", "pineapple"),
    ("Every time I touch wool I come out in a rash.", "wool"),
    ("whenever i have mussels my face gets blotchy", "mussel"),
    ("Amoxicillin gave me hives when I was little.", "amoxicillin"),
])
def test_a_reaction_is_an_allergy(tmp_path, text, thing):
    kept = kept_of_one_turn(tmp_path, "Tomas", text)
    assert any(kind == "constraint" and thing in text.lower() for kind, text in kept), kept


@pytest.mark.parametrize("text", [
    "The sun brings me out in freckles every summer.",
    "The new soap gave my husband a rash.",
    "I react badly to criticism, always have.",
    "That meeting gave me a headache.",
    "If I eat late I get heartburn.",
    "Whenever I use my phone in bed my eyes get tired.",
    "When I touch the radiator I get a shock.",
    # said in jest, of a time, a doing or a duty
    "Honestly I'm allergic to Friday afternoon meetings, they drain me.",
    "I'm allergic to early starts lol.",
    "Spreadsheets bring me out in hives, can you just give me the totals?",
    "My husband is allergic to housework, apparently.",
])
def test_no_allergy_of_theirs(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Tomas", text)
    assert not any(kind == "constraint" for kind, _ in kept), kept


@pytest.mark.parametrize("first, again, thing", [
    ("I'm allergic to cashews.", "Cashews bring me out in big itchy welts, so none in the curry please.", "cashew"),
    ("I have a sesame allergy.", "anything with sesame makes my lips swell up", "sesame"),
    ("I'm allergic to aspirin.", "Aspirin gives me a reaction, I can't take it.", "aspirin"),
    ("I'm allergic to pineapple.", "If I eat pineapple my tongue swells up, so no pina coladas.", "pineapple"),
])
def test_an_allergy_said_as_a_reaction_is_said_again(tmp_path, first, again, thing):
    records = records_after(tmp_path, first, again, speaker="Tomas", days=("2026-03-02", "2026-03-09"),
                            at="09:00:00")
    active = [r for r in records if r.tier == "active" and thing in (r.text or "").lower()]
    assert len(active) == 1, [(r.kind, r.text, r.tier) for r in records]


@pytest.mark.parametrize("first, again, thing", [
    ("I have a severe allergy to sesame.", "I'm allergic to sesame, so check the bread please.", "sesame"),
    ("I've got a bad allergy to shellfish.", "I'm allergic to shellfish, so no paella for me.", "shellfish"),
    ("My allergy to penicillin is serious.", "I'm allergic to penicillin, remember.", "penicillin"),
])
def test_an_allergy_to_a_thing_is_its_slot(tmp_path, first, again, thing):
    records = records_after(tmp_path, first, again, speaker="Tomas", days=("2026-03-02", "2026-03-09"),
                            at="09:00:00")
    allergies = [r for r in records if r.tier == "active" and r.kind == "constraint" and thing in (r.text or "").lower()]
    assert len(allergies) == 1 and allergies[0].slot == "constraint:allergy:" + thing, \
        [(r.kind, r.slot, r.text, r.tier) for r in records]
