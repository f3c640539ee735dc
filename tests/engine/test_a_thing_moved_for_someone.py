"""A thing moved that is named for whom it is ("we moved the MRI scan for my wife to the 11th") is
that person's: it replaces their record ("my wife's MRI scan is on the 4th"), and leaves the
speaker's own, or another relation's, as it was. The day a thing is moved to is ahead, however the
move is told."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engine.dates import resolve_dates
from two_sessions import active_after, holds


@pytest.mark.parametrize("before, after, old, new", [
    ("My grandad's hearing aid fitting is on the 21st.", "I rescheduled the hearing aid fitting for my grandad to the 28th.",
     "21st", "28th"),
    ("My wife's MRI scan is on the 4th.", "We moved the MRI scan for my wife to the 11th.", "4th", "11th"),
    ("My nephew's football trial is on the 14th.", "I swapped the football trial for my nephew to the 20th.",
     "14th", "20th"),
    ("My daughter's violin lesson is on Wednesdays.", "We shifted the violin lesson for my daughter to Fridays.",
     "Wednesday", "Friday"),
])
def test_a_thing_moved_for_someone_replaces_their_record(tmp_path, before, after, old, new):
    records = active_after(tmp_path, "Kemi", [before, after])
    assert holds(records, new) and not any(old in r and new not in r for r in records), records


@pytest.mark.parametrize("before, after, kept, moved", [
    ("My piano lesson is on Mondays.", "I moved the piano lesson for my niece to Wednesdays.", "Monday", "Wednesday"),
    ("My sister's yoga class is on Tuesdays.", "We moved the yoga class for my mum to Thursdays.", "Tuesday",
     "Thursday"),
    ("My son's eye test is on the 9th.", "I moved the eye test for my husband to the 16th.", "9th", "16th"),
])
def test_a_thing_moved_for_someone_else_leaves_the_record(tmp_path, before, after, kept, moved):
    records = active_after(tmp_path, "Kemi", [before, after])
    assert holds(records, kept) and holds(records, moved), records


@pytest.mark.parametrize("text, label", [
    ("I rebooked it to the 15th.", "the 15th (15 March 2026)"),
    ("They pushed the hearing to the 2nd", "the 2nd (2 April 2026)"),
    ("we moved the party to the 28th, everyone was fine with it", "the 28th (28 March 2026)"),
])
def test_the_day_a_thing_is_moved_to_is_ahead(text, label):
    rewritten, _ = resolve_dates(text, datetime(2026, 3, 10, 9, 0, tzinfo=timezone.utc))
    assert label in rewritten, rewritten
