"""What a tutoring job's running summary keeps of a tutor's turn: what the learner's work showed
("your weak spot is the dative-only prepositions", "the main gap is fractions with unlike
denominators", "you keep mixing up the present perfect and the past simple") is a finding, and
homework set ("homework before next time: ...", "for next lesson, practise ...", "as homework,
translate ...") is an open task. Before, both were dropped as explanation. Explanation, homework
talked of and a gap in the world stay out."""
from __future__ import annotations

import pytest

from engine.summarizer import job_state


@pytest.mark.parametrize("sentence", [
    "Your weak spot is the passive voice with modal verbs.",
    "The main gap is your understanding of fractions with unlike denominators.",
    "Your biggest weakness right now is the subjunctive after 'il faut que'.",
    "Where you struggle most is with limits at infinity.",
    "You keep mixing up the present perfect and the past simple.",
    "The main gap in your knowledge is organic chemistry mechanisms.",
    "You keep confusing mitosis and meiosis.",
    "Your weakest area is algebra, especially factorising.",
])
def test_what_the_learners_work_showed_is_a_finding(sentence):
    assert job_state(sentence) == "outcome"


@pytest.mark.parametrize("sentence", [
    "Homework before next time: translate the dialogue on page 12 into French.",
    "For next lesson, practise the C major scale hands together at 60 bpm.",
    "As homework, do questions 4 to 9 on the worksheet.",
    "Your assignment for Thursday is to read chapter 4 and summarise it in 200 words.",
])
def test_homework_set_is_a_task(sentence):
    assert job_state(sentence) == "task"


@pytest.mark.parametrize("sentence", [
    "Homework can be stressful for kids at that age.",
    "Homework is important because it consolidates learning.",
    "Your homework was excellent this week.",
    "Homework for young kids is mostly pointless, research says.",
    "The assignment for this module is worth 40% of the grade.",
    "By next week the swelling should go down on its own.",
    "For next time, it helps to know that the passive is formed with 'be'.",
    "Her weakness is chocolate, apparently.",
    "The pay gap is a well-known issue.",
    "You keep getting better at this!",
    "Their weak spot was the defence in the second half.",
    "The gap between the two buildings is about ten metres.",
    "German uses the present tense for something that started in the past.",
    "Where you go from here is entirely up to you.",
])
def test_explanation_stays_out(sentence):
    assert job_state(sentence) is None
