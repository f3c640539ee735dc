"""A new value told in passing takes the old one's place:

- from this period on ("from this month the rent is 950", "starting this week the bins go out on
  Wednesdays"), as from the next one already did; not a stretch of time ("from this month to June");
- a time given more of ("they extended the grant deadline, it's the 30th of June now, such a
  relief"), where before only the plain "the deadline is the 30th now" did; not "my extended
  family" nor a room built bigger;
- a value raised by whoever sets it, named only as "it" ("the landlord put it up, it's 1300 a month
  from May"), where before the landlord was read as whose the rent is.

Each pair was two memories before (the old value still active)."""
from __future__ import annotations

import pytest

from two_sessions import active_after, assert_replaced, records_after


def _after(tmp_path, old, new):
    return records_after(tmp_path, old, new, speaker="Ilse", days=("2026-03-02", "2026-03-06"), at="10:00:00")


@pytest.mark.parametrize("old, new, old_word, new_word", [
    ("my rent is 900 a month", "landlord news: from this month the rent is 950", "900", "950"),
    ("Maya's swimming lesson is on Thursdays",
     "from this term Maya's swimming lesson is on Tuesdays, the pool changed the rota", "thursday", "tuesday"),
    ("our bins go out on Mondays", "starting this week the bins go out on Wednesdays", "monday", "wednesday"),
])
def test_a_value_from_this_period_on(tmp_path, old, new, old_word, new_word):
    assert_replaced(_after(tmp_path, old, new), old_word, new_word)


@pytest.mark.parametrize("old, new, old_word, new_word", [
    ("the grant application deadline is the 15th of June",
     "they extended the grant deadline, it's the 30th of June now, such a relief honestly", "15th", "30th"),
    ("the tax return is due on 31 January",
     "HMRC extended the tax return deadline, it's 28 February now, lucky us", "31 january", "28 february"),
    ("the exhibition closes on Sunday",
     "the gallery extended the exhibition, it closes on the 30th now, so we can still go", "sunday", "30th"),
])
def test_a_time_given_more_of(tmp_path, old, new, old_word, new_word):
    assert_replaced(_after(tmp_path, old, new), old_word, new_word)


@pytest.mark.parametrize("old, new, old_word, new_word", [
    ("our rent is 1200 a month", "re the rent, the landlord put it up, it's 1300 a month from May, great", "1200", "1300"),
    ("the kids' nursery fees are 900 a month",
     "quick one on nursery fees, the nursery bumped it up, it's 960 a month now, ouch", "900", "960"),
    ("my hourly rate at the cafe is 11.50", "good news on pay, my boss put it up, it's 12.40 an hour now", "11.50", "12.40"),
])
def test_a_value_put_up_by_whoever_sets_it(tmp_path, old, new, old_word, new_word):
    assert_replaced(_after(tmp_path, old, new), old_word, new_word)


@pytest.mark.parametrize("old, new, word", [
    ("I work from home on Fridays", "from this month to June I'm in the office every day", "home on Fridays"),
    ("my mum lives in Leeds", "my extended family is coming over from Leeds this weekend", "mum lives"),
    ("our kitchen is tiny", "we extended the kitchen last year, it's lovely", "tiny"),
    ("my warranty on the laptop lasts 1 year", "I bought the extended warranty for the fridge, it's 3 years", "laptop"),
    # (found by a review)
    ("my laptop warranty lasts 1 year", "I bought extended warranty for the fridge", "laptop"),
    ("our house has 3 bedrooms", "the house was extended in the 1970s", "3 bedrooms"),
])
def test_no_change_of_the_old_value(tmp_path, old, new, word):
    active = active_after(tmp_path, "Ilse", [old, new])
    assert any(word in a for a in active), active
