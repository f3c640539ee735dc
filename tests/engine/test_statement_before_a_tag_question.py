"""A statement followed by a tag question ("..., seems fair?", "..., too much?") is told as such.

The short question asks what the listener makes of the statement, so the statement is kept as it
would be without the question. A question of its own after a statement ("..., can you help me
revise after?") is not a tag, nor is a name said to someone, a list going on, or a question of
the speaker's.
"""
from __future__ import annotations

import pytest

from engine.extractor import told_before_question
from tests.conftest import engine_after


@pytest.mark.parametrize("sentence, told", [
    ("the kennel charges 28 a night for two dogs, seems fair?", "the kennel charges 28 a night for two dogs."),
    ("our coach moved Saturday training to 8am - ok?", "our coach moved Saturday training to 8am."),
    ("I paid 60 for the clutch cable, too much?", "I paid 60 for the clutch cable."),
    ("the harbour master says moorings go up to 900 a year, normal?",
     "the harbour master says moorings go up to 900 a year."),
    ("my sourdough starter is fed twice a day, sound right?", "my sourdough starter is fed twice a day."),
])
def test_a_tag_question_leaves_the_statement_before_it(sentence, told):
    assert told_before_question(sentence) == told
    assert told_before_question(sentence, tags_only=True) == told


@pytest.mark.parametrize("sentence", [
    "You mean the blue kayak, Priya?",                       # a name said to someone
    "The trip needs tents, stoves, or hammocks?",            # a list going on
    "we could rent the van for the gig, or should I wait?",  # the speaker's own question
    "we could take the late ferry, or wait?",
    "is it true the depot shuts at noon, right?",            # a question from its start
])
def test_what_is_no_tag_question_tells_nothing(sentence):
    assert told_before_question(sentence, tags_only=True) is None


def test_a_question_of_its_own_is_not_a_tag():
    sentence = "My shift ends at 6, could you plan my evening run?"
    assert told_before_question(sentence) == "My shift ends at 6."
    assert told_before_question(sentence, tags_only=True) is None


def _texts(tmp_path, text: str) -> list[str]:
    with engine_after(tmp_path, [text], "Noor", "2026-05-04", 0) as engine:
        return [r.text for r in engine.records("t", "u")]


@pytest.mark.parametrize("statement, tag", [
    ("the mechanic quoted 380 to replace the timing belt on the van", "seems fair?"),
    ("the livery yard charges 95 a week for half board", "is that normal?"),
    ("the vet said Pepper needs her teeth cleaned every 8 months", "sound right?"),
    ("our band's rehearsal room costs 14 an hour at the Mill", "reasonable?"),
])
def test_the_statement_is_kept_as_it_is_without_the_tag(tmp_path, statement, tag):
    plain = _texts(tmp_path / "plain", statement + ".")
    tagged = _texts(tmp_path / "tagged", f"{statement}, {tag}")
    assert plain, "the statement alone is kept"
    assert tagged == plain
