"""A request to forget a thing of someone's that no memory holds ("forget what I told you about
Hilda's divorce" when all that was said of Hilda is that she breeds alpacas) takes nothing: before,
it took every memory of the person, because only their name was held. A memory about that thing in
other words ("Lola's university" of "Lola got into Oxford to study law") is still taken: naming
the thing reads no further from it than the person's name alone does, where for a memory about
something else of theirs it reads further. A kind of thing rather than one thing ("Joe's health", "Ollie's job", "my
aunt's gift") may be whatever of theirs is of that kind, as before; and a sensitive memory of
theirs ("Bea is pregnant with twins") is taken by any request about them, as before."""
from __future__ import annotations

import pytest

from two_sessions import texts_after

DAYS = ("2026-03-02", "2026-03-06")


@pytest.mark.parametrize("said, asked, word", [
    ("my aunt Hilda breeds alpacas in Wales", "forget what I told you about Hilda's divorce", "alpacas"),
    ("my uncle Ray has gout", "please forget the bit about Ray's boat", "gout"),
    ("my cousin Theo restores old motorbikes", "forget what I said about Theo's girlfriend", "motorbikes"),
    ("my old boss Greg runs marathons", "can you forget the bit about Greg's drinking", "marathons"),
])
def test_another_thing_of_theirs_stays(tmp_path, said, asked, word):
    texts = texts_after(tmp_path, said, asked, "I love jazz", speaker="Ilse", days=DAYS)
    assert any(word in t for t in texts) and any("jazz" in t for t in texts), texts


@pytest.mark.parametrize("said, asked, word", [
    ("my neighbour Jim was diagnosed with diabetes", "forget what I said about Jim's health", "diabetes"),
    ("my niece Lola got into Oxford to study law", "forget the stuff about Lola's university", "Oxford"),
    ("my flatmate Zoe owes a loan shark 2,000 pounds", "forget what I told you about Zoe's money problems", "loan"),
    # a kind of thing rather than one thing: whatever of theirs is of that kind
    ("my friend Joe broke his leg skiing", "forget what I told you about Joe's health", "skiing"),
    ("my mate Ollie got sacked from the warehouse", "forget what I said about Ollie's job", "sacked"),
    # the thing in other words the model reads little closer than the name (found by a review)
    ("Raj got a DUI in 2019", "forget about Raj's conviction", "DUI"),
    ("my brother Sam did six months inside for fraud", "forget Sam's prison time", "fraud"),
    # what is sensitive is never spared: a request to forget it is taken at its widest
    ("my colleague Bea is pregnant with twins", "forget what I said about Bea's commute", "twins"),
])
def test_the_thing_said_in_other_words_goes(tmp_path, said, asked, word):
    texts = texts_after(tmp_path, said, asked, "I love jazz", speaker="Ilse", days=DAYS)
    assert not any(word in t for t in texts) and any("jazz" in t for t in texts), texts
