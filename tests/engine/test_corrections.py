"""A correction names the value it replaces ("it's the Elm Road branch, not Kingsway"): the record
that states that value is superseded, and a narrative loses only the statement that held it. A
negation ("I do not drive") and a contrast with a value no record states correct nothing. A record
that opens with a label of the speaker's ("For the allotment: ...") is still theirs to update."""
from __future__ import annotations

import pytest

from engine.meaning import corrected, holds_corrected, mentions
from tests.conftest import engine_after


def _engine(tmp_path, turns: list[str], speaker: str = "Odile"):
    return engine_after(tmp_path, turns, speaker, "2026-06-01", 4)


def _active(engine) -> list[str]:
    return [(r.text or "").lower() for r in engine.records("t", "u") if r.tier == "active"]


@pytest.mark.parametrize("first, later, old, new, query", [
    ("My physio appointments are at the Kingsway branch on Fridays.",
     "Small correction: the physio is at the Elm Road branch, not Kingsway.", "kingsway", "elm road",
     "where is the physio"),
    ("Benji's football practice is on Mondays at 6.",
     "oops I meant Wednesday not Monday, Benji's practice is wednesdays at 6", "monday", "wednesday",
     "when is Benji's football practice"),
    ("Our wedding anniversary is on the 12th of August.",
     "Wrong date earlier, sorry: the anniversary is the 21st of August, not the 12th.", "12th", "21st",
     "when is the anniversary"),
    ("my landlady is mrs pemberton, she lives downstairs",
     "no wait, the landlady is Mrs Achterberg rather than pemberton, I always muddle the neighbours",
     "pemberton", "achterberg", "who is the landlady"),
])
def test_a_correction_supersedes_the_record_of_the_old_value(tmp_path, first, later, old, new, query):
    with _engine(tmp_path, [first, later]) as engine:
        active = _active(engine)
        top = engine.recall(tenant_id="t", user_id="u", query=query, k=1)
    assert not any(old in t and new not in t for t in active), active
    assert new in top[0].text.lower(), (top[0].text, active)


@pytest.mark.parametrize("first, later, old, kept", [
    ("Some car notes. I drive a 2017 Skoda Octavia estate. The MOT is due in October and the garage is Pike Motors.",
     "Correction to the car notes: the Skoda is a 2015, not a 2017.", "2017", "pike motors"),
    ("Lesson plan for the term. Ezra has trumpet on tues at 5 with Mr Nakamura. Clem does karate on saturdays.",
     "got it wrong earlier, ezra's trumpet is thursdays not tuesdays. karate unchanged", "tues", "karate"),
    ("Office details. The server room code changes monthly. My desk is on the fourth floor, east wing. "
     "The fire marshal for our floor is Dawit.",
     "Correction: my desk is in the west wing, not the east wing.", "east wing", "fire marshal"),
])
def test_a_correction_of_one_statement_keeps_the_rest_of_a_narrative(tmp_path, first, later, old, kept):
    with _engine(tmp_path, [first, later]) as engine:
        active = _active(engine)
    assert not any(old in t for t in active if "not" not in t), active
    assert any(kept in t for t in active), active


@pytest.mark.parametrize("first, later", [
    # a negation, not a contrast of values
    ("I cycle to the Harbour office on Tuesdays.", "I do not drive to the Harbour office on Tuesdays, ever."),
    # the contrast names a value no record holds
    ("My sister Ines lives in Porto.", "For the trip, book the Lisbon hotel, not the Faro one."),
    # the old value is in a record of another topic
    ("The recycling goes out on Thursdays.", "My pottery class is on Mondays, not Thursdays like I hoped."),
])
def test_what_is_no_correction_supersedes_nothing(tmp_path, first, later):
    with _engine(tmp_path, [first, later]) as engine:
        records = engine.records("t", "u", include_inactive=True)
    assert not [r.text for r in records if r.tier == "superseded"], [(r.text, r.tier) for r in records]


@pytest.mark.parametrize("text, wrong", [
    ("the Ferry Lane surgery, not Riverside", {"riverside"}),
    ("I meant Friday not Thursday", {"thursday"}),
    ("she's on 20 mg rather than 10", {"10"}),
    ("It's a 2012 model, not a 2010", {"2010"}),
    ("I do not eat meat", set()),
    ("that's not really what I meant", set()),
    ("We'd rather than wait take the train", set()),
])
def test_the_value_a_correction_names_as_wrong(text, wrong):
    assert corrected(text, "Odile") == frozenset(wrong)


def test_weekdays_are_matched_however_they_are_written():
    assert holds_corrected("piano tues 4pm", frozenset({"tuesday"}))
    assert holds_corrected("Swimming on Thursdays", frozenset({"thursday"}))
    assert not holds_corrected("Swimming on Thursdays", frozenset({"tuesday"}))


@pytest.mark.parametrize("text, speaker, theirs", [
    ("For the allotment: Odile grows leeks along the fence", "Odile", True),
    ("Budget stuff: rent is 900 a month and Odile saves 200", "Odile", True),
    ("Note to self: Odile's boiler service is in May", "Odile", True),
    ("Odile: the boiler service is in May", "Odile", True),
    ("Marguerite: the boiler service is in May", "Odile", False),
    ("Jean Paul: my knee hurts", "Odile", False),
])
def test_a_label_before_a_colon_is_not_another_speaker(text, speaker, theirs):
    assert mentions(text, speaker) is theirs


@pytest.mark.parametrize("first, later, old, new", [
    ("For the shop rota: Odile opens on mondays and fridays, and Kit does the Sunday close.",
     "Rota changed again, Odile opens on tuesdays and saturdays now.", "mondays", "tuesdays"),
    ("Budget stuff: the gym membership is 45 a month and the phone plan is 20.",
     "The gym put the membership up to 52 a month from June.", "45 a month", "52"),
    ("House notes: the window cleaner comes every fourth Wednesday.",
     "The window cleaner has switched to every fourth Friday now.", "wednesday", "friday"),
])
def test_a_record_opening_with_a_label_is_updated(tmp_path, first, later, old, new):
    with _engine(tmp_path, [first, later]) as engine:
        active = _active(engine)
    assert not any(old in t and new not in t for t in active), active
    assert any(new in t for t in active), active


@pytest.mark.parametrize("first, later", [
    ("My brother lives in Leeds.", "I live in York, not Leeds."),
    ("My son's dentist is at the Riverside clinic.", "My own dentist is at Northgate, not Riverside."),
    ("My wife drives a 2016 Golf.", "I drive a 2014 Golf, not a 2016 like hers."),
    ("The dentist appointment is on Friday at 3pm.", "The vet appointment is Monday, not Friday."),
])
def test_a_correction_of_someone_elses_value_or_another_thing_supersedes_nothing(tmp_path, first, later):
    with _engine(tmp_path, [first, later]) as engine:
        records = engine.records("t", "u", include_inactive=True)
    assert not [r.text for r in records if r.tier == "superseded"], [(r.text, r.tier) for r in records]


@pytest.mark.parametrize("first, later, old", [
    ("I drive a 2016 Honda Civic.", "Actually it's a 2014 rather than a 2016.", "2016 honda"),
    ("Our boiler is a 2009 Worcester.", "It's a 2011, not a 2009, I checked the plate.", "2009 worcester"),
    ("My passport expires in 2031.", "Sorry, it expires in 2029, not 2031.", "2031"),
])
def test_a_correction_naming_only_the_values(tmp_path, first, later, old):
    with _engine(tmp_path, [first, later]) as engine:
        active = _active(engine)
    assert not any(old in t and "not" not in t and "rather" not in t for t in active), active
