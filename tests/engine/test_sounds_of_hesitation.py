"""Dictated or transcribed speech writes the sounds of hesitation ("um", "uh", "erm") into a turn:
they are no word of what is said. A turn with them is read, and its records written, as the same
turn without them. Before, "I uh never ..." read "uh" as a verb ("uhs never eat"), a rule with "um"
in it was kept as a fact, and the records kept the sounds. "UM" and "UH" in capitals are names,
kept, as is a capitalised "Um" or "Erm" inside a sentence (a name: "Umm al-Quwain", "Dr Um") and
"um" after a number (a unit); "umbrella", "uhuru" and "summer" keep their letters. A comma before
the sound goes with it where the words before cannot end a phrase ("I'm, um, vegan")."""
from __future__ import annotations

import re

import pytest

from engine.textnorm import plain_chat
from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("I uh never drink coffee after lunch, I don't sleep otherwise", "coffee"),
    ("so erm the rule at our allotment is um no hosepipes in August", "hosepipes"),
    ("right, um, I'm allergic to penicillin, erm, just so you know", "penicillin"),
    ("Umm the kids are uh not allowed screens before school", "screens"),
    ("I'm, um, vegan, and uhh my husband is coeliac", "vegan"),
])
def test_a_rule_with_sounds_of_hesitation_is_read_as_without_them(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Ines", text)
    assert any(kind == "constraint" and word in t for kind, t in kept), kept
    assert not any(re.search(r"\b(?:um+|uh+|erm+)\b", t, re.IGNORECASE) for _, t in kept), kept


@pytest.mark.parametrize("text", [
    "we're uh moving to Norwich in the autumn, um, for my partner's job",
    "erm my sister runs a bakery in Hove now, uhh, with her husband",
    "my daughter um started at the new school on Monday",
])
def test_records_keep_no_sounds_of_hesitation(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Ines", text)
    assert kept and not any(re.search(r"\b(?:um+|uh+|erm+)\b", t, re.IGNORECASE) for _, t in kept), kept


@pytest.mark.parametrize("text", [
    "I left my umbrella at the UM campus in Ann Arbor",
    "we went to UH for the game, summer is the best",
    "Uhuru Park was lovely, we walked round it",
    "I'm flying out to Umm al-Quwain next month",
    "I work at Erm & Co, the law firm in Leeds",
    "My dentist is Dr Um, she's at the Hove practice.",
    "I need a 5 um filter for the microscope",
    "my cat is called Um and she's ten",
])
def test_words_and_names_that_hold_the_letters_stay(text):
    assert plain_chat(text) == text
