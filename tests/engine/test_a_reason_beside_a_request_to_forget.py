"""A reason said beside a request to forget ("- my manager sometimes sees this screen", "because my
mum reads over my shoulder", "cos my mum uses this laptop") names no memory: what to forget is
read from the part that asks. Before, the reason's words were read as the topic too, so the memory
of the manager or the mum it named was erased in place of, or beside, the one asked about, and a
request with a long reason was not read as one at all. A list after a comma ("forget my address,
my phone number and my email") is no reason."""
from __future__ import annotations

import pytest

from tests.engine.two_sessions import after_forget


@pytest.mark.parametrize("said, asked, gone, kept", [
    (["My manager is Priya Shah", "I'm thinking of quitting Halvorsen in the new year"],
     "wipe the bit about me quitting - my manager sometimes sees this screen", "quitting", "Priya"),
    (["My mum lives with us since her fall", "I'm struggling with money, missed two credit card payments"],
     "forget the credit card thing because my mum reads over my shoulder", "credit card", "mum"),
    (["I'm seeing a therapist every Thursday", "I had a panic attack at work last week"],
     "forget the panic attack thing cos my mum uses this laptop too", "panic", "therapist"),
])
def test_the_memory_asked_about_goes_and_the_one_the_reason_names_stays(tmp_path, said, asked, gone, kept):
    texts = after_forget(tmp_path, asked, said, speaker="Robin")
    assert not any(gone in t for t in texts), texts
    assert any(kept in t for t in texts), texts


@pytest.mark.parametrize("text", [
    "please forget my address, my phone number and where I work",
    "forget what I said about working as a nurse",
    "delete everything since tuesday",
    "forget about the - ugh - the divorce stuff",
    # what to forget, added to or narrowed after a dash or a comma
    "forget what i said about my mum - and my dad too",
    "forget what i told you about work - the bit about quitting",
    "forget the thing about tom, i mean the one getting married",
])
def test_no_reason_is_cut_from(text):
    from engine.processor import _without_reason

    assert _without_reason(text) == text


def test_a_clause_after_a_comma_that_says_which_memory_is_read(tmp_path):
    texts = after_forget(tmp_path, "forget what I told you about Tom, he got fired",
                         ["Tom got fired last week", "Tom is my manager"], speaker="Robin")
    assert any("manager" in t for t in texts) and not any("fired" in t for t in texts), texts
