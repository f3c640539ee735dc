"""A change of job or home told by its kind, with where the speaker is now ("changed jobs in the
summer, now at a little design studio", "moved out last month, now living in edinburgh", "new job -
I'm at Siemens now"), fills the slot "I work at ..." and "I live in ..." fill: the new employer or
home takes the place of the one a record held, in whatever case it is written. Before, the new one
was kept beside the old. A change told of someone else, or one that names no new place ("now in
the middle of unpacking", "new job starts monday"), replaces nothing."""
from __future__ import annotations

import pytest

from engine.extractor import moved_on
from tests.conftest import assert_new_value_replaced_old, record_texts


@pytest.mark.parametrize("first, change, old, new", [
    ("I work at Accenture.", "changed jobs in the summer, now at a little design studio", "Accenture", "design studio"),
    ("I'm employed by Network Rail.", "new job - I'm at Siemens now", "Network Rail", "Siemens"),
    ("I work for Ocado.", "Switched companies. I'm now working for a bakery chain.", "Ocado", "bakery chain"),
    ("We live in Hackney.", "we moved house in may, we're in Leyton now", "Hackney", "Leyton"),
    ("I live in Glasgow.", "moved out last month, now living in edinburgh", "Glasgow", "edinburgh"),
])
def test_the_new_employer_or_home_replaces_the_old(tmp_path, first, change, old, new):
    assert_new_value_replaced_old(tmp_path, first, change, old, new, "Robin", "2026-03-02", 3)


@pytest.mark.parametrize("first, later, kept", [
    ("I work at EY.", "my brother changed jobs, now at deloitte", "EY"),
    ("I live in Leeds.", "moved house last week, now in the middle of unpacking", "Leeds"),
    ("I work at Boots.", "new job starts monday, bit nervous", "Boots"),
    ("I live in Derby.", "our neighbours moved house, they're in Belper now", "Derby"),
])
def test_a_change_of_someone_else_or_without_a_new_place_replaces_nothing(tmp_path, first, later, kept):
    active = record_texts(tmp_path, [first, later], "Robin", "2026-03-02", 3)
    assert any(kept in t for t in active), active


@pytest.mark.parametrize("text, attribute, value", [
    ("changed jobs in the summer, now at a little design studio", "employer", "a little design studio"),
    ("new job, I'm at Siemens now", "employer", "Siemens"),
    ("moved out last month, now living in edinburgh", "residence", "edinburgh"),
    ("we moved house in may, we're in Leyton now", "residence", "Leyton"),
])
def test_the_new_place_is_read_from_the_change(text, attribute, value):
    assert moved_on(text)[:2] == (attribute, value)


@pytest.mark.parametrize("text", [
    "changed jobs, now at home with the baby",
    "moved house, now in bits honestly",
    "changed jobs, now at a bit of a loose end",
    "new job starts monday",
    "my sister moved house, now in York",
    "moved the sofa, now in the corner",
])
def test_no_place_is_read_where_none_is_said(text):
    assert moved_on(text) is None


def test_what_follows_the_new_place_is_a_statement_of_its_own(tmp_path):
    active = record_texts(tmp_path, ["my manager is Dave", "changed jobs, now at tesco and my manager is Tom"],
                          "Robin", "2026-03-02", 3)
    assert any("Tom" in t for t in active) and not any("Dave" in t for t in active), active


@pytest.mark.parametrize("text", [
    "new job - I'm at the gym now, knackered",
    "new job, now with a longer commute",
    "new job, now at last",
    "changed jobs, now at 40 hours a week",
    "moved house, now in zone 2",
])
def test_where_the_speaker_happens_to_be_is_no_new_place(text):
    assert moved_on(text) is None


@pytest.mark.parametrize("text, kept", [
    ("changed tack: I want shorter answers from now on", "Robin wants shorter answers"),
    ("new job: I'm vegetarian these days", "Robin is vegetarian"),
])
def test_a_change_of_no_job_or_home_before_a_colon_is_a_label(tmp_path, text, kept):
    active = record_texts(tmp_path, [text], "Robin", "2026-03-02", 3)
    assert any(t.startswith(kept) for t in active), active
