"""A statement labelled non-negotiable with why said after the label ("bedtime for the twins is
7:30, it's non-negotiable, they're monsters otherwise") is a rule, kept with its reason and without
the label, as one that ends on the label is. Before, the label only counted at the end of the
sentence and only as "that's" / "this is": these were kept as facts or not at all. A "but" after the
label takes nothing back from the rule, and is not kept as its reason."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word, why", [
    ("bedtime for the twins is 7:30, it's non-negotiable, they're monsters otherwise", "7:30", "monsters"),
    ("screens off at 8pm for the kids, this is non-negotiable, they need the sleep", "8pm", "sleep"),
    ("Sunday lunch is at my mum's, it is not negotiable, she'd never forgive me", "lunch", "forgive"),
])
def test_a_rule_labelled_before_its_reason(tmp_path, text, word, why):
    kept = kept_of_one_turn(tmp_path, "Ilse", text)
    rules = [t for kind, t in kept if kind == "constraint" and word in t]
    assert rules and why in rules[0] and "negotiable" not in rules[0], kept


@pytest.mark.parametrize("text", [
    "the meeting is at 9, it's set in stone, sorry",
    "we asked the seller if the price was negotiable, it wasn't",
    "the salary they offered is negotiable, I might push for more",
])
def test_what_is_not_labelled_a_rule(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Ilse", text)
    assert not any(kind == "constraint" for kind, _ in kept), kept


@pytest.mark.parametrize("text, but", [
    ("no phones at the table, that's the rule, but I break it sometimes", "break"),
    ("bedtime is 7:30, it's non-negotiable, but on holidays we let them stay up", "holidays"),
])
def test_a_but_after_the_label_is_no_reason(tmp_path, text, but):
    kept = kept_of_one_turn(tmp_path, "Ilse", text)
    rules = [t for kind, t in kept if kind == "constraint"]
    assert rules and not any(but in t and "negotiable" not in t for t in rules), kept
