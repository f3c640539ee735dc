"""A time of the clock is one value however it is written: "4pm", "4 pm", "4:00pm" and "16:00";
"5.30pm" and "17:30"; "07:00" and "7am". Said again on the other clock, a fact is the same memory
said twice, not a new value; a time that did change ("6am" to "6pm") is a new value."""
from __future__ import annotations

import pytest

from engine.meaning import values
from two_sessions import assert_one_active, records_after


@pytest.mark.parametrize("a,b", [("at 4pm", "at 16:00"), ("at 4 pm", "at 4:00pm"), ("by 5.30pm", "by 17:30"),
                                 ("at 07:00", "at 7am"), ("at 12am", "at 0:00"), ("at 9 p.m.", "at 21:00")])
def test_one_time_on_either_clock_is_one_value(a, b):
    assert values(a) == values(b), (values(a), values(b))


@pytest.mark.parametrize("a,b", [("at 4pm", "at 4am"), ("at 16:00", "at 6pm"), ("costs 9.30", "at 9.30am")])
def test_other_times_or_a_price_are_other_values(a, b):
    assert values(a) != values(b)


@pytest.mark.parametrize("old,new,word", [
    ("My shift finishes at 16:00 on weekdays.", "My shift finishes at 4pm on weekdays.", "shift"),
    ("The pharmacy shuts at 5.30pm on Saturdays.", "The pharmacy shuts at 17:30 on Saturdays.", "pharmacy"),
    ("Swim club is at 07:00 on Sundays.", "Swim club is at 7am on Sundays.", "Swim"),
])
def test_a_time_said_again_on_the_other_clock_is_one_memory(tmp_path, old, new, word):
    records = records_after(tmp_path, old, new, speaker="Ines", days=("2026-05-02", "2026-05-20"), at="10:00:00")
    assert_one_active(records, word)
    assert len(records) == 1, [(r.text, r.tier) for r in records]


def test_a_time_that_changed_is_a_new_value(tmp_path):
    records = records_after(tmp_path, "The gym opens at 06:00 on weekdays.", "The gym opens at 7am on weekdays now.",
                            speaker="Ines", days=("2026-05-02", "2026-05-20"), at="10:00:00")
    assert_one_active(records, "7am")
