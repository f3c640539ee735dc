"""A request to forget said after its reason with "so" ("the sale fell through so ignore the address
I gave you") is read as the clause that asks, and "ignore" with something said to the assistant as
its object asks to drop it, as "ditch" and "take out" do. Before, the clause was read only with the
news before it, which diluted it under the bar, and "ignore" asked nothing. "Ignore" of anything else
("ignore the noise", "I ignored the emails I got") asks nothing."""
from __future__ import annotations

import pytest

from tests.engine.two_sessions import after_forget

KEPT = "I work from home on Fridays."


@pytest.mark.parametrize("said, request_, gone", [
    ("We're buying a house at 9 Larch Crescent in Fenwick.",
     "ugh the sale fell through so ignore the address I gave you, we're still looking", "Larch"),
    ("We booked Hollins Barn near Skipton as our wedding venue.",
     "we've split up so forget the stuff about the wedding venue", "Hollins"),
    ("My start date at Corbel Design is the 3rd of November.",
     "the offer got withdrawn so please ignore the start date I gave you.", "Corbel"),
])
def test_the_asking_clause_after_so_is_a_request(tmp_path, said, request_, gone):
    texts = after_forget(tmp_path, request_, [said, KEPT], speaker="Tove")
    assert not any(gone in t for t in texts), texts
    assert any("Fridays" in t for t in texts), texts


@pytest.mark.parametrize("request_", [
    "Ignore the noise, the kids are playing in the garden.",
    "I was so tired so I ignored the emails I got from the estate agent.",
])
def test_ignoring_other_things_asks_nothing(tmp_path, request_):
    texts = after_forget(tmp_path, request_, ["We're buying a house at 9 Larch Crescent in Fenwick.", KEPT],
                         speaker="Tove")
    assert any("Larch" in t for t in texts), texts


@pytest.mark.parametrize("request_", [
    "If the dog barks during the call, just ignore it.",
    "Ignore that noise, the kids are playing in the garden.",
    "Ignore items over 20 pounds when you compare the prices.",
])
def test_ignoring_it_or_that_asks_nothing(tmp_path, request_):
    texts = after_forget(tmp_path, request_, ["I have a work call with a client at 3pm about the Harlow contract.", KEPT],
                         speaker="Tove")
    assert any("Harlow" in t for t in texts), texts
