"""Ends as people type them in chat: "officially done with the masters", "graduated from", "gave
the piano away", "not doing the keto thing anymore", a partner named in lower case ("ugh, femi and
i split up"). A day's end of work ("done with work for today") ends nothing."""
from __future__ import annotations

import pytest

from engine.meaning import ended
from engine.textnorm import terms
from two_sessions import assert_ended, records_after

DAYS = ("2026-10-06", "2026-10-13")


def _after(tmp_path, old, new):
    return records_after(tmp_path, old, new, speaker="Sade", days=DAYS, at="20:00:00")


@pytest.mark.parametrize("old, new, word", [
    ("I'm doing a masters in public health at Leeds.", "officially done with the masters!! no more deadlines", "masters"),
    ("I'm a student at the conservatoire, second year.", "I graduated from the conservatoire in July, still can't believe it", "conservatoire"),
    ("I own an upright piano that nobody plays.", "we gave the piano away to a school down the road", "piano"),
    ("I have a hamster called Biscuit.", "gave biscuit away to my cousin's kids, they adore him", "hamster"),
    ("I'm seeing a guy called femi, he's a dentist", "ugh, femi and i split up on friday", "femi"),
])
def test_an_end_in_chat_ends_the_record(tmp_path, old, new, word):
    recs = _after(tmp_path, old, new)
    assert_ended(recs, word)


@pytest.mark.parametrize("old, new, word", [
    ("I work at a print shop in Hackney.", "done with work for today, time for a bath", "print shop"),
    ("I'm seeing a guy called femi, he's a dentist", "my cousins tolu and ade split up, drama", "femi"),
    ("I own an upright piano that nobody plays.", "my aunt gave her sofa away last week", "piano"),
])
def test_no_end_of_the_speakers_record(tmp_path, old, new, word):
    recs = _after(tmp_path, old, new)
    assert any(r.tier == "active" and word in (r.text or "").lower() for r in recs), [(r.text, r.tier) for r in recs]


@pytest.mark.parametrize("text, head", [
    ("Sade is not doing the keto thing anymore", "keto"),
    ("Sade stopped the whole cold shower business", "shower"),
    ("Sade no longer does the vinyl stuff", "vinyl"),
])
def test_a_placeholder_noun_stands_for_the_word_before_it(text, head):
    stop = ended(text, "Sade")
    assert stop is not None and stop.head == next(iter(terms(head))), stop
