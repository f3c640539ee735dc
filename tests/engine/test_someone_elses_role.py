"""A role of someone of the speaker's ("my dad's boss", "my mum's GP", "my daughter's teacher") is
another person's than the speaker's own role of that name: a name said for it never replaces the
name of the speaker's boss, GP or teacher. Each holder's role still takes a new name of its own."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds


@pytest.mark.parametrize("speaker, own, theirs, own_name, their_name", [
    ("Carla", "My boss is Martina, she's fair.", "My manager's boss is Ravi, he's intimidating in meetings.",
     "Martina", "Ravi"),
    ("Sian", "My GP is Dr Rowe at Beech House.", "My mum's GP is Dr Akintola, she finally got an appointment.",
     "Rowe", "Akintola"),
    ("Femi", "My boss is Leonie and she's lovely.", "My dad's boss is Gerald, who is retiring soon.",
     "Leonie", "Gerald"),
    ("Mia", "My boss is Harriet and she's very fair.", "My husband's boss is Colin, who keeps him late every Friday.",
     "Harriet", "Colin"),
    ("Joe", "My piano teacher is Mrs Lindqvist and she's strict.",
     "My daughter's teacher is Mr Achebe, who is new to the school.", "Lindqvist", "Achebe"),
    ("Owen", "My GP is Dr Lamb.", "My grandad's GP is Dr Fox, at the Green Lane surgery.", "Lamb", "Fox"),
    ("Ife", "My boss is Renata.", "My partner's boss is Duncan, a real micromanager.", "Renata", "Duncan"),
    # passed before too: the same, worded so that no rule of one role read them as one
    ("Zara", "My lawyer is Ms Whitfield and she's handling the lease.",
     "My brother's lawyer is Mr Osei, who is handling his divorce.", "Whitfield", "Osei"),
    ("Ana", "My dog is Biscuit, a beagle.", "My sister's dog is Mabel, a springer spaniel.", "Biscuit", "Mabel"),
])
def test_a_role_of_someone_elses_leaves_the_speakers_own(tmp_path, speaker, own, theirs, own_name, their_name):
    records = active_after(tmp_path, speaker, [own, theirs])
    assert holds(records, own_name) and holds(records, their_name), records


@pytest.mark.parametrize("speaker, before, after, old, new", [
    ("Sian", "My GP is Dr Rowe at Beech House.", "My GP is Dr Sato now.", "Rowe", "Sato"),
    ("Carla", "My boss is Martina.", "My boss is Oskar now.", "Martina", "Oskar"),
    ("Sian", "My mum's GP is Dr Akintola.", "My mum's GP is Dr Bello now, Dr Akintola retired.",
     r"^(?!.*Bello).*Akintola", "Bello"),
    ("Carla", "My manager's boss is Ravi.", "My manager's boss is now Helen, Ravi left.", r"^(?!.*Helen).*Ravi", "Helen"),
])
def test_each_holders_role_takes_its_own_new_name(tmp_path, speaker, before, after, old, new):
    records = active_after(tmp_path, speaker, [before, after])
    assert not holds(records, old) and holds(records, new), records


def test_the_slot_of_a_role_names_whose_it_is():
    from engine.extractor import _role_slot

    assert _role_slot("family gp") == "doctor"
    assert _role_slot("mum's gp") == "mother's doctor"
    assert _role_slot("manager's boss") == "manager's manager"
    assert _role_slot("sister's landlady") == "sister's landlord"


def test_a_relation_of_a_relation_is_one_holder_apart_from_both():
    from engine.meaning import holder, same_holder

    dads_boss = holder("Femi's dad's boss is Gerald", "Femi")
    assert not same_holder(dads_boss, holder("Femi's boss is Leonie", "Femi"))
    assert not same_holder(dads_boss, holder("Femi's dad is a plumber", "Femi"))
    assert same_holder(dads_boss, holder("Femi's dad's boss has retired", "Femi"))
    assert holder("Sam's daughter Amara likes maths", "Sam") == frozenset({"amara", "daughter"})


@pytest.mark.parametrize("speaker, own, theirs, own_word, their_word", [
    ("Ned", "My birthday dinner is at Dishoom on Friday.", "We moved my sister's party to Nando's on Saturday.",
     "Dishoom", "Nando"),
    ("Yara", "My pilates class is on Tuesdays at 6.", "I've moved my son's swimming lesson to Thursdays at 5.",
     "pilates", "swimming"),
    ("Tomi", "My flight to Lagos is on 3 April from Gatwick.", "I changed my dad's flight to the 9th, from Heathrow.",
     "Lagos", "dad"),
    # passed before too
    ("Ros", "My dentist appointment is on the 10th at 2pm.",
     "I pushed my mum's hospital appointment back to the 14th at 11am.", "dentist", "hospital"),
    ("Iris", "My dentist check-up is on Monday at 9.", "I've rescheduled my daughter's dentist check-up to Wednesday at 4.",
     "Monday", "daughter"),
])
def test_moving_a_thing_of_someone_elses_leaves_the_speakers_own(tmp_path, speaker, own, theirs, own_word, their_word):
    records = active_after(tmp_path, speaker, [own, theirs])
    assert holds(records, own_word) and holds(records, their_word), records


@pytest.mark.parametrize("speaker, before, after, old, new", [
    ("Ned", "My sister's party is at the Crown on Friday.", "We moved my sister's party to Nando's on Saturday.",
     "Crown", "Nando"),
    ("Yara", "My son's swimming lesson is on Tuesdays at 5.", "I've moved my son's swimming lesson to Thursdays.",
     "Tuesdays", "Thursdays"),
    ("Ned", "My birthday dinner is at Dishoom on Friday.", "We moved my birthday dinner to Nando's on Saturday.",
     "Dishoom", "Nando"),
])
def test_moving_a_thing_gives_its_own_record_the_new_value(tmp_path, speaker, before, after, old, new):
    records = active_after(tmp_path, speaker, [before, after])
    assert not holds(records, old) and holds(records, new), records
