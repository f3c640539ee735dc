"""A value someone else changes for the speaker: "the landlord raised our rent to ...", "my tutor
changed our sessions to ..." is a new value of the speaker's own record, although the sentence's
subject is another person. And a value verb's thing must be the record's: "moved the gig to
Saturday" says nothing new of where a band plays, and a relative changing their own thing ("his golf
trip", "her swim lessons") changes nothing of the speaker's."""
from __future__ import annotations

import pytest

from engine.extractor import to_third_person
from engine.meaning import changed_holder, moved_thing
from engine.textnorm import terms
from two_sessions import records_after

DAYS = ("2026-05-01", "2026-05-09")


def _after(tmp_path, old, new):
    return records_after(tmp_path, old, new, speaker="Ines", days=DAYS, at="10:00:00")


@pytest.mark.parametrize("old, new, word", [
    ("My football training is on Tuesdays.", "The coach moved training to Thursdays.", "Tuesdays"),
    ("My maths tutoring sessions are at 4pm on Mondays.", "My tutor changed our sessions to 5pm.", "4pm"),
    ("My monthly rent is 800.", "My landlord raised our rent to 875.", "800"),
    ("My weekly hours at the warehouse are 30.", "My manager cut my hours at the warehouse to 20.", "30"),
    ("My library loan is due on the 3rd.", "The library extended my loan to the 17th.", "3rd"),
    ("My driving lesson is at 2pm on Saturday.", "My instructor pushed my driving lesson back to 4pm.", "2pm"),
])
def test_a_value_changed_by_someone_who_acts_for_the_speaker_supersedes_it(tmp_path, old, new, word):
    recs = _after(tmp_path, old, new)
    olds = [r for r in recs if word in (r.text or "")]
    assert olds and all(r.tier == "superseded" for r in olds), [(r.text, r.tier) for r in recs]
    assert any(r.tier == "active" and word not in (r.text or "") for r in recs)


@pytest.mark.parametrize("old, new, word", [
    ("My brother plays in a band in Bristol.", "My brother moved the gig to Saturday.", "Bristol"),
    ("My daughter's recital is on June 3rd.", "My husband moved his golf trip to June 10th.", "recital"),
    ("I live in Porto.", "My cousin Rui moved his family to Lisbon.", "Porto"),
    ("My swim lessons are on Saturdays.", "My sister changed her swim lessons to Sundays.", "Saturdays"),
    ("My sister lives in Leeds.", "My sister moved the wedding to June.", "Leeds"),
    ("I run 5k races most weekends.", "My coach pushed me to enter a 10k race.", "5k"),
    ("My gym membership is the basic tier.", "My friend upgraded her membership to premium.", "basic"),
])
def test_a_change_of_another_thing_or_of_someone_elses_leaves_the_record(tmp_path, old, new, word):
    recs = _after(tmp_path, old, new)
    assert any(r.tier == "active" and word in (r.text or "") for r in recs), [(r.text, r.tier) for r in recs]


@pytest.mark.parametrize("old, new, word", [
    ("My dentist appointment is on the 4th of May.", "The clinic moved the appointment to the 9th of May.", "4th"),
    ("My team offsite is in Bath in June.", "Our director moved the offsite to Bristol.", "Bath"),
    ("Our kids swim lessons are at 5 on Wednesdays.", "The pool moved the swim lessons to 6.", "at 5"),
    ("Our dog training class is on Saturday mornings.", "The trainer moved the class to Sunday mornings.", "Saturday"),
])
def test_a_relation_word_that_only_says_which_thing_is_no_other_holder(tmp_path, old, new, word):
    """"Team" in "my team offsite" or "dog" in "our dog training class" names which of the
    speaker's things it is: moved by someone, it is the speaker's record that changes."""
    recs = _after(tmp_path, old, new)
    olds = [r for r in recs if word in (r.text or "")]
    assert olds and all(r.tier == "superseded" for r in olds), [(r.text, r.tier) for r in recs]


@pytest.mark.parametrize("old, new, word", [
    ("My sister's team meeting is at 3 on Mondays.", "My boss moved the team meeting to 4.", "at 3"),
    ("My dog's vet appointment is on the 3rd.", "The clinic moved my appointment to the 9th.", "3rd"),
])
def test_a_relation_that_owns_the_thing_keeps_its_record(tmp_path, old, new, word):
    recs = _after(tmp_path, old, new)
    assert any(r.tier == "active" and word in (r.text or "") for r in recs), [(r.text, r.tier) for r in recs]


@pytest.mark.parametrize("text, holder", [
    ("Ines's coach switched Ines's position to defence", frozenset()),
    ("Ines: The landlord put rent up to 1,050", frozenset()),
    ("Ines's uncle moved Dario's party to Sunday", frozenset({"dario"})),
    ("Ines's aunt moved her dinner to Friday", None),
    ("Ines's brother moved the barbecue to Sunday", None),  # family change things of their own
    ("Ines lives in Faro", None),
])
def test_whose_thing_was_changed(text, holder):
    assert changed_holder(text, "Ines") == holder


def test_the_thing_a_value_verb_moves():
    assert moved_thing("Ines's sister moved the wedding to June", "Ines") == frozenset(terms("wedding"))
    assert moved_thing("Ines's dentist moved the cleaning to the 14th", "Ines") == frozenset(terms("cleaning"))
    # the speaker's own thing may be worded otherwise in the record: no word of it is asked for
    assert moved_thing("Ines's dentist moved Ines's cleaning to the 14th", "Ines") == frozenset()
    assert moved_thing("Ines moved house to Leeds", "Ines") == frozenset()
    assert moved_thing("Ines moved back to Lyon in May", "Ines") == frozenset()
    assert moved_thing("Ines lives in Lyon", "Ines") == frozenset()


@pytest.mark.parametrize("said, wanted, unwanted", [
    ("My coach switched my position to defence.", "Ola's position", "their position"),
    ("My doctor changed my prescription last week.", "Ola's prescription", "their prescription"),
    ("Our neighbour borrowed my ladder again.", "Ola's ladder", "their ladder"),
    ("My trainer bumped my sessions to three a week.", "Ola's sessions", "their sessions"),  # not a relation word
    ("My editor moved my deadline to Friday.", "Ola's deadline", "their deadline"),
])
def test_after_another_person_the_speaker_is_named_again_not_their(said, wanted, unwanted):
    out = to_third_person(said, "Ola")
    assert wanted in out and unwanted not in out, out


def test_their_still_stands_for_the_speaker_alone():
    assert to_third_person("I shared my own story at the meetup.", "Ola") == "Ola shared their own story at the meetup."
