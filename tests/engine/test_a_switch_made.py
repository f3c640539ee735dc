"""A switch made ("had to switch", "decided to switch", "I've had to switch to ...") is a change:
the new value supersedes the standing record of the same thing. Known misses (strict xfail): where
the switch is told in a clause of its own and the new value in another, the two statements read
too far apart for the change bar."""
from __future__ import annotations

import pytest

from tests.conftest import engine_after


@pytest.mark.parametrize("first, change, old, new", [
    ("I swim at the Leisure Centre pool on Monday evenings.",
     "The pool hours changed so I had to switch, I'm swimming on Wednesday evenings now.", "Monday", "Wednesday"),
    ("We get our veg box from Hill Farm every Thursday.",
     "Hill Farm stopped deliveries, so we decided to switch to Brook Farm for the veg box.", "Hill Farm", "Brook Farm"),
    ("My spin class is the 7pm one at Pulse Gym.",
     "Work got busy and I've had to switch to the 6am spin class.", "7pm", "6am"),
    pytest.param("I do the Thursday evening yoga class at the studio.",
                 "The studio changed its timetable so I had to switch, I do the Tuesday class now.", "Thursday", "Tuesday",
                 marks=pytest.mark.xfail(reason="the clauses read under the change bar", strict=True)),
    # (the clause that says the change is of its own subject, the kids: engine.meaning.relate)
    ("The kids go to Sunny Days nursery on Elm Road.",
     "Their fees doubled so we needed to switch, the kids are at Little Oaks nursery now.", "Sunny Days",
     "Little Oaks"),
])
def test_a_switch_made_supersedes_the_record_it_changes(tmp_path, first, change, old, new):
    with engine_after(tmp_path, [first, change], "Kit", "2026-03-02", 9) as engine:
        active = [r.text for r in engine.records("t", "u")]
    assert any(new in t for t in active), active
    assert not any(old in t and new not in t for t in active), active
