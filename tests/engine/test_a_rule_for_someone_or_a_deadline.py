"""A prohibition for someone in the speaker's care, said with "must never", "mustn't" or "should
never" ("the surgeon said my husband mustn't drive for six weeks", "Nan must never be given
aspirin"), and a deadline said before an event on a day ("has to be posted before the appointment
on the fourth of August") or after "must be <done>" ("must be submitted before the 30th of
September"), are rules: kept as constraints. Before, they were kept as facts or events, or not at
all. What should not have been, or must have been ("she should never have moved", "he must not
have seen it"), is no rule, nor is what had to be done once, a guess ("she must not like me"), an
opinion of everyone ("people should never ..."), a secret kept from someone ("Mum must never find
out"), or a call on someone ("drop by my sister's place on Saturday")."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("the surgeon said my husband mustn't drive for six weeks", "drive"),
    ("Nan must never be given aspirin, she's on blood thinners", "aspirin"),
    ("so the one thing the midwife told us is he must not sleep on his front", "front"),
    ("Dad should never be on a ladder on his own, he's had two falls", "ladder"),
    ("Nan must never have red wine with her tablets", "wine"),
])
def test_a_prohibition_for_someone_is_a_rule(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Lucja", text)
    assert any(kind == "constraint" and word in t for kind, t in kept), kept


@pytest.mark.parametrize("text, word", [
    ("the visa form has to be posted before the appointment on the fourth of August", "visa"),
    ("my thesis must be submitted before the 30th of September", "thesis"),
    ("the garden has to be cleared by the twelfth of April, the landlord's orders", "garden"),
    ("all the invoices must be paid before the audit on Tuesday", "invoices"),
    ("the rent needs to be paid by the 1st of May", "rent"),
    ("the passport renewal must be sent by the twelfth of April", "passport"),
])
def test_a_deadline_in_other_words_is_a_rule(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Lucja", text)
    assert any(kind == "constraint" and word in t for kind, t in kept), kept


@pytest.mark.parametrize("text", [
    "my sister should never have moved to Spain, she hates the heat",
    "he must not have seen the message I sent on Friday",
    "I had to leave before the speeches on Saturday, the babysitter was waiting",
    "Grandad must have been exhausted after the party on the fifth of May",
    "She must not like me very much, she never calls.",
    "He must not be home yet, his car is gone.",
    "People should never drive when they're tired.",
    "children should never be smacked, in my view",
    "Mum must never find out about the surprise party",
    "I have to drop by my sister's place on Saturday",
    "I have to get off after the second of the three stops",
])
def test_what_should_not_have_been_or_was_once_is_no_rule(tmp_path, text):
    assert not any(kind == "constraint" for kind, _ in kept_of_one_turn(tmp_path, "Lucja", text))
