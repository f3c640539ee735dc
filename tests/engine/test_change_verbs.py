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


@pytest.mark.parametrize("old,new,now", [
    # the person who moved it is typed in lower case: the day of the week is the value that changed
    ("My physio sessions with Dr Patel are on Mondays.", "dr patel moved my physio to fridays", "fridays"),
    ("Band rehearsal with Jonno is Wednesdays at 8.", "jonno has shifted rehearsal to thursdays", "thursdays"),
    ("My shift at the Boots pharmacy is on Saturdays.", "boots changed my shift to sundays", "sundays"),
    ("Maths tutoring with Mr Lowe is every Tuesday.", "mr lowe bumped tutoring to wednesday this term", "wednesday"),
])
def test_a_day_of_the_week_typed_in_lower_case_is_a_new_value(tmp_path, old, new, now):
    records = records_after(tmp_path, old, new, speaker="Ayla", days=("2026-05-02", "2026-05-09"), at="10:00:00")
    active = [r for r in records if r.tier == "active"]
    assert len(active) == 1 and now in active[0].text, [r.text for r in active]


def test_a_day_said_again_in_lower_case_is_no_change(tmp_path):
    records = records_after(tmp_path, "Choir practice is on Wednesdays.",
                            "choir is still on wednesdays, and I've joined the altos", speaker="Ayla",
                            days=("2026-05-02", "2026-05-09"), at="10:00:00")
    assert any("Wednesdays" in r.text and r.tier == "active" for r in records), [(r.text, r.tier) for r in records]
