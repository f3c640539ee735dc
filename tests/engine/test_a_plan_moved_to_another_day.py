"""A plan moved to another day ("salon texted, they've moved it to the 21st", "airline pushed it
back to the 5th of august", "the play got moved to the 19th") is the plan told before on its new
day: the record of it says the new day in its own words, and the old record (which keeps the old
day) leaves recall. The plan is the one the move is found to update by meaning; else "the play" is
the last plan still to come that names the play, and "it" the one plan still to come. Before, the move was kept beside the plan (or not at all: "pushed it to
march. the 9th."), and the plan kept its old day. A move of no plan held ("moved the sofa to the
window", "bumped my dose up to 20 mg"), or of a record with several days, rewrites nothing. A
booking told in the present ("op's booked for the 22nd of may") is of the next such day."""
from __future__ import annotations

from datetime import date, datetime, timezone

import pytest

from engine.dates import resolve_dates
from engine.extractor import rescheduled, split_sentences
from tests.conftest import record_texts


@pytest.mark.parametrize("first, move, new, old", [
    ("my hair appointment is on the 14th of april", "salon texted, they've moved it to the 21st", "21st", "14th"),
    ("our flight to Faro is on 3 August", "airline pushed it back to the 5th of august", "5th of august", "3 August"),
    ("the school play is on the 12th of december", "the play got moved to the 19th", "19th", "12th"),
    ("my MOT is booked for the 18th of june", "garage rang, moved it to the 25th", "25th", "18th"),
    ("the christening is on 2 june", "we've pushed the christening back to the 16th of june", "16th of june", "2 june"),
])
def test_the_plan_is_kept_on_its_new_day(tmp_path, first, move, new, old):
    active = record_texts(tmp_path, [first, move], "Robin", "2026-03-02", 3)
    moved = [t for t in active if new in t]
    assert moved and all(t != move and "moved" not in t and "pushed" not in t for t in moved), active
    assert not any(old in t for t in active), active


def test_a_day_said_after_the_month_is_part_of_it(tmp_path):
    active = record_texts(tmp_path, ["completion's set for the 14th of november, that's moving day",
                                     "ugh. pushed it to december. the 2nd. the buyer's survey was late"],
                          "Robin", "2026-03-02", 3)
    assert any("december the 2nd" in t and "moving day" in t for t in active), active
    assert not any("14th of november" in t and "december" not in t for t in active), active


@pytest.mark.parametrize("turns, kept", [
    (["my dentist appointment is on the 3rd of may", "we moved the sofa to the window last night"], "3rd of may"),
    (["the optician is on the 9th of june", "the boss moved me to nights from monday"], "9th of june"),
    (["the party is on saturday the 4th of may", "we moved it to the 11th"], None),
])
def test_no_plan_is_rewritten_by_a_move_of_something_else(tmp_path, turns, kept):
    active = record_texts(tmp_path, turns, "Robin", "2026-03-02", 3)
    assert kept is None or any(kept in t for t in active), active
    assert not any(kept is None and "4th of may" in t and "11th" in t for t in active), active


@pytest.mark.parametrize("text, moved", [
    ("pushed it to march", ("it", "march")),
    ("they've rescheduled my scan for next friday", ("my scan", "next friday")),
    ("the exam got moved to november", ("the exam", "november")),
    ("wedding's been pushed back to june", ("wedding", "june")),
    ("moved the sofa to the window", None),
    ("pushed the code to main on friday", None),
    ("they moved me to nights from monday", None),
    ("doc bumped my dose up to 20 mg", None),
    ("moved back to the 3rd floor", None),
])
def test_what_was_moved_and_to_when(text, moved):
    assert rescheduled(text) == moved


def test_a_day_said_alone_after_a_month_joins_it():
    assert split_sentences("pushed it to march. the 9th. van's booked") == ["pushed it to march the 9th.", "van's booked"]


@pytest.mark.parametrize("text, expected", [
    ("cataract op's booked for the 22nd of may", date(2026, 5, 22)),
    ("completion is set for the 14th of february", date(2027, 2, 14)),
    ("we booked for the 14th of february and it was lovely", date(2026, 2, 14)),
])
def test_a_booking_told_in_the_present_is_ahead(text, expected):
    _, when = resolve_dates(text, datetime(2026, 3, 2, 10, tzinfo=timezone.utc))
    assert when.date() == expected


@pytest.mark.parametrize("first, move, now, gone", [
    ("the parents evening is on the 12th at 6", "school moved it to the 14th at 7pm", "7pm", "at 6"),
    ("my physio appointment is on the 19th, at half past nine",
     "clinic rang, the appointment has been moved to the 23rd, at quarter past eleven, physio is off sick",
     "quarter past eleven", "half past nine"),
    ("my haircut is on friday at 4pm", "salon moved it to saturday", "4pm", "friday"),
])
def test_a_time_said_with_the_new_day_takes_the_old_times_place(tmp_path, first, move, now, gone):
    active = record_texts(tmp_path, [first, move], "Robin", "2026-03-02", 3)
    assert any(now in t for t in active), active
    assert not any(gone in t for t in active), active


@pytest.mark.parametrize("first, move, kept", [
    ("my meeting with the bank is on the 10th of march", "my colleague's meeting got moved to the 12th", "10th of march"),
    ("my flight to nice is on 20 march", "my brother's flight got moved to the 22nd", "20 march"),
    ("my dentist check-up is on the 18th of march", "I moved my daughter's check-up to the 25th", "18th of march"),
])
def test_a_plan_of_someone_elses_moved_leaves_the_speakers_own(tmp_path, first, move, kept):
    active = record_texts(tmp_path, [first, move], "Robin", "2026-03-02", 3)
    assert any(kept in t for t in active), active


@pytest.mark.parametrize("first, move, now", [
    ("my driving test is on the 25th of march", "driving test got moved to april 8th", "is on april 8th"),
    ("my visa appointment at vfs is on 17 march", "vfs rescheduled it to 31st march 9:30am", "9:30am"),
    ("our wedding is on 13 june 2027", "we've had to move the wedding to 19 september, venue flooded", "19 september"),
    ("i've got a dentist appointment on the 12th of march at 3pm", "the dentist rang, they've pushed it back to the 19th",
     "19th"),
])
def test_the_new_day_is_written_as_said(tmp_path, first, move, now):
    active = record_texts(tmp_path, [first, move], "Robin", "2026-03-02", 3)
    assert any(now in t and "the the" not in t and "the april" not in t for t in active), active


def test_have_got_is_no_past():
    _, when = resolve_dates("i've got a dentist appointment on the 12th of march at 3pm",
                            datetime(2026, 3, 2, 10, tzinfo=timezone.utc))
    assert when.date() == date(2026, 3, 12)


@pytest.mark.parametrize("turns, kept", [
    (["my dentist appointment is on the 14th of april", "the printer kept jamming so we moved it to the 3rd floor"],
     "14th of april"),
    (["my MOT is on the 14th of april", "so I changed it to summer tyres"], "14th of april"),
    (["my physio is every tuesday at 10am", "they moved it to wednesday"], "every tuesday"),
    (["my flight is on the 18th of april", "my dad moved his flight to the 21st"], "18th of april"),
    (["my dentist appointment is on the 20th of april", "we're off on holiday from the 3rd to the 10th of may",
      "they moved it to the 21st"], "20th of april"),
])
def test_a_plan_not_known_to_be_the_one_moved_stays_as_told(tmp_path, turns, kept):
    active = record_texts(tmp_path, turns, "Robin", "2026-03-02", 3)
    assert any(kept in t for t in active), active


def test_a_day_of_the_month_alone_is_of_the_plans_month(tmp_path):
    active = record_texts(tmp_path, ["my dentist appointment is on the 14th of april", "they moved it to the 21st"],
                          "Robin", "2026-03-02", 3)
    assert any("21st (21 April 2026)" in t for t in active), active


def test_a_move_said_twice_is_one_record(tmp_path):
    active = record_texts(tmp_path, ["my exam got moved to the 3rd of may", "my exam got moved to the 3rd of may"],
                          "Robin", "2026-03-02", 3)
    assert len([t for t in active if "3rd of may" in t]) == 1, active


@pytest.mark.parametrize("text, expected", [
    ("my mum is set for life, she retired on friday", date(2026, 2, 27)),
    ("the room is booked for two nights, we arrived on sunday", date(2026, 3, 1)),
])
def test_set_or_booked_for_no_day_is_no_booking_ahead(text, expected):
    _, when = resolve_dates(text, datetime(2026, 3, 4, 10, tzinfo=timezone.utc))
    assert when.date() == expected


@pytest.mark.parametrize("turns, now, gone", [
    (["the sofa delivery is coming on the 19th of march", "delivery's been moved to monday the 23rd"],
     "monday 23rd (23 March 2026)", "19th"),
    (["interview at 2pm on the 11th", "mum's birthday dinner on the 15th",
      "the recruiter moved the interview to friday the 13th at 11am"], "friday 13th (13 March 2026) at 11am", "2pm"),
])
def test_a_day_of_the_week_with_its_date_and_a_time_before_the_day(tmp_path, turns, now, gone):
    active = record_texts(tmp_path, turns, "Robin", "2026-03-02", 1)
    assert any(now in t for t in active), active
    assert not any(gone in t for t in active), active


def test_a_plan_moved_is_no_new_time_of_it(tmp_path):
    active = record_texts(tmp_path, ["dentist on the 12th", "haircut on the 14th", "moved the haircut to the 21st"],
                          "Robin", "2026-03-02", 1)
    assert not any("again" in t for t in active), active


def test_it_is_no_plan_gone_by(tmp_path):
    active = record_texts(tmp_path, ["i had a vet appointment for the cat on the 1st", "conference in lisbon on the 20th of march",
                                     "it's been pushed to the 25th"], "Robin", "2026-03-02", 2)
    assert not any("vet" in t and "25th" in t for t in active), active
    assert any("lisbon" in t and "25th" in t for t in active), active
