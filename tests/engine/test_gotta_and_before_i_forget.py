"""Chat's "has gotta" is a modal of obligation as "has to" is ("every receipt's gotta be scanned",
"any playlist you make us has gotta be under an hour"), and "Before I forget:", "Before anything
else," open a rule as "First off," does; "keep every answer under 200 words" is a rule of the format as
"keep all your answers ..." is. None turns a feeling, a plan or a story into a rule."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("Any playlist you make us has gotta be under an hour, the drive's only 55 minutes.", "under an hour"),
    ("Every receipt's gotta be scanned before the 5th of the month.", "scanned"),
    ("all the emails you draft for me have gotta be signed off with just my initials", "initials"),
    ("The cat's gotta always be in by dark, there are foxes around.", "by dark"),
])
def test_gotta_says_a_rule(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Bram", text)
    assert any(kind == "constraint" and word in t.lower() for kind, t in kept), kept


@pytest.mark.parametrize("text, word", [
    ("Before I forget: never book me anything before 10am.", "10am"),
    ("Before anything else, no more than three bullet points per answer.", "three bullet"),
    ("Before we go any further - every recipe you suggest must be gluten-free.", "gluten-free"),
    ("Before anything else: always use metric units with me.", "metric"),
    ("Before I forget, keep every answer under 200 words.", "200 words"),
    ("Before we dive in: don't ever give me code in Java.", "java"),
])
def test_an_opener_before_a_rule(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Bram", text)
    assert any(kind == "constraint" and word in t.lower() for kind, t in kept), kept


@pytest.mark.parametrize("text, word", [
    ("Make each explanation beginner-friendly, I'm new to this.", "beginner-friendly"),
    ("Please write every email in a formal tone from now on.", "formal"),
    ("Send me each summary as a bulleted list.", "bulleted"),
])
def test_every_answer_is_each_one_of_them(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Bram", text)
    assert any(kind == "constraint" and word in t.lower() for kind, t in kept), kept


@pytest.mark.parametrize("text", [
    "Every answer you gave me yesterday was spot on.",
    "Each email I get from the school is in German.",
    "Every time I hear that song I gotta dance.",
    "All of us have gotta admit the ending was clever.",
    "Before I forget my umbrella again I'm buying a second one.",
])
def test_no_rule(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Bram", text)
    assert not any(kind == "constraint" for kind, _ in kept), kept
