"""A request to forget a thing of someone's that no memory holds ("forget what I told you about
Hilda's divorce" when all that was said of Hilda is that she breeds alpacas) takes nothing: before,
it took every memory of the person, because only their name was held. A memory about that thing in
other words ("Jim's health" of "Jim was diagnosed with diabetes") is still taken: naming the thing
reads closer to it than the person's name alone does, where for a memory about something else of
theirs it adds nothing."""
from __future__ import annotations

import pytest

from two_sessions import texts_after

DAYS = ("2026-03-02", "2026-03-06")


@pytest.mark.parametrize("said, asked, word", [
    ("my aunt Hilda breeds alpacas in Wales", "forget what I told you about Hilda's divorce", "alpacas"),
    ("my uncle Ray has gout", "please forget the bit about Ray's boat", "gout"),
    ("my colleague Bea is pregnant with twins", "forget what I said about Bea's commute", "twins"),
    ("my old boss Greg runs marathons", "can you forget the bit about Greg's drinking", "marathons"),
])
def test_another_thing_of_theirs_stays(tmp_path, said, asked, word):
    texts = texts_after(tmp_path, said, asked, "I love jazz", speaker="Ilse", days=DAYS)
    assert any(word in t for t in texts) and any("jazz" in t for t in texts), texts


@pytest.mark.parametrize("said, asked, word", [
    ("my neighbour Jim was diagnosed with diabetes", "forget what I said about Jim's health", "diabetes"),
    ("my niece Lola got into Oxford to study law", "forget the stuff about Lola's university", "Oxford"),
    ("my flatmate Zoe owes a loan shark 2,000 pounds", "forget what I told you about Zoe's money problems", "loan"),
])
def test_the_thing_said_in_other_words_goes(tmp_path, said, asked, word):
    texts = texts_after(tmp_path, said, asked, "I love jazz", speaker="Ilse", days=DAYS)
    assert not any(word in t for t in texts) and any("jazz" in t for t in texts), texts
