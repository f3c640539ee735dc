"""A "now" statement changes a record only when both are of one thing.

With their values masked, two short statements read alike whatever they are of ("my parking permit
is now <x> a month" / "my phone contract is <x> a month"). "Now" alone is a weak cue: the new
statement replaces the old one when they share a word of their frame ("rent", "commute", "book
club"; units such as "a month" do not count), or read much closer than the weak cue's bar and give
a name: times, numbers and days are values of attributes of every kind ("now finish work at 4pm" /
"pick the kids up at 3:30").

A routine said in the present with a time of the clock ("I now log on at 9am") is a standing fact,
and "noon", "midday" and "midnight" are values as "11pm" is.
"""
from __future__ import annotations

import pytest

from tests.conftest import engine_after


def _tiers(tmp_path, old: str, new: str) -> tuple[list[str], list[str]]:
    """(active texts, inactive texts) after the old statement, then a week later the new one."""
    with engine_after(tmp_path, [old, new], "Ottilie", "2026-04-06", 7) as eng:
        recs = eng.records("t", "u", include_inactive=True)
        return ([r.text for r in recs if r.tier == "active"], [r.text for r in recs if r.tier != "active"])


@pytest.mark.parametrize("old, new, word", [
    ("My phone contract is 20 a month.", "My parking permit is now 45 a month.", "contract"),
    ("I visit my gran on Sundays.", "We now eat out on Fridays.", "gran"),
    ("I go climbing on Thursdays.", "I'm now doing Spanish classes on Tuesdays.", "climbing"),
    ("My car insurance is 600 a year.", "My rent is now 1,100 a month.", "insurance"),
])
def test_a_now_statement_of_another_thing_leaves_the_record(tmp_path, old, new, word):
    active, inactive = _tiers(tmp_path, old, new)
    assert any(word in t for t in active), (active, inactive)


@pytest.mark.parametrize("old, new, old_value", [
    ("My commute takes 40 minutes.", "My commute is now 25 minutes.", "40"),
    ("The book club meets on Tuesdays.", "Book club now meets on Thursdays.", "Tuesdays"),
    ("My gym membership costs 30 pounds a month.", "My gym membership is now 36 pounds a month.", "30"),
    ("I live in Glasgow.", "I'm now living in Dundee.", "Glasgow"),
])
def test_a_now_statement_of_the_same_thing_replaces_it(tmp_path, old, new, old_value):
    active, inactive = _tiers(tmp_path, old, new)
    assert not any(old_value in t for t in active), active
    assert any(old_value in t for t in inactive), inactive


@pytest.mark.parametrize("old, new, word", [
    ("I pick the kids up at 3:30.", "I now finish work at 4pm.", "3:30"),
    ("I do the school run at 8:15.", "I now log on at 9am.", "8:15"),
    ("My piano lesson is on Mondays.", "I now volunteer on Thursdays.", "Mondays"),
])
def test_a_new_time_of_another_routine_leaves_the_record(tmp_path, old, new, word):
    active, inactive = _tiers(tmp_path, old, new)
    assert any(word in t for t in active), (active, inactive)
    assert len(active) == 2, active


@pytest.mark.parametrize("old, new, old_value", [
    ("My shift ends at 10pm.", "My shift now ends at midnight.", "10pm"),
    ("I eat lunch at 1pm.", "I now eat lunch at noon.", "1pm"),
    ("I finish work at 5pm.", "I now finish work at 4pm.", "5pm"),
])
def test_a_new_time_of_the_same_routine_replaces_it(tmp_path, old, new, old_value):
    active, inactive = _tiers(tmp_path, old, new)
    assert not any(old_value in t for t in active), active
    assert any(old_value in t for t in inactive), inactive


@pytest.mark.parametrize("said, value", [
    ("I now log on at 9am.", "9am"),
    ("I now walk the dog at 6am.", "6am"),
    ("We now eat around 6:30.", "6:30"),
])
def test_a_routine_at_a_time_of_the_clock_is_kept(tmp_path, said, value):
    with engine_after(tmp_path, [said], "Ottilie", "2026-04-06", 7) as eng:
        facts = [r.text for r in eng.records("t", "u") if r.kind == "fact"]
    assert any(value in t for t in facts), facts
