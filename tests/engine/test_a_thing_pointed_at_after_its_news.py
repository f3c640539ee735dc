"""A request that points at a thing by a word no memory holds ("erase whatever you've got on that
gig", "delete anything about that property") after a sentence that names it ("That Brean Down job
got cancelled") forgets what that sentence names. Before, the request's own word was its only topic
and found nothing, and the sentence before was kept as a new memory."""
from __future__ import annotations

import re

import pytest

from two_sessions import texts_after

DAYS = ("2026-05-04", "2026-05-11")


@pytest.mark.parametrize("said, asked, gone, kept", [
    ("I fly a DJI Mini 4 for property photos. Also booked to shoot a wedding at Brean Down on 9 May for the Okafors.",
     "That Brean Down job got cancelled, they found someone cheaper. Could you wipe whatever you have on that gig?",
     "Brean|Okafor", "DJI"),
    ("We run a small bakery in Frome. We've got a viewing at 22 Larch Avenue on Saturday for a second unit.",
     "The Larch Avenue unit went to someone else. Please delete anything about that property.", "Larch", "bakery"),
    ("I volunteer at the Oxfam shop on Tuesdays. I've paid a deposit on a cockapoo from a breeder in Hexham.",
     "The Hexham breeder turned out to be a scam, the police are involved. Erase what you have on that purchase.",
     "Hexham|cockapoo", "Oxfam"),
])
def test_the_thing_named_before_is_forgotten(tmp_path, said, asked, gone, kept):
    texts = texts_after(tmp_path, said, asked, None, speaker="Hamid", days=DAYS)
    assert not any(re.search(gone, t) for t in texts), texts
    assert any(kept in t for t in texts), texts
