"""How a request to forget is worded around what it names:

- "the deposit figure I gave", "the address I gave earlier": a thing said, named by what the
  speaker did with it ("gave", as "gave you" is);
- "I'd sooner that wasn't kept anywhere", "it shouldn't sit in your notes": said beside a
  request, of where the assistant keeps things, part of the asking and no memory of its own;
- "(Dr. Okafor)": an abbreviation in brackets ends no sentence, so a record keeps the name whole.
"""
from __future__ import annotations

import pytest

from engine.extractor import split_sentences
from tests.conftest import record_texts


def _texts(tmp_path, said: str, asked: str) -> list[str]:
    """The active records after `said`, and `asked` a week later."""
    return record_texts(tmp_path, [said, asked], "Petra", "2026-05-02", 7)


@pytest.mark.parametrize("said,asked,gone,kept", [
    ("The deposit on the flat is 1,850 pounds. The lease starts on 1 August.",
     "Please disregard the deposit figure I gave.", "1,850", "August"),
    ("My old address is 4 Tern Close. I cycle to work most days.",
     "Scratch the address I gave earlier, it's out of date.", "Tern", "cycle"),
    ("Our budget for the kitchen is 12,000 euros. The fitter is Marek.",
     "Can you delete the budget I gave for the kitchen?", "12,000", "Marek"),
    ("I see a counsellor called Dana on Mondays. The bus there takes 20 minutes.",
     "Could you ignore the number I gave for the bus?", "20 minutes", "Dana"),
    ("I see a counsellor called Dana on Mondays. The bus there takes 20 minutes.",
     "Forget the bus time I gave.", "20 minutes", "Dana"),
])
def test_a_thing_named_by_what_the_speaker_gave_is_forgotten(tmp_path, said, asked, gone, kept):
    texts = _texts(tmp_path, said, asked)
    assert not any(gone in t for t in texts) and any(kept in t for t in texts), texts


@pytest.mark.parametrize("beside", [
    "I'd sooner that wasn't kept anywhere.",
    "I'd prefer it wasn't kept anywhere.",
    "I'd prefer that wasn't recorded.",
    "My partner would hate it being saved somewhere.",
    "It really shouldn't be sitting in your notes.",
])
def test_what_a_request_says_of_keeping_is_no_memory(tmp_path, beside):
    texts = _texts(tmp_path, "I see a counsellor called Dana on Mondays.",
                   f"Please forget what I said about the counsellor. {beside}")
    assert texts == [], texts


@pytest.mark.parametrize("text,first", [
    ("Weekly plan: choir Mondays, physio (Dr. Okafor) Fridays at 4:15. Then the gym.",
     "Weekly plan: choir Mondays, physio (Dr. Okafor) Fridays at 4:15."),
    ("Ask the landlord (Mr. Pike) about the boiler. He's slow.", "Ask the landlord (Mr. Pike) about the boiler."),
    ("The lab head [Prof. Ng] signs off the order. It takes a week.", "The lab head [Prof. Ng] signs off the order."),
])
def test_an_abbreviation_in_brackets_ends_no_sentence(text, first):
    assert split_sentences(text)[0] == first
