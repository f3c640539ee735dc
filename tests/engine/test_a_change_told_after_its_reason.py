"""A change told after its reason, joined by "so" ("my teacher rearranged her diary so my lessons are
on Thursdays now", "the school moved its start time, so I leave at 7:50 now"): what follows "so" is
the statement, of the speaker's thing, and its new value replaces the old. Before, the reason's
subject ("my teacher", "the school") was read as whom the statement is about, and the old value
stayed. As "since <reason>, <statement>" already was. Not a change of the speaker's: someone else's
thing after "so", a "so" that only carries the talk on ("so yeah ...")."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds


@pytest.mark.parametrize("old, new, gone, kept", [
    ("My piano lessons are on Tuesday evenings.", "My teacher rearranged her diary so my lessons are on Thursdays now.",
     "Tuesday", "Thursday"),
    ("I leave for the school run at 8:15.", "The school moved its start time, so I leave at 7:50 now.", "8:15", "7:50"),
    ("Our team standup is at 9:30.", "Priya took over the team so our standup is at 10:15 now.", "9:30", "10:15"),
    ("My physio sessions are on Fridays at the leisure centre.",
     "The clinic lost a room and so my physio sessions are on Mondays now.", "Fridays", "Mondays"),
    ("The kids' swimming lessons are on Saturday mornings.",
     "The pool is doing repairs so the kids' swimming lessons are on Sunday mornings now.", "Saturday", "Sunday"),
    ("My Spanish class is at 6pm on Wednesdays.",
     "Our tutor got a new job so my Spanish class is at 7:30pm on Wednesdays now.", "6pm", "7:30"),
])
def test_a_change_after_its_reason_replaces_the_old_value(tmp_path, old, new, gone, kept):
    texts = active_after(tmp_path, "Lea", [old, new])
    assert not holds(texts, gone), texts
    assert holds(texts, kept), texts


@pytest.mark.parametrize("old, new, kept", [
    ("My piano lessons are on Tuesday evenings.",
     "My sister's teacher rearranged her diary so her lessons are on Thursdays now.", "Tuesday"),
    ("Our team standup is at 9:30.", "It was a long week so yeah I slept in till 10 on Saturday.", "9:30"),
])
def test_no_change_of_the_speakers_thing_leaves_it(tmp_path, old, new, kept):
    texts = active_after(tmp_path, "Lea", [old, new])
    assert holds(texts, kept), texts
