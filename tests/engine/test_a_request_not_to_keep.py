"""Asked not to keep something, in other words: "can you not hold on to the bit about my brother's
arrest?", "could you not hang onto my ex's address", "I'm not keen on having my salary written
down", "I don't love having where I park the van on file". Before, these asked nothing: the thing
stayed, and the sentence was kept as a memory. Not requests: asked to hold on to something ("can
you hold on to the receipt for me?"), a dislike of something else ("I don't love having my photo
taken")."""
from __future__ import annotations

import pytest

from engine.embedder import shared_embedder
from engine.meaning import Meaning
from engine.processor import forget_requests
from engine.settings import Settings
from two_sessions import texts_after

DAYS = ("2026-05-03", "2026-05-10")


@pytest.mark.parametrize("said, other, asked, gone, kept", [
    ("My brother Karl was arrested for drink driving in March.", "I'm doing the couch to 5k plan.",
     "Can you not hold on to the bit about Karl's arrest?", "arrested", "5k"),
    ("My ex lives at 14 Wren Close now.", "We're getting a puppy in June.",
     "could you not hang onto my ex's address please", "Wren", "puppy"),
    ("I earn 48,000 a year at the council.", "My allotment has three raised beds.",
     "I'm not keen on having my salary written down anywhere.", "48,000", "raised beds"),
    ("I park the van on Dock Lane behind the chippy every night.", "I'm learning the ukulele.",
     "Honestly I don't love having where I park the van on file.", "Dock Lane", "ukulele"),
    ("My blood type is O negative.", "I'm learning the ukulele.", "can you not hold on to my blood type", "O negative",
     "ukulele"),
])
def test_a_request_not_to_keep_said_in_other_words_is_one(tmp_path, said, other, asked, gone, kept):
    texts = texts_after(tmp_path, said, asked, other, speaker="Jo", days=DAYS)
    assert not any(gone in t for t in texts), texts
    assert any(kept in t for t in texts), texts


@pytest.fixture(scope="module")
def meaning():
    return Meaning(lambda: shared_embedder())


@pytest.mark.parametrize("text", [
    "Can you hold on to the receipt details for me?",
    "I don't love having my photo taken at weddings.",
    "I'm not keen on having the kids' party at home.",
])
def test_what_asks_nothing_of_the_memory_is_no_request(meaning, text):
    requests, _ = forget_requests(meaning, text, Settings())
    assert requests == [], requests


def test_a_complaint_that_it_was_not_kept_is_no_request(tmp_path):
    texts = texts_after(tmp_path, "My blood type is O negative.", "ugh why can u not hang onto my blood type, I told you "
                        "last week", "I'm learning the ukulele.", speaker="Jo", days=DAYS)
    assert any("O negative" in t for t in texts), texts

