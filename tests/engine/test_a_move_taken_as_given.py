"""A move taken as given ("since our move to Ipswich the kids walk to school", "after moving to
Worthing, I finally got a dog") is a change of where the speaker lives, though the statement is
about something else: the old place is replaced. A room, flat or house the speaker rents, owns or
shares somewhere is where they live. A move to something that is no place ("since the
move to the bigger desk", "after moving to a four-day week") leaves where they live alone."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds


@pytest.mark.parametrize("before, after, old, new", [
    ("Our home is in Norwich.", "Since our move to Ipswich the kids walk to school.", "Norwich", "Ipswich"),
    ("I rent a room in Brighton.", "After moving to Worthing, I finally got a dog.", "Brighton", "Worthing"),
    ("We live just outside Derby.", "since the move to Nottingham we hardly drive anymore", "Derby", "Nottingham"),
    ("I live in Walsall with my sister.", "Since my move to Lichfield I've joined the cathedral choir.", "Walsall",
     "Lichfield"),
])
def test_a_move_taken_as_given_replaces_the_old_place(tmp_path, before, after, old, new):
    records = active_after(tmp_path, "Noor", [before, after])
    assert holds(records, new) and not holds(records, old), records


@pytest.mark.parametrize("before, after, kept", [
    ("I live in York.", "Since the move to the bigger desk by the window I get more done.", "York"),
    ("I live in York.", "After moving to a four-day week I have Fridays free.", "York"),
])
def test_a_move_to_no_place_leaves_the_home(tmp_path, before, after, kept):
    records = active_after(tmp_path, "Noor", [before, after])
    assert holds(records, kept), records


@pytest.mark.parametrize("text, given", [
    ("Since the move to Edinburgh the commute is much shorter.", ["moved to Edinburgh"]),
    ("Ever since we moved to Hove, I swim in the sea.", ["moved to Hove"]),
    ("after moving to Leith I sold the car", ["moved to Leith"]),
])
def test_the_move_taken_as_given(text, given):
    from engine.meaning import given_clause

    assert given_clause(text) == given


@pytest.mark.parametrize("before, after, old, new", [
    ("We own a terrace in Salford.", "We moved to Bolton last month.", "Salford", "Bolton"),
    ("I share a flat near Clapham with a friend from work.", "I've moved to Peckham.", "Clapham", "Peckham"),
    ("I rent a bedsit in Luton.", "I relocated to Bedford for the new job.", "Luton", "Bedford"),
])
def test_a_home_rented_or_owned_is_where_the_speaker_lives(tmp_path, before, after, old, new):
    records = active_after(tmp_path, "Noor", [before, after])
    assert holds(records, new) and not holds(records, old), records
