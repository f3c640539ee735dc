"""A value said to hold "from this week onwards", "from now onwards" or "from next month onwards"
replaces the one it changes, also where the record's text gives the date in brackets ("from this
week (week of 9 March 2026) onwards", "from today (16 March 2026) on")."""
from __future__ import annotations

import pytest

from two_sessions import active_after


@pytest.mark.parametrize("said, new, old, now", [
    ("I'm posted at the Dockside warehouse for my night shifts.",
     "bit of news - the agency moved things around, I'm covering the Riverside depot from this week onwards", "Dockside",
     "Riverside"),
    ("My yoga class is on Tuesdays at 6pm.", "From next month onwards my yoga class is Thursdays at 7pm.", "Tuesdays",
     "Thursdays"),
    ("The twins' pocket money is 5 pounds a week.",
     "Family meeting tonight went well, from today on it's 7 pounds a week each.", "5 pounds", "7 pounds"),
    ("Our bins get collected on Mondays.", "The council says from this month onwards collection is on Wednesdays.",
     "Mondays", "Wednesdays"),
])
def test_a_value_from_a_time_onwards_replaces_the_old(tmp_path, said, new, old, now):
    texts = active_after(tmp_path, "Anjali", [said, new])
    assert not any(old in t and now not in t for t in texts), texts
    assert any(now in t for t in texts), texts
