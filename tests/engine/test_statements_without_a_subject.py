"""A statement that opens with the speaker's doing and leaves its subject out ("Living in a studio
in Bristol at the moment, ...", "Driving an old Peugeot these days, ...") is the speaker's, however
many names stand before the speaker's own in its record: a later change of home, car or job
supersedes it. A change of someone else's leaves it."""
from __future__ import annotations

import pytest

from two_sessions import assert_replaced, records_after

DAYS = ("2026-05-02", "2026-05-09")


@pytest.mark.parametrize("old,new,old_word,new_word", [
    ("Living in a studio in Bristol at the moment, which is fine since I work from home.",
     "We've moved to Cardiff, bought a terraced house in Canton.", "bristol", "cardiff"),
    ("Driving an old Peugeot 206 these days, my brother gave it to me when he emigrated.",
     "I traded the Peugeot in for a Skoda Fabia last week.", "206", "fabia"),
    ("Renting a room in Hackney from a friend of my cousin, it's cheap enough for me.",
     "I moved to a flatshare in Peckham at the start of the month.", "hackney", "peckham"),
])
def test_a_change_supersedes_a_statement_without_a_subject(tmp_path, old, new, old_word, new_word):
    assert_replaced(records_after(tmp_path, old, new, speaker="Dana", days=DAYS, at="10:00:00"), old_word, new_word)


@pytest.mark.parametrize("old,new,word", [
    ("Living in Bristol with my partner, we love it.", "My sister moved to Cardiff last month.", "bristol"),
    ("Working at Greggs on Market Street until I finish my degree.",
     "My flatmate Jo just started at Pret on King Street.", "greggs"),
    ("Driving an old Peugeot 206 these days.", "Dad traded his Ford in for a Skoda Fabia.", "peugeot"),
])
def test_someone_elses_change_leaves_it(tmp_path, old, new, word):
    records = records_after(tmp_path, old, new, speaker="Dana", days=DAYS, at="10:00:00")
    assert any(r.tier == "active" and word in r.text.lower() for r in records), [(r.text, r.tier) for r in records]
