"""A start at a named place ("started with Vanguard last month", "she started at Little Owls on
Tuesday") is where someone goes or works now: it replaces the record of the old place, also when
the statement says why the old one was left ("... St Mary's was too strict": "too" before a word
adds nothing, as "I've got a cat too" does). A start of someone else's, or a start of an evening
out, leaves it."""
from __future__ import annotations

import pytest

from engine.meaning import additive
from two_sessions import active_after, holds


@pytest.mark.parametrize("before, after, old, new", [
    ("My daughter goes to Greenfield Nursery.", "she started at Little Owls on Tuesday, Greenfield lost its licence",
     "Greenfield Nursery", "Little Owls"),
    # a start that names no work beside it reads too little like "works for": left as it was
    pytest.param("I work for Hargreaves Lansdown.", "Started with Vanguard last month, the commute is a dream.",
                 "Hargreaves", "Vanguard", marks=pytest.mark.xfail(strict=True, reason="reads too unlike the record")),
    ("I work for Hargreaves Lansdown.", "started work at Vanguard on Monday, loving it", "Hargreaves", "Vanguard"),
    ("Our lad trains at Bramley Juniors.", "our lad started at Kirkstall Academy this season", "Bramley", "Kirkstall"),
    ("My son goes to St Mary's.", "he started at Riverside Academy this month, St Mary's was too strict",
     "goes to St Mary", "Riverside"),
])
def test_a_start_at_a_named_place_replaces_the_old(tmp_path, before, after, old, new):
    records = active_after(tmp_path, "Noor", [before, after])
    assert holds(records, new) and not any(old in r and new not in r for r in records), records


@pytest.mark.parametrize("before, after, kept", [
    ("I work at Barclays in Canary Wharf.", "We started at Nando's and ended up at the pub till midnight", "Barclays"),
    ("My daughter does ballet at Miss Kay's studio.", "my son started at Riverside Academy this week", "Miss Kay"),
    ("I work for Hargreaves Lansdown.", "My sister started at Deloitte on Monday.", "Hargreaves"),
    ("I work at Barclays in Canary Wharf.", "My housemate Priya started at HSBC on Monday.", "Barclays"),
])
def test_a_start_of_another_leaves_the_record(tmp_path, before, after, kept):
    records = active_after(tmp_path, "Noor", [before, after])
    assert holds(records, kept), records


@pytest.mark.parametrize("text, adds", [
    ("I've got a cat too", True), ("we do yoga too, on Mondays", True), ("me too.", True),
    ("it was too far after the move", False), ("the flat was too small for three", False),
    ("that's too expensive for us", False),
])
def test_too_before_a_word_adds_nothing(text, adds):
    assert additive(text) is adds
