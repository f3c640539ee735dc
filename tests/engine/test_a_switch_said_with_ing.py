"""A switch said with "-ing" ("we ended up swapping the trip to Seville", "since switching to
Vodafone the signal is fine", "after swapping my Tuesday class to Thursdays ...") is a change, as
"switched" and "swapped" are. Thinking of switching, switching costs, or swapping between two as
a habit are none."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds


@pytest.mark.parametrize("before, after, old, new", [
    ("We're going to Lisbon for our anniversary in September.",
     "We ended up swapping the anniversary trip to Seville because the flights were cheaper.", "Lisbon", "Seville"),
    ("My phone contract is with EE.", "Since switching my phone contract to Vodafone the signal at home is fine.",
     "EE", "Vodafone"),
    ("My pottery class is on Tuesdays.", "After swapping my pottery class to Thursdays I can finally do Tuesday yoga.",
     "Tuesdays", "Thursdays"),
    ("Our standup is at 9:30.", "Swapping the standup to 10:15 has made mornings so much calmer.", "9:30", "10:15"),
])
def test_a_switch_with_ing_is_a_change(tmp_path, before, after, old, new):
    records = active_after(tmp_path, "Odile", [before, after])
    assert holds(records, new) and not any(old in r and new not in r for r in records), records


@pytest.mark.parametrize("before, after, kept", [
    ("I drink oat milk.", "Thinking of switching to soy milk, any thoughts?", "oat"),
    ("The team uses Slack.", "Switching costs are huge, so we're staying put.", "Slack"),
    ("I work from the Leeds office.", "I keep swapping between the Leeds and York offices depending on meetings.",
     "Leeds office"),
])
def test_no_switch(tmp_path, before, after, kept):
    records = active_after(tmp_path, "Odile", [before, after])
    assert holds(records, kept), records
