"""One long sentence that says several things ("I teach Year 9 science in Leeds, my head of
department is Mr Okonjo, and most of my free periods go on marking") is too long to be one
statement: a later statement that gives one of its clauses a new value updates that clause, and the
rest of the sentence is kept as a record of its own. Before, such a record was never weighed
against a new statement (it is no single statement, and no narrative of several), and the old
value stayed beside the new.

A day or time said anew ("our one-to-ones are on Mondays from now on") is of something that has
one: it gives no new value to a clause that says no when ("most of my work is dashboards")."""
from __future__ import annotations

import pytest

from tests.engine.two_sessions import active_after


def after_two_sessions(tmp_path, first: str, later: str) -> list[str]:
    return active_after(tmp_path, "Marit", [first, later])


@pytest.mark.parametrize("first, later, old, new, kept", [
    ("So you know where I'm coming from, I teach Year 9 science at a comprehensive in Leeds, my head of "
     "department is Mr Okonjo, and most of my free periods go on marking lab books and planning the practicals.",
     "There's a new head of department now, Mrs Adeyemi, she started after half term and she's already "
     "changed the marking policy.", "Okonjo", "Adeyemi", "Year 9"),
    ("To set the scene: we rent a flat above a bakery in Ludlow, our landlord is a man called Peter Shaw, and "
     "the boiler is ancient so the hot water only works if you run the tap for about five minutes first.",
     "Our flat was sold, so our landlord is a woman called Helen Ford now.", "Peter Shaw", "Helen Ford", "boiler"),
    ("A bit about my setup first: I run a small bakery in Frome with two part-timers, our flour comes from "
     "Whitmore Mill in Somerset, and I bake most mornings from four until about ten before the shop opens.",
     "We've switched flour suppliers, it all comes from Hartfield Organics now, Whitmore put their prices up "
     "again.", "Whitmore Mill", "Hartfield", "Frome"),
    ("Just so you know my situation, I'm a sound engineer at a theatre in Bath, my stage manager is Priya Lal, "
     "and most of my work is mixing the musicals and fixing the radio mics between shows, which is a constant "
     "battle.", "Priya has left, my stage manager is now Owen Tate, he joined from the Bristol Old Vic.",
     "Priya Lal", "Owen Tate", "radio mics"),
])
def test_the_clause_takes_the_new_value_and_the_rest_stays(tmp_path, first, later, old, new, kept):
    texts = after_two_sessions(tmp_path, first, later)
    assert any(new in t for t in texts), texts
    assert not any(old in t and new not in t for t in texts), texts
    assert any(kept in t for t in texts), texts


@pytest.mark.parametrize("first, later, kept", [
    ("Quick background: I'm a data analyst at a housing charity in Derby, my line manager is Ruth Kemp, and "
     "most of my work is Power BI dashboards for the lettings team, which nobody reads.",
     "Our one-to-ones will be on Mondays from now on.", "Power BI"),
    ("For context, I'm a nurse on a surgical ward in Hull, my ward sister is Gail Moss, and most of my job "
     "these days is discharge paperwork and chasing the pharmacy for take-home meds.",
     "Handover is at 7:30 from now on.", "discharge paperwork"),
    ("Some background: I coach an under-10s rugby team in Otley, the club secretary is Dave Lumb, and most "
     "of what I do is getting kids to stop picking daisies during drills and actually pass.",
     "Training has moved to Thursdays from next week.", "daisies"),
])
def test_a_when_said_anew_leaves_a_clause_that_says_none(tmp_path, first, later, kept):
    texts = after_two_sessions(tmp_path, first, later)
    assert any(kept in t for t in texts), texts
