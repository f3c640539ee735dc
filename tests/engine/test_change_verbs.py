"""A value changed with a verb that reaches the new one ("moved all my savings from Barclays to
Monzo", "raised my daily step goal to 10,000 steps") supersedes the record of the old value, however
many words stand between the verb and "to"."""
from __future__ import annotations

import pytest

from two_sessions import records_after


@pytest.mark.parametrize("old,new,now", [
    ("My savings are with Barclays.", "I moved all my savings from Barclays to Monzo.", "Monzo"),
    ("My phone plan is 20 pounds a month.", "I upped my phone plan from 20 to 25 pounds a month.", "25"),
    ("My daily step goal is 8,000 steps.", "I raised my daily step goal to 10,000 steps.", "10,000"),
])
def test_a_verb_that_reaches_the_new_value_supersedes_the_old(tmp_path, old, new, now):
    records = records_after(tmp_path, old, new, speaker="Ayla", days=("2026-05-02", "2026-05-07"), at="10:00:00")
    active = [r for r in records if r.tier == "active"]
    assert len(active) == 1 and now in active[0].text, [r.text for r in active]
