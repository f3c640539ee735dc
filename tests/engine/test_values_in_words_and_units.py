"""Values however they are written, and a change from one value to another however it is said.

- "seventeen", "twenty-five" and "17", "25" are one value; so are "1pm" and "1 pm", "35mm" and
  "35 millimetre": a repeat in other figures is a repeat, and a time of day is a value to change.
- "from <old> to <new>" said of a change done ("ended up moving ... from Tuesdays to Thursdays",
  "switched from A to B") names the old value: the record holding that name is the one changed.
  A habit of going from one to the other ("I change from the 42 to the 17 at the park") changes
  nothing, and a shared number or time does not pick the record ("moved my run from 7am to 6am"
  leaves the dog walk at 7am).
"""
from __future__ import annotations

import pytest

from engine.meaning import values
from tests.conftest import engine_after, record_texts


@pytest.mark.parametrize("a, b", [
    ("Tamsin rents plot seventeen at the Eastfield allotments", "Tamsin's allotment is plot 17"),
    ("the drive takes twenty-five minutes", "the drive takes 25 minutes"),
    ("Orrin naps at 2pm", "Orrin naps at 2 pm"),
    ("a 50mm lens", "a 50 millimetre lens"),
    ("cycles fourteen km", "cycles 14km"),
])
def test_one_value_in_words_figures_or_units(a, b):
    assert values(a, "Tamsin") & values(b, "Tamsin"), (values(a, "Tamsin"), values(b, "Tamsin"))


def test_a_code_is_no_unit():
    assert "4" not in values("the 4G signal is weak at the cabin", "Tamsin")


def _texts(tmp_path, turns: list[str], speaker: str = "Ilse", gap_days: int = 7) -> list[str]:
    return record_texts(tmp_path, turns, speaker, "2026-06-01", gap_days)


@pytest.mark.parametrize("first, change, old, new", [
    ("My life drawing class is on Mondays at the arts centre.",
     "I ended up moving life drawing from Mondays to Wednesdays.", "Mondays", "Wednesdays"),
    ("I climb at Boulderhaus on Weststrasse, mostly after work.",
     "switched from Boulderhaus to Kletterwerk near the station, it's cheaper", "Boulderhaus", "Kletterwerk"),
    ("Our vet is Dr Mabry at Oakfield Vets.",
     "Changed our vet from Dr Mabry to Dr Quayle after the move.", "Mabry", "Quayle"),
])
def test_from_the_old_value_to_the_new(tmp_path, first, change, old, new):
    texts = _texts(tmp_path, [first, change])
    assert any(new in t for t in texts), texts
    assert not any(old in t and new not in t for t in texts), texts


@pytest.mark.parametrize("first, change, old, new", [
    ("Pip naps at 1pm every day, usually for two hours.",
     "Pip goes down for her nap at 12:30 now, straight after lunch.", "1pm", "12:30"),
    ("I start my shift at 7am on weekdays.", "These days my shift starts at 6am on weekdays.", "7am", "6am"),
    ("The shop opens at 9am, Tuesday to Saturday.", "The shop opens at 10am these days, Tuesday to Saturday.",
     "9am", "10am"),
])
def test_a_time_of_day_changed(tmp_path, first, change, old, new):
    texts = _texts(tmp_path, [first, change])
    assert any(new in t for t in texts), texts
    assert not any(old in t and new not in t for t in texts), texts


@pytest.mark.parametrize("first, second, kept", [
    ("I take the Victoria line to work every day.", "On the way in I change from the Victoria line to the Central at Oxford Circus.",
     "Victoria line to work"),
    ("I bank with Starling for everyday spending.", "Every payday I move 200 quid from Starling to my Nationwide savings.",
     "Starling for everyday"),
    ("I type on a Colemak layout.", "When I play games I switch from Colemak to QWERTY.", "Colemak layout"),
    ("I walk the dog at 7am every day.", "I moved my morning run from 7am to 6am.", "dog"),
    ("I take my thyroid tablet at 8am.", "I moved my gym session from 8am to 7am.", "thyroid"),
    ("The bins go out on Tuesdays.", "We moved the book club from Tuesdays to Wednesdays.", "bins"),
])
def test_going_from_one_to_another_as_a_habit_changes_nothing(tmp_path, first, second, kept):
    texts = _texts(tmp_path, [first, second])
    assert any(kept in t for t in texts), texts


@pytest.mark.parametrize("first, second, kept", [
    ("I bank with Starling for everyday spending.",
     "I've been moving money from Starling to Chase every payday to save.", "Starling for everyday"),
    ("We speak English at home.", "We've been switching from English to Welsh at dinner for the kids.", "English at home"),
    ("I usually fly out of Stansted, it's close.", "I'm changing my flight from Stansted to Luton for the Prague trip.",
     "Stansted, it"),
])
def test_a_plan_or_habit_from_one_to_another_changes_nothing(tmp_path, first, second, kept):
    texts = _texts(tmp_path, [first, second])
    assert any(kept in t for t in texts), texts


@pytest.mark.parametrize("first, second, kept", [
    ("I wake up at 6am on weekdays for work.", "On weekends I wake up at 9am.", "6am"),
    ("My road bike runs 25mm tyres.", "My gravel bike runs 40mm tyres.", "25mm"),
    ("I weigh 88kg at the moment.", "My target weight is 80kg.", "88kg"),
])
def test_two_numbers_of_two_attributes_are_two_records(tmp_path, first, second, kept):
    texts = _texts(tmp_path, [first, second])
    assert any(kept in t for t in texts), texts


@pytest.mark.parametrize("first, change, old, new", [
    ("I'm seventy-four kilos at the moment.", "I'm now seventy-one kilos, down three.", "seventy-four", "seventy-one"),
    ("We have two dogs.", "We've got three dogs now, we took in a stray.", "two dogs", "three"),
    ("Our team is twelve people.", "Our team is fifteen people now after the merger.", "twelve", "fifteen"),
])
def test_a_number_in_words_changed(tmp_path, first, change, old, new):
    texts = _texts(tmp_path, [first, change])
    assert any(new in t for t in texts), texts
    assert not any(old in t and new not in t for t in texts), texts
