"""The readings this round added take odd input without an error and without losing a plain
statement beside it: long runs of spaces and tabs, long runs without spaces, repeated marks,
unusual characters and near-empty text, through what a change was changed to, whose subject names
it, a note's label, "pushed me to <when>", "forget I mentioned", a URL's credentials and when the
user's thing is."""
from __future__ import annotations

import pytest

from engine.meaning import _subject_names, change_cue, changed_to, mentions
from engine.redaction import redact
from engine.summarizer import job_state
from tests.engine.two_sessions import assert_kept_beside_odd_text

ODD = [
    "",
    " ",
    "switched" + " " * 3000 + "to" + " " * 3000 + "x",
    "moved my " + "\t" * 2000 + "bank to nordflux",
    "pushed me to " + "x" * 20_000,
    "forget I mentioned " + "!" * 5000,
    "your " + "a-" * 2000 + " is on Friday",
    "postgres://" + "a:" * 3000 + "@",
    "Reminder for \u0000\u200b: " + "\u202e" * 100,
    "swapped phone contract to \U0001f600\U0001f600 mobile",
]


@pytest.mark.parametrize("text", ODD)
def test_the_new_readings_take_odd_text(text):
    changed_to(text, "Ines")
    change_cue(text)
    mentions(text, "Ines")
    _subject_names(text, frozenset({"bank"}))
    job_state(text)
    clean, _ = redact(text)
    assert isinstance(clean, str)


@pytest.mark.parametrize("odd", [
    "moved   \t  my   bank   to   nordflux" + " " * 500 + ".",
    "ugh forget I mentioned" + " " * 500 + "the thing!!!!!!!!",
    "they pushed me to \u00a0thursday\u00a0at\u00a010am ??? ???",
])
def test_a_plain_statement_beside_odd_text_is_kept(tmp_path, odd):
    assert_kept_beside_odd_text(tmp_path, odd)
