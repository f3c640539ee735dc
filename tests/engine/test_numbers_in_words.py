"""A number said in words is a value: "five days a week" after "four days a week" is a new value,
not the record said again (the new value was merged into the old record and lost)."""
from __future__ import annotations

import pytest

from engine.meaning import values
from two_sessions import records_after

DAYS = ("2026-02-10", "2026-02-17")


@pytest.mark.parametrize("old, new, word", [
    ("My commute is forty minutes each way.", "My commute is twenty minutes now that the new line opened.", "forty"),
    ("I have two cats at home.", "we adopted a kitten, so I've got three cats now", "two"),
    ("I sleep about six hours a night.", "I'm sleeping eight hours a night now that the baby sleeps through.", "six"),
])
def test_a_new_number_in_words_supersedes_the_old(tmp_path, old, new, word):
    recs = records_after(tmp_path, old, new, speaker="Pia", days=DAYS, at="12:00:00")
    olds = [r for r in recs if word in (r.text or "")]
    assert olds and all(r.tier == "superseded" for r in olds), [(r.text, r.tier) for r in recs]
    assert any(r.tier == "active" for r in recs)


def test_numbers_in_words_are_values_and_one_is_not():
    assert values("Pia works four days a week", "Pia") == frozenset({"4"})
    assert values("Pia has 4 kids", "Pia") == values("Pia has four kids", "Pia")
    assert values("the one Pia likes is green", "Pia") == frozenset()
