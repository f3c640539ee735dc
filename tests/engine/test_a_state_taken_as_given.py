"""A new state said as given, in passing ("now that I'm at Sainsbury's I get weekends off"), is a
change: it takes the place of the old value ("I work at Tesco") though the statement is about
something else. "Now that I think about it" or "now that I'm older" changes nothing."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds


@pytest.mark.parametrize("speaker, before, after, old, new", [
    ("Tia", "I work at Tesco on the tills.", "Now that I'm at Sainsbury's I get weekends off, which is lovely.",
     "Tesco", "Sainsbury"),
    ("Tia", "I drive a Ford Focus.", "Now that I've got a Tesla, charging at home is the new routine.", "Focus", "Tesla"),
    ("Tia", "I bank with Barclays.", "Now that I'm with Monzo I get instant spending notifications.", "Barclays",
     "Monzo"),
    ("Tia", "I go to PureGym on the high street.", "Now that I'm at Anytime Fitness I can train at 5am.", "PureGym",
     "Anytime"),
    ("Tia", "I'm a junior designer at Arup.", "Now that I'm a senior designer I review everyone's drawings.",
     "junior", "senior"),
])
def test_a_state_taken_as_given_replaces_the_old_one(tmp_path, speaker, before, after, old, new):
    records = active_after(tmp_path, speaker, [before, after])
    assert not holds(records, old) and holds(records, new), records


@pytest.mark.parametrize("speaker, before, after, kept, said", [
    ("Tia", "I work at Tesco on the tills.", "Now that I think about it, Tesco pays weekly, which helps with budgeting.",
     "tills", "weekly"),
    ("Tia", "I live in Leeds, near Hyde Park.", "Now that I'm older I prefer quiet pubs to clubs.", "Leeds",
     "quiet pubs"),
])
def test_now_that_without_a_new_state_changes_nothing(tmp_path, speaker, before, after, kept, said):
    records = active_after(tmp_path, speaker, [before, after])
    assert holds(records, kept) and holds(records, said), records


@pytest.mark.parametrize("text, given", [
    ("now that Sam is at Deloitte Sam has a longer commute", ["Sam is at Deloitte"]),
    ("Now that I'm with Monzo I get instant notifications", ["I'm with Monzo"]),
    ("Now that we live in Bristol, we cycle everywhere", ["we live in Bristol"]),
    ("I work at Tesco on the tills", []),
])
def test_the_clause_taken_as_given(text, given):
    from engine.meaning import given_clause

    assert given_clause(text) == given
