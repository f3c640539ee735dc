"""What a job's running summary keeps of an assistant's turn: when the user's thing is ("your resit
is on Friday the 14th", "your flight's at 6am tomorrow") is what is ahead, as a next step is.
Before, a date told without a verb of booking or a word of a next step was dropped with the
explanation around it. What was, a condition, what someone else said, a day of no one's thing and
a rank stay out."""
from __future__ import annotations

import pytest

from engine.summarizer import job_state


@pytest.mark.parametrize("sentence", [
    "Your resit is on Friday the 14th, so keep practising the past papers.",
    "Your follow-up appointment is at 2:30pm next Tuesday.",
    "Your flight's at 6am tomorrow.",
    "Just a reminder, your MOT is on the 21st.",
    "Your next lesson is Monday at 5.",
])
def test_when_the_users_thing_is_is_kept(sentence):
    assert job_state(sentence) == "task"


@pytest.mark.parametrize("sentence", [
    "Thursday is a lovely day for a walk.",
    "Your question is a good one.",
    "The weather is usually better on Thursdays.",
    "Your answer to Monday's quiz was close.",
    "Your last lesson was Monday at 5.",
    "If your resit is on Friday, start revising on Monday.",
    'He said "your exam is on Monday" but that was a joke.',
    "The film is on tonight at 9pm on BBC One.",
    "Your cat is 12th in line.",
    "Your password is 12:34",
])
def test_a_day_of_no_ones_thing_stays_out(sentence):
    assert job_state(sentence) is None


@pytest.mark.parametrize("sentence", [
    "Your order is now on the 12th, I've confirmed it with the shop.",
    "Your deadline is today, and it's been submitted.",
])
def test_an_outcome_told_with_its_day_stays_an_outcome(sentence):
    assert job_state(sentence) == "outcome"


def test_sat_as_a_verb_is_no_day():
    assert job_state("Your mum's sat in the waiting room.") is None
