"""A value said to hold "from here on", "from this point on", "going forward" or "henceforth", or a
thing said to be amended to a value, is a change of the one it replaces ("going forward we get 150Mb" of "our
broadband is 67Mb"), told in a narrative beside what happened as in a sentence of its own. Before,
without a word of change the engine knew, the old value stood beside the new."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds


@pytest.mark.parametrize("said, new, old, now", [
    ("Our fibre package is 80Mb with BT.",
     "BT rang this morning, and going forward our fibre is 300Mb at the same price.", "80Mb", "300Mb"),
    ("The community hall hire is 18 pounds an hour.",
     "Trustees met last week and it's 24 pounds an hour henceforth, heating included.", "18 pounds", "24 pounds"),
    ("My data plan with Three has 12GB a month.",
     "Three emailed on Friday; from this point on my plan includes 40GB a month.", "12GB", "40GB"),
    ("The swimming club fee is 55 pounds a term.",
     "Had the AGM on Wednesday. They amended the junior fees to 62 pounds a term.", "55 pounds", "62 pounds"),
    # said first, before the speaker's habit ("from this point on I start at 8am")
    ("I start work at 9am.", "from this point on I start at 8am because of the new contract", "9am", "8am"),
    ("We walk the dog at 6pm.", "Going forward we walk him at 7pm, it's cooler.", "6pm", "7pm"),
])
def test_a_value_from_here_on_replaces_the_old(tmp_path, said, new, old, now):
    texts = active_after(tmp_path, "Rosa", [said, new])
    assert not any(old in t and now not in t for t in texts), texts
    assert holds(texts, now), texts


@pytest.mark.parametrize("said, new, kept", [
    # going forward with a plan is no new value of anything
    ("The kitchen extension budget is 40,000 pounds.",
     "We're going forward with the extension after all, the builder starts in June.", "40,000"),
    # another thing amended is no new value of this one
    ("My contract is 37.5 hours a week.", "They amended my job title, I'm a Senior Analyst on paper now.", "37.5"),
])
def test_going_forward_with_a_plan_or_another_thing_amended_changes_nothing(tmp_path, said, new, kept):
    texts = active_after(tmp_path, "Rosa", [said, new])
    assert holds(texts, kept), texts
