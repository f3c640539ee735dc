"""Asked to take something out of what the assistant keeps with an everyday verb of removing ("take
out the part about my therapist", "ditch the stuff about my divorce", "take my address off file",
"I don't want the stuff about my brother on file"), the engine forgets that memory and keeps the
others. The same verbs about things in the world ("take the bins out", "cut the onions", "I took out
a loan", "I keep my receipts on file") forget nothing."""
from __future__ import annotations

import pytest

from two_sessions import texts_after

KEPT = "I'm allergic to kiwi."


def _texts_after(tmp_path, said: str, asked: str) -> list[str]:
    return texts_after(tmp_path, said, asked, KEPT, speaker="Ayla", days=("2026-05-03", "2026-05-09"))


@pytest.mark.parametrize("said, asked, word", [
    ("My therapist is Dr Imre Halasz, I see her on Mondays.", "take out the part about my therapist please", "Halasz"),
    ("I got divorced from Marek in 2023.", "ditch the stuff about my divorce", "Marek"),
    ("My home address is 22 Quill Street, Bristol.", "can you take my address off file", "Quill"),
    ("My credit score is 540 after the missed payments.", "please cut the bit about my credit score", "540"),
    ("My brother Tomasz is in prison in Gdansk.", "I don't want the stuff about my brother on file.", "Tomasz"),
    ("I had an abortion two years ago.", "I don't want the pregnancy thing on file", "abortion"),
])
def test_a_verb_of_removing_a_thing_said_forgets_it(tmp_path, said, asked, word):
    texts = _texts_after(tmp_path, said, asked)
    assert not any(word in t for t in texts), texts
    assert any("kiwi" in t for t in texts), texts


@pytest.mark.parametrize("asked", [
    "take the bins out tonight",
    "Cut the onions into rings for the salad",
    "I took out a loan last year for the car",
    "I keep all my receipts on file for the accountant",
    "Take out the middle shelf before you clean the fridge",
])
def test_the_same_verbs_about_things_in_the_world_forget_nothing(tmp_path, asked):
    texts = _texts_after(tmp_path, "My shoe size is 42.", asked)
    assert any("42" in t for t in texts), texts
    assert any("kiwi" in t for t in texts), texts
