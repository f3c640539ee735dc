"""Whose a role or a thing is, said in ways the possessive of one relation does not cover: a plural
possessive ("my grandparents' lawyer", "my cousins' boss"), a named person's ("Tom's dentist",
"I moved Ella's guitar lesson"), or not at all ("the shift pattern changed to ..."). Another
person's role or thing never replaces the speaker's own of that name; said again of the same
person it takes the new value; a thing said without whose is of whoever the record says it is."""
from __future__ import annotations

import pytest

from two_sessions import active_after, active_after_days, holds


@pytest.mark.parametrize("speaker, own, theirs, own_word, their_word", [
    # plural possessives
    ("Ayo", "My boss is Nadine.", "My cousins' boss is Fergus, he runs the farm.", "Nadine", "Fergus"),
    ("Ayo", "Our anniversary meal is at Rosa's on the 14th.",
     "I moved my grandparents' anniversary meal to the 21st.", "14th", "21st"),
    ("Ade", "My GP is Dr Lewis.", "My grandparents' GP is Dr Nwosu, she does home visits.", "Lewis", "Nwosu"),
    ("Ade", "My boiler service is on the 3rd.", "I moved my neighbours' boiler service to the 10th, they're away.",
     "3rd", "10th"),
    # a named person's role
    ("Rhi", "My dentist is Dr Shah.", "Tom's dentist is Dr Reyes, she's very gentle.", "Shah", "Reyes"),
    ("Ade", "My boss is Linda.", "Sam's boss is Gordon, he sounds awful.", "Linda", "Gordon"),
    ("Ade", "My coach is Teo at the running club.", "Ife's coach is Marcus, he's really strict.", "Teo", "Marcus"),
    # a named person's thing, moved by the speaker
    ("Rhi", "My guitar lesson is on Tuesdays at 5.", "I moved Ella's guitar lesson to Thursdays at 5.",
     "Tuesday", "Thursday"),
    ("Rhi", "My piano lesson is on Saturdays at 10.", "We shifted Noah's piano lesson to Sundays at 10.",
     "Saturday", "Sunday"),
    ("Ade", "My violin lesson is on Mondays at 4.", "I moved Zara's violin lesson to Fridays at 4.", "Monday", "Friday"),
    ("Ade", "My tennis match is on Saturday at 2.", "I rescheduled Ben's tennis match to Sunday at 2.", "Saturday",
     "Sunday"),
])
def test_another_persons_role_or_thing_leaves_the_speakers_own(tmp_path, speaker, own, theirs, own_word,
                                                                their_word):
    records = active_after(tmp_path, speaker, [own, theirs])
    assert holds(records, own_word) and holds(records, their_word), records


@pytest.mark.parametrize("speaker, before, after, old, new", [
    ("Rhi", "Tom's dentist is Dr Reyes.", "Tom's dentist is Dr Kaur now.", "Reyes", "Kaur"),
    ("Ayo", "My grandparents' lawyer is Mr Hollis.", "My grandparents' lawyer is now Ms Dube, Mr Hollis retired.",
     r"^(?!.*Dube).*Hollis", "Dube"),
    ("Rhi", "Ella's guitar lesson is on Tuesdays at 5.", "I moved Ella's guitar lesson to Thursdays at 5.",
     "Tuesday", "Thursday"),
    # a name the speaker's own thing holds is no other person
    ("Rhi", "My Ocado delivery comes on Mondays.", "I moved Ocado's delivery slot to Wednesdays.", "Monday",
     "Wednesday"),
])
def test_the_same_persons_role_or_thing_takes_the_new_value(tmp_path, speaker, before, after, old, new):
    records = active_after(tmp_path, speaker, [before, after])
    assert not holds(records, old) and holds(records, new), records


@pytest.mark.parametrize("speaker, before, after, old, new", [
    ("Kas", "My son's swimming lesson is on Tuesdays at 5.", "The swimming lesson is on Thursdays at 5 now.",
     "Tuesday", "Thursday"),
    ("Kas", "My wife's shift pattern is four on, four off.", "The shift pattern changed to five on, two off.",
     "four on", "five on"),
    ("Kas", "My son's nursery pickup is at 5pm.", "The nursery pickup moved to 5:30pm.", "5pm", "5:30"),
    ("Kas", "The dog's evening walk is at 6.", "Evening walk is at 7 now it's lighter.", "at 6", "at 7"),
    # passed before too
    ("Kas", "The twins' allowance is 10 pounds a week.", "Allowance went up to 12 pounds a week, they earned it.",
     "10 pounds", "12 pounds"),
])
def test_a_thing_said_without_whose_is_of_whoever_the_record_says(tmp_path, speaker, before, after, old, new):
    records = active_after(tmp_path, speaker, [before, after])
    assert not holds(records, old) and holds(records, new), records


def test_a_thing_said_as_the_speakers_own_leaves_a_relations(tmp_path):
    said = [("My swimming lesson is on Mondays at 7.", "2026-03-02"),
            ("My son's swimming lesson is on Tuesdays at 5.", "2026-03-02"),
            ("My swimming lesson is on Wednesdays at 7 now.", "2026-03-09")]
    records = active_after_days(tmp_path, "Kas", said)
    assert holds(records, r"son.*Tuesday") and holds(records, "Wednesday"), records
    assert not holds(records, "Monday"), records


@pytest.mark.parametrize("text, expected", [
    ("Kit's parents' GP is Dr Abbott", {"parent"}),
    ("Kit's in-laws' landlord is Mr Pappas", {"in-law's landlord"}),
    ("Priya's landlord is Mr Grant", {"priya's landlord"}),
    ("Kit's son's swimming coach is Dev", {"son's coach"}),
    # a closing quote after a word in -s is no possessive
    ("Our group, 'Connected Activists', is made of all kinds of people", set()),
])
def test_whose_a_statement_is(text, expected):
    from engine.meaning import holder

    assert holder(text, "Kit") == frozenset(expected)


def test_the_slot_of_a_role_of_a_plural_possessive_names_whose_it_is():
    from engine.extractor import _role_slot

    assert _role_slot("parents' gp") == "parent's doctor"
    assert _role_slot("in-laws' landlord") == "in-law's landlord"
