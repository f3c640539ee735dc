"""A request to forget said after a clause that tells something else ("I'm so stressed about work
lately, but can you delete what I said about my sister?") names what the request clause names: the
preamble's words ("work", "knee", "gym", "storm") are no part of its topic. Before, they were, and
the request forgot a record about them beside, or instead of, the one it named. A request that
names nothing of its own ("..., so can you delete what I said about her?") still reads the whole
sentence."""
from __future__ import annotations

import pytest

from engine.processor import _past_preamble
from two_sessions import texts_after

DAYS = ("2026-05-03", "2026-05-09")


@pytest.mark.parametrize("said, other, asked, gone, kept", [
    ("My sister Maya just moved to Bristol with her girlfriend.", "I go to the gym every morning before work.",
     "I'm so stressed about work lately, but can you delete what I said about my sister?", "Bristol", "gym"),
    ("My ex, Tom, still has my bike.", "My knee surgery was in 2021.",
     "My knee is killing me after the gym, so please forget what I told you about my ex.", "bike", "knee"),
    ("My landlord Mr Pike never fixes anything.", "We lost two fence panels in the storm last year.",
     "The garden's a mess after the storm, anyway could you erase what I said about my landlord?", "Pike", "fence"),
    ("My accountant is Hana Oduya at Brightside.", "I've been swimming at the lido on Tuesdays.",
     "Swimming was freezing today, but would you wipe the info about my accountant?", "Oduya", "lido"),
])
def test_the_preamble_names_nothing_to_forget(tmp_path, said, other, asked, gone, kept):
    texts = texts_after(tmp_path, said, asked, other, speaker="Jo", days=DAYS)
    assert not any(gone in t for t in texts), texts
    assert any(kept in t for t in texts), texts


def test_a_request_that_names_nothing_of_its_own_reads_the_preamble(tmp_path):
    texts = texts_after(tmp_path, "My sister Maya just moved to Bristol with her girlfriend.",
                        "Maya and I had a huge row, so can you delete what I said about her?",
                        "I go to the gym every morning before work.", speaker="Jo", days=DAYS)
    assert not any("Bristol" in t for t in texts), texts
    assert any("gym" in t for t in texts), texts


def test_a_clause_that_names_whose_thing_it_is_stays_the_topic(tmp_path):
    texts = texts_after(tmp_path, "My sister Maya just started a new job at the bank.",
                        "Regarding my sister, could you delete the bit about the new job?",
                        "I started a new job at Google last month.", speaker="Jo", days=DAYS)
    assert not any("bank" in t for t in texts), texts
    assert any("Google" in t for t in texts), texts


@pytest.mark.parametrize("text", [
    "My brother Tom, can you delete the stuff about Leeds?",
    "Regarding my sister, could you delete the bit about the new job?",
    "Forget my address, and can you also delete my phone number?",
    "Keep the dentist, but scrap the bit about his girlfriend",
    "My sister and I fell out, so can you delete what I said about her?",
    "Please forget what I told you about my ex.",
    "The stuff about my divorce, I mean, I'd rather that wasn't stored.",
])
def test_a_sentence_whose_first_clause_is_needed_is_read_whole(text):
    assert _past_preamble(text) == text
