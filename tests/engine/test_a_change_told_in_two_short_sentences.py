"""A change told alone in a few words, and the new of it in the next sentence opening with "now"
("Switched banks. Now with Monzo.", "changed vets. now with dr price at hillside") is one statement:
the new provider replaces the one a record named. Before, "Switched banks." said nothing alone,
and "Now with Monzo." without it was no change (nor, without a subject, kept at all). A "now"
sentence that tells no new where or with whom ("Switched banks. Now, what about my ISA?",
"Quit smoking. Now I'm eating more.", "Switched gyms. Now let's talk about my diet plan.") is a
sentence of its own."""
from __future__ import annotations

import pytest

from engine.extractor import split_sentences
from tests.conftest import engine_after


@pytest.mark.parametrize("first, change, old, new", [
    ("We bank with Barclays.", "Switched banks. Now with Monzo.", "Barclays", "Monzo"),
    ("my gym's the Y on 5th", "switched gyms. now at summit fitness on delancey", "Y on 5th", "summit"),
    ("our vet is dr moss at the elm street clinic", "changed vets. now with dr price at hillside", "moss", "price"),
])
def test_the_new_provider_told_after_the_change_replaces_the_old(tmp_path, first, change, old, new):
    with engine_after(tmp_path, [first, change], "Robin", "2026-03-02", 2) as eng:
        active = [r.text or "" for r in eng.records("t", "u")]
    assert any(new in t for t in active), active
    assert not any(old in t for t in active), active


@pytest.mark.parametrize("text, parts", [
    ("Switched banks. Now, what should I do about my ISA?", 2),
    ("Changed my mind. Now I want the blue one.", 2),
    ("I left. Now what?", 2),
    ("Quit smoking. Now I'm eating more.", 2),
    ("Left Tesco. Now my evenings are free for climbing.", 2),
    ("Switched gyms. Now let's talk about my diet plan.", 2),
    ("Switched to a new bank. Now with Starling.", 1),
    ("We moved to Leeds. Now I'm in love with the place.", 2),
    ("Moved the meeting to Friday. Now to the budget: I spend 200 a month on food.", 2),
    ("Changed my mind. Now on to the next question.", 2),
    ("Moved house. Now in Walthamstow.", 1),
    ("changed networks. on giffgaff now.", 1),
])
def test_now_as_a_word_of_talk_opens_a_sentence_of_its_own(text, parts):
    assert len(split_sentences(text)) == parts
