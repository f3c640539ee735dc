"""Finishing a course, a treatment or a contract ends it ("finished my diploma on Friday"); finishing a
book or a meal ends nothing standing. A tie whose record holds its noun ends however the tie is
named ("cancelled my gym membership" / "has had a membership at Fitness First"), unless a name in
the end is missing from the record. A pill, a shift or a session is known by what it is for."""
from __future__ import annotations

import pytest

from engine.meaning import ended, ends

S = "Ines"


@pytest.mark.parametrize("said, record", [
    ("Finished my apprenticeship last week!!", "Ines is doing an electrical apprenticeship with a firm in Derby"),
    ("I completed the physio programme on Monday, knee is good", "Ines goes to physio twice a week for her knee"),
    ("finished the nursing degree, results are out", "Ines is studying a nursing degree at Salford"),
])
def test_finishing_a_course_ends_it(said, record):
    stop = ended(said, S)
    assert stop is not None and ends(stop, record, S), stop


@pytest.mark.parametrize("said", [
    "I finished the book last night, what a twist",
    "finished my coffee and ran for the bus",
    "Completed the crossword in ten minutes!",
])
def test_finishing_a_thing_done_once_ends_nothing(said):
    assert ended(said, S) is None


@pytest.mark.parametrize("said, record, other", [
    ("I cancelled my gym membership yesterday", "Ines has had a membership at Fitness First for a year",
     "Ines has a gym buddy called Rosa"),
    ("let my climbing wall pass lapse", "Ines has a monthly pass at The Arch, uses it twice a week",
     "Ines climbs with her brother"),
    ("cancelled the Guardian subscription", "Ines has a Guardian subscription, print at weekends",
     "Ines has a Times subscription on her phone"),
])
def test_a_tie_whose_noun_the_record_holds(said, record, other):
    stop = ended(said, S)
    assert stop is not None and ends(stop, record, S) and not ends(stop, other, S), stop


@pytest.mark.parametrize("said, record, other", [
    ("stopped taking my migraine tablets", "Ines takes sumatriptan for her migraines", "Ines takes vitamin D in winter"),
    ("gave up my Sunday bar shift", "Ines works Sundays at a cocktail bar in Ancoats", "Ines sings in a band at weekends"),
    ("dropped the Tuesday spin sessions", "Ines does spin at the leisure centre on Tuesdays", "Ines cycles to work"),
])
def test_a_pill_a_shift_or_a_session_is_known_by_what_it_is_for(said, record, other):
    stop = ended(said, S)
    assert stop is not None and ends(stop, record, S) and not ends(stop, other, S), stop
