"""What a job's running summary keeps of an assistant's turn: when the user's thing is ("your resit
is on Friday the 14th", "the engineer's visit is tomorrow") is what is ahead, as a next step is.
Before, a date told without a verb of booking or a word of a next step was dropped with the
explanation around it. A day told of no one's thing ("Thursday is a lovely day for a walk") stays out."""
from __future__ import annotations

import pytest

from engine.summarizer import job_state


@pytest.mark.parametrize("sentence", [
    "Your resit is on Friday the 14th, so keep practising the past papers.",
    "Your follow-up appointment is at 2:30pm next Tuesday.",
    "The engineer's visit is tomorrow between 8am and noon.",
    "Your next lesson is Monday at 5.",
])
def test_when_the_users_thing_is_is_kept(sentence):
    assert job_state(sentence) == "task"


@pytest.mark.parametrize("sentence", [
    "Thursday is a lovely day for a walk.",
    "Your question is a good one.",
    "The weather is usually better on Thursdays.",
    "Your answer to Monday's quiz was close.",
])
def test_a_day_of_no_ones_thing_stays_out(sentence):
    assert job_state(sentence) is None
