"""A thing whose name begins with a role word ("my husband's physio appointment", "my son's tutor
session", "my dentist appointment") is a thing of whoever's it is, not the role's person: it is the
husband's, the son's, or the speaker's own. Said again another way ("the physio appointment for my
husband", "I moved my dentist appointment"), it is the same thing and takes the new value; a
relation's thing of that name is not the speaker's own. A role word followed by what is said of
the person ("my dad's lawyer retired", "my daughter's coach never ...") still names the person."""
from __future__ import annotations

import pytest

from two_sessions import active_after, active_after_days, holds


@pytest.mark.parametrize("speaker, before, after, old, new", [
    ("Nadia", "My husband's physio appointment is on Monday at 11.",
     "The physio appointment for my husband is now on Wednesday at 11.", "Monday", "Wednesday"),
    ("Ravi", "My son's tutor session is on Fridays at 5.",
     "The tutor session for my son has moved to Saturdays at 10.", "Friday", "Saturday"),
    ("Bea", "My dad's lawyer meeting is on the 9th.", "The meeting with my dad's lawyer is now on the 16th.",
     "9th", "16th"),
    ("Gus", "My sister's vet appointment for her cat is on Thursday.",
     "The vet appointment for my sister is now on Saturday morning.", "Thursday", "Saturday"),
    ("Ola", "My daughter's coach meeting is Tuesday at 7.",
     "The meeting with my daughter's coach got moved to Wednesday at 7.", "Tuesday", "Wednesday"),
    ("Sami", "My mum's doctor appointment is on the 3rd.",
     "The doctor appointment for my mum has been put back to the 10th.", "3rd", "10th"),
])
def test_a_relations_thing_said_another_way_takes_the_new_value(tmp_path, speaker, before, after, old, new):
    records = active_after(tmp_path, speaker, [before, after])
    assert not holds(records, old) and holds(records, new), records


@pytest.mark.parametrize("speaker, before, after, old, new", [
    ("Lena", "My dentist appointment is on Tuesday at 9.", "I moved my dentist appointment to Thursday at 9.",
     "Tuesday", "Thursday"),
    ("Pete", "My doctor appointment is on the 4th at 2.", "I've rescheduled my doctor appointment to the 11th at 2.",
     "4th", "11th"),
    ("Kemi", "My coach session is on Mondays at 6.", "I switched my coach session to Tuesdays at 6.",
     "Monday", "Tuesday"),
    # the thing with the role's person, said either way round
    ("Kim", "My dentist appointment is on Tuesday at 9.", "My appointment with the dentist has moved to Friday at 9.",
     "Tuesday", "Friday"),
    ("Kim", "My meeting with my lawyer is on the 4th.", "My lawyer meeting got moved to the 11th.", "4th", "11th"),
])
def test_the_speakers_own_thing_moved_takes_the_new_value(tmp_path, speaker, before, after, old, new):
    records = active_after(tmp_path, speaker, [before, after])
    assert not holds(records, old) and holds(records, new), records


def test_a_relations_thing_of_the_same_name_stays_beside_the_speakers_own(tmp_path):
    said = [("My physio appointment is on Monday at 8.", "2026-03-02"),
            ("My wife's physio appointment is on Monday at 10.", "2026-03-02"),
            ("I moved my physio appointment to Friday at 8.", "2026-03-09")]
    records = active_after_days(tmp_path, "Tariq", said)
    assert holds(records, r"wife.*Monday") and holds(records, r"^(?!.*wife).*Friday"), records
    assert not holds(records, r"^(?!.*wife).*Monday"), records


@pytest.mark.parametrize("speaker, own, theirs, own_name, their_name", [
    ("Nadia", "My physio is Sanjay at the sports clinic.", "My husband's physio is Agnes, she's brilliant.",
     "Sanjay", "Agnes"),
    ("Bea", "My lawyer is Ms Hart.", "My dad's lawyer retired so he's with Mr Pike now.", "Hart", "Pike"),
    ("Ola", "My coach is Dev at the boxing gym.",
     "My daughter's coach never shows up on time, it's a new guy called Rich.", "Dev", "Rich"),
])
def test_a_role_followed_by_what_is_said_of_it_is_still_a_person(tmp_path, speaker, own, theirs, own_name,
                                                                  their_name):
    records = active_after(tmp_path, speaker, [own, theirs])
    assert holds(records, own_name) and holds(records, their_name), records


@pytest.mark.parametrize("text, speaker, expected", [
    ("Meera's son's dentist appointment is on Tuesday", "Meera", {"son"}),
    ("The dentist appointment for Meera's son is now on Friday", "Meera", {"son"}),
    ("Lena's dentist appointment is on Tuesday", "Lena", set()),
    ("Lena's dad's boss retired last week", "Lena", {"father's boss"}),
    ("Lena's daughter's teacher Mrs Obi is lovely", "Lena", {"daughter's teacher"}),
    # a plural relation takes a bare verb; a word in -ing after a person says what they do
    ("Lena's kids go to Oakfield Primary", "Lena", {"kid"}),
    ("A dog sitting in the grass with a ball", "Lena", {"dog"}),
])
def test_whose_a_statement_is(text, speaker, expected):
    from engine.meaning import holder

    assert holder(text, speaker) == frozenset(expected)
