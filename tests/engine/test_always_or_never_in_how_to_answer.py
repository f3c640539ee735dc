"""A standing instruction to the assistant that opens with "always" or "never" and a verb of how to
behave ("Always keep answers short.", "Never be sarcastic with me.", "Always stick to metric
units.") is a constraint. Before, "keep", "be", "speak", "stick to", "make" and "stay" were not among
the verbs of such a rule: the sentence was lost, or kept as a fact or an episode. A saying opened the
same way ("always be yourself, my gran used to say", "keep calm was her motto"), or encouragement
("don't be afraid to ...", "never be shy about ..."), is no rule."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("Always keep your answers short.", "short"),
    ("Always keep it casual with me, no corporate speak.", "casual"),
    ("Never be sarcastic with me, even as a joke.", "sarcastic"),
    ("Always speak to me in plain English.", "plain English"),
    ("Always stick to metric units.", "metric"),
    ("Never make the font tiny in the PDFs you draft.", "font"),
    ("Always stay neutral when I ask about politics.", "neutral"),
])
def test_an_always_or_never_instruction_is_a_constraint(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Hallie", text)
    assert any(k == "constraint" and word in t for k, t in kept), kept


@pytest.mark.parametrize("text", [
    "Always be yourself, my gran used to say.",
    "Keep calm and carry on, as my boss always says.",
    "Always be kind was my grandad's motto.",
    "Do you always keep answers this short?",
    # encouragement, to whoever is told it
    "Don't be afraid to reach out to people in your field.",
    "Never be shy about asking your teachers for help.",
])
def test_a_saying_or_a_question_is_no_rule(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Hallie", text)
    assert not any(k == "constraint" for k, _ in kept), kept
