"""A request that points back ("don't keep any of that", "could you erase it?") after a sentence that
only says what it is about ("About my landlord.", "Regarding the business with my cousin.") and a
sentence or two of comment ("I was just angry.", "It's not my story to tell.") asks to forget what
the opening sentence names. Before, "that" was read as the comment just before it ("angry"), which
names no memory, so nothing was forgotten; the comment, read as a request of its own, could take
every statement of a record with it."""
from __future__ import annotations

import pytest

from two_sessions import texts_after

DAYS = ("2026-06-01", "2026-06-04")
SAID = ("Our neighbour Gareth keeps parking across our drive, and my cousin Leona owes me 600 pounds "
        "from the festival trip. I also coach the under-11s at the cricket club on Fridays.")


@pytest.mark.parametrize("asked, gone, kept", [
    ("About my cousin. Honestly I was being petty. Please don't keep any of that.", "Leona|600", "Gareth"),
    ("Regarding the neighbour and the drive. I was in a mood that day. Could you wipe it?", "Gareth", "Leona"),
    ("so, re the money my cousin owes me. She's family and it's sorted between us. wipe all that, please.",
     "Leona|600", "cricket"),
    ("As for Gareth and the parking. It's not fair on him to have that written down. Can you delete that?",
     "Gareth", "cricket"),
    ("Regarding my cousin's debt. It's a sore point. Anyway, don't keep any of that.", "Leona|600", "Gareth"),
])
def test_the_opening_sentence_names_what_is_forgotten(tmp_path, asked, gone, kept):
    import re

    texts = texts_after(tmp_path, SAID, asked, None, speaker="Nia", days=DAYS)
    assert not any(re.search(gone, t) for t in texts), texts
    assert any(kept in t for t in texts), texts


@pytest.mark.parametrize("asked", [
    # the sentence just before names the thing: it is what "that" points at, as before
    "About the club. My cousin Leona owes me 600 pounds. Forget that.",
    # an opening that is a statement of its own, not a topic: "that" is what was said last
    "I coach the under-11s at the cricket club. Leona owes me 600 pounds. Forget that.",
])
def test_the_sentence_just_before_still_names_it_when_it_names_something(tmp_path, asked):
    texts = texts_after(tmp_path, SAID, asked, None, speaker="Nia", days=DAYS)
    assert not any("600" in t for t in texts), texts
    assert any("cricket" in t for t in texts), texts
