"""This round's readings answer long odd input as they answer short input: a long run of
auxiliaries before a move, of "I moved it to the", of dates written after dates, of "now at", of
"new job," and of words inside a rule or a budget. (They are read in linear time; a test asserts
what they answer, not how fast.)"""
from __future__ import annotations

from datetime import datetime, timezone

from engine.dates import date_phrases
from engine.extractor import extract, moved_on, rescheduled, split_sentences

AT = datetime(2026, 3, 2, 10, tzinfo=timezone.utc)


def test_a_long_run_of_auxiliaries_is_no_move():
    assert rescheduled("the exam " + "been " * 10000 + "moved") is None


def test_a_long_run_of_moves_without_a_day_is_no_move():
    assert rescheduled("I moved it to the " * 3000) is None


def test_dates_written_after_no_day_are_no_date_phrases():
    assert date_phrases("(4 March 2026) " * 5000) == []


def test_a_long_run_of_now_at_is_read_to_its_end():
    attribute, value, _ = moved_on("changed jobs, " + "now at " * 5000 + "tesco")
    assert attribute == "employer" and value.endswith("tesco")


def test_a_long_run_of_new_job_keeps_nothing():
    assert extract("new job, " * 5000, role="user", speaker="Robin", occurred_at=AT) == []


def test_long_rules_and_budgets_are_read_as_short_ones():
    said = ["nothing " * 5000 + "gets booked before 2pm", "budget for the " + "big " * 5000 + "kitchen is 12k"]
    kinds = [[c.kind for c in extract(t, role="user", speaker="Robin", occurred_at=AT)] for t in said]
    assert kinds == [["constraint"], []]


def test_a_long_run_of_days_after_moves_joins_in_pairs():
    assert split_sentences("pushed it to march. the 9th. " * 2000) == ["pushed it to march the 9th."] * 2000
