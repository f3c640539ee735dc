"""How often something happens is a value, as a number or a day is: "the dog walker comes daily
now" gives "comes three times a week" a new value, where it was read as the same statement said
again and the new frequency was lost. The same frequency in other words ("weekly" / "once a
week") is no new one."""
from __future__ import annotations

import pytest

from engine.meaning import frequencies, values
from two_sessions import active_after, holds


@pytest.mark.parametrize("before, after, old, new", [
    ("The dog walker comes three times a week.", "the dog walker comes daily now since I'm back in the office",
     "three times a week", "daily"),
    ("Mum's carers visit twice a day.", "Mum's carers visit four times a day now after the fall.", "twice a day",
     "four times a day"),
    ("We get the veg box every other week.", "we've gone to a weekly veg box, we were running out", "every other week",
     "weekly"),
    ("My hair appointment is every six weeks.", "hair appointments are monthly now, the grey shows faster",
     "every six weeks", "monthly"),
])
def test_a_new_frequency_replaces_the_old(tmp_path, before, after, old, new):
    records = active_after(tmp_path, "Noor", [before, after])
    assert holds(records, new) and not any(old in r and new not in r for r in records), records


@pytest.mark.parametrize("a, b", [
    ("weekly", "once a week"), ("every week", "once per week"), ("fortnightly", "every other week"),
    ("every two weeks", "once a fortnight"), ("daily", "every day"), ("monthly", "once a month"),
])
def test_one_frequency_in_other_words(a, b):
    assert frequencies(a) == frequencies(b) != frozenset()


@pytest.mark.parametrize("text", ["every Friday", "the weekend", "a week ago", "this month", "two weeks in Crete"])
def test_no_frequency(text):
    assert not any(v.startswith("every:") for v in values(text))
