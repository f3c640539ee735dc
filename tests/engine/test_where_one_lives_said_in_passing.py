"""Where the speaker lives now, said in passing ("the kids are settling in now we're down in
Bristol", "now that I'm up in Inverness the winters are brutal", "the commute from our new flat in
Leith is brutal, anyway can you help me ...?"), is their residence: it replaces the old one. Being
somewhere for a while ("now I'm in Paris for the conference", "in New York on business"), a year
at school, or someone else's new flat is not."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds, kept_of_one_turn


@pytest.mark.parametrize("before, after, old, new", [
    ("We live in Stockport.",
     "The dog has finally stopped howling at night now we're down in Bristol. What's a good day out nearby?",
     "Stockport", "Bristol"),
    ("I live in Croydon.", "Now that I'm up in Inverness the winters are something else, honestly.",
     "Croydon", "Inverness"),
    ("I live in Glasgow.", "ugh the commute from our new flat in Leith is brutal, anyway can you help me with a cover letter?",
     "Glasgow", "Leith"),
    ("We're based in Leeds.", "Since we got our new house in Harrogate the kids finally have a garden.", "Leeds",
     "Harrogate"),
])
def test_the_new_place_replaces_the_old(tmp_path, before, after, old, new):
    records = active_after(tmp_path, "Cato", [before, after])
    assert holds(records, new) and not any(old in r and new not in r for r in records), records


@pytest.mark.parametrize("text", [
    "Now I'm in Paris for the conference, any dinner tips?",
    "Now I'm in New York on business, so replies might be slow.",
    "Now I'm in Year 10 the homework is insane.",
    "My sister's new flat in Leith is gorgeous.",
])
def test_no_residence(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Cato", text)
    assert not any("fact" == kind and ("Paris" in t or "New York" in t or "Leith" in t or "Year" in t)
                   and "live" in t for kind, t in kept), kept


@pytest.mark.parametrize("text, word", [
    ("My dentist is Dr Moss at Elm Road, anyway what's a good toothpaste?", "Moss"),
    ("I work nights at the Royal Infirmary now, anyway how do I fix my sleep?", "Infirmary"),
    ("I'm allergic to penicillin, anyways, what can I take for a chest infection?", "penicillin"),
    ("Our boiler is a Worcester Bosch Greenstar, anyway, how do I bleed a radiator?", "Greenstar"),
])
def test_a_statement_before_anyway_and_a_question_is_kept(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Cato", text)
    assert any(word in t for _, t in kept), kept
