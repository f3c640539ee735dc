"""This round's readings (a rule asked as a question, a rule labelled after it, a rule that starts
today, a code set to a value) on odd input: long runs of spaces or tabs, repeated marks, unusual
characters, empty pieces. Each reading returns an answer (a run of whitespace once made the question
form try every way of splitting it), and a plain statement beside such input is still kept."""
from __future__ import annotations

import pytest

from engine.extractor import _labelled_rule, asked_to_do, starts_when_gone
from engine.redaction import redact
from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text", [
    "could you a" + " " * 3000 + "x?",
    "could you please" + " " * 3000 + "keep it short",
    "would you mind" + "\t" * 2000 + "using tables?",
    "from now on" + " " * 3000 + "could you?",
    "?" * 500,
    "could you " + "é" * 3000 + "?",
    "",
])
def test_the_question_form_on_odd_input(text):
    said = asked_to_do(text)
    assert said is None or said.startswith("Please ")


@pytest.mark.parametrize("text", [
    "a," + " " * 3000 + "no exceptions",
    "that's the rule" * 200,
    ", that's the deal",
    "—" * 1000 + ", no exceptions",
])
def test_the_rule_label_on_odd_input(text):
    head = _labelled_rule(text)
    assert head is None or head.strip()


@pytest.mark.parametrize("text", ["as of today" * 300, "from today's" + " " * 2000, "starting this week,,,,"])
def test_the_start_of_a_rule_on_odd_input(text):
    assert isinstance(starts_when_gone(text), str)


@pytest.mark.parametrize("text", ["set the PIN as " + "1" * 3000, "changed the gate code to" + " " * 3000 + "4471",
                                  "pin to 12345" * 300])
def test_a_code_set_as_on_odd_input(text):
    redacted, _ = redact(text)
    assert isinstance(redacted, str)


def test_a_statement_beside_odd_input_is_kept(tmp_path):
    found = kept_of_one_turn(tmp_path, "Ines", "Could you" + " " * 2000 + "? I work night shifts at the sorting office.")
    assert any("night shifts" in t for _, t in found), found
