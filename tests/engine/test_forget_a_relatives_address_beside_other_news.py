"""A request to forget someone's address ("I don't fancy my uncle's address floating about in your
memory") takes the statement giving a street address, not the news told beside it in the same turn
("We're moored on pontoon C at the marina"): of a record, the statement giving the kind of contact a
request names is what it names, whoever's it is, and the rest stays as a record of its own."""
from __future__ import annotations

import pytest

from tests.engine.two_sessions import after_forget


@pytest.mark.parametrize("request_, said, gone, kept", [
    ("Honestly I don't fancy my uncle's address floating about in your memory, so please drop it.",
     "Getting the boat ready. We're moored on pontoon C at the marina. My uncle moved to 15 Gull Terrace, "
     "so the spare keys live there.", "Gull Terrace", "pontoon C"),
    ("On second thoughts, my stepdad's address shouldn't be floating around in your memory, please remove it.",
     "Sorting the vegetable boxes. We collect them from the farm shop on Fridays. My stepdad moved to 2 Sedge "
     "Lane, so his box goes there.", "Sedge Lane", "farm shop"),
    ("Come to think of it, I'd rather my daughter's address wasn't floating around in your memory. Could you "
     "drop it?", "Getting ready for the craft fair. Our stall is number 14 near the entrance. My daughter moved "
     "to 88 Quarry Hill, so the spare stock is there.", "Quarry Hill", "stall"),
    ("Come to think of it, I don't like my dad's address floating around in your memory. Please drop it.",
     "Organising the allotment rota. We're on plot 12, next to the pond. Also my dad moved to 19 Kestrel Way, "
     "in case seeds arrive for him.", "Kestrel Way", "plot 12"),
])
def test_the_address_goes_and_the_news_beside_it_stays(tmp_path, request_, said, gone, kept):
    texts = after_forget(tmp_path, request_, [said], speaker="Yasmin")
    assert not any(gone in t for t in texts), texts
    assert any(kept in t for t in texts), texts


def test_a_request_for_an_address_leaves_a_relatives_news_that_gives_none(tmp_path):
    texts = after_forget(tmp_path, "please forget my uncle's address",
                         ["My uncle moved to 15 Gull Terrace last month.", "My uncle is learning to sail."],
                         speaker="Yasmin")
    assert not any("Gull Terrace" in t for t in texts), texts
    assert any("sail" in t for t in texts), texts


@pytest.mark.parametrize("request_, theirs, other, gone, kept", [
    ("Forget my uncle's address please.", "My uncle moved to 15 Gull Terrace.", "My aunt lives at 31 Kestrel Close.",
     "Gull Terrace", "Kestrel Close"),
    ("Could you forget my brother's address please?", "My brother moved to 8 Pine Walk last month.",
     "My best friend lives at 12 Elm Row.", "Pine Walk", "Elm Row"),
    ("I'd like you to forget my uncle's address thanks", "My uncle moved to 15 Gull Terrace.",
     "My aunt lives at 31 Kestrel Close.", "Gull Terrace", "Kestrel Close"),
])
def test_someone_elses_address_told_apart_stays(tmp_path, request_, theirs, other, gone, kept):
    texts = after_forget(tmp_path, request_, [theirs, other], speaker="Tom")
    assert not any(gone in t for t in texts), texts
    assert any(kept in t for t in texts), texts
