"""A new value said to hold from the next period on ("from next month the membership is 42 pounds",
"from next term Mila's in Year 5", "from next week bins are collected on Thursdays") is a change:
it takes the old value's place. A stretch of time ("from next month to September I'm in Lisbon")
or a plan ("starting next week I'll try to ...") changes nothing, nor does another thing's new value
("from next month the car insurance is 70" leaves what the allotment costs)."""
from __future__ import annotations

import pytest

from two_sessions import records_after


@pytest.mark.parametrize("old,new,now", [
    ("Our gym membership is 35 pounds a month.", "Got an email, from next month the membership is 42 pounds a month.",
     "42"),
    ("Mila is in Year 4 at Ashgrove.", "From next term Mila's in Year 5.", "Year 5"),
    ("The bin collection is on Tuesdays.", "Council letter: from next week bins are collected on Thursdays.",
     "Thursdays"),
])
def test_a_value_from_the_next_period_takes_the_old_ones_place(tmp_path, old, new, now):
    records = records_after(tmp_path, old, new, speaker="Noor", days=("2026-05-02", "2026-05-20"), at="10:00:00")
    active = [r.text for r in records if r.tier == "active"]
    assert len(active) == 1 and now in active[0], [(r.text, r.tier) for r in records]


@pytest.mark.parametrize("old,new,word", [
    ("I live in Porto.", "From next month to September I'm in Lisbon for work.", "Porto"),
    ("I drink four coffees a day.", "Starting next week I'll try to cut down a bit.", "coffees"),
    ("I work at the depot on Mondays.", "From next week until the 20th I'm on leave.", "depot"),
    # another thing's new value: the record does not name what changed
    ("I'm paying 60 a month for the allotment.", "From next month the car insurance is 70 a month.", "allotment"),
    ("My phone contract is 20 a month.", "From next month the broadband is 30.", "phone"),
])
def test_a_stretch_of_time_or_a_plan_leaves_the_record(tmp_path, old, new, word):
    records = records_after(tmp_path, old, new, speaker="Noor", days=("2026-05-02", "2026-05-20"), at="10:00:00")
    assert any(word in r.text and r.tier == "active" for r in records), [(r.text, r.tier) for r in records]
