"""Someone taking over a role of the speaker's, said as when something else began ("Since Marcus
took over as my line manager it's been daily standups", "now that Dr Aziz has become my
supervisor, ..."), is the role's new holder, as "Marcus took over as my line manager" is. A role
taken over that is someone else's ("since Marcus took over as Priya's line manager") is not."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds


@pytest.mark.parametrize("before, after, old, new", [
    ("My line manager is Priya Das, she's very hands-off.",
     "Since Marcus took over as my line manager it's been nonstop meetings. Can you help me plan my week?",
     "Priya", "Marcus"),
    ("Our head coach is Sandra Obi.", "Ever since Dev Patel took over as head coach we've been doing 6am sessions.",
     "Sandra", "Dev"),
    ("My PhD supervisor is Dr Kemp.", "Now that Dr Aziz has become my supervisor, I get feedback every single week.",
     "Kemp", "Aziz"),
    ("My manager is Joe Platt.", "Now that Lena Byrne has been made my manager I'm finally getting proper feedback.",
     "Platt", "Byrne"),
])
def test_the_new_holder_said_as_when(tmp_path, before, after, old, new):
    records = active_after(tmp_path, "Tove", [before, after])
    assert holds(records, new) and not any(old in r and new not in r for r in records), records


@pytest.mark.parametrize("before, after, kept", [
    ("My line manager is Priya Das.", "Since Marcus took over as Priya's line manager she's been really stressed.",
     "Tove's line manager is Priya"),
    ("My line manager is Priya Das.", "Since Marcus joined the team it's been chaos, honestly.",
     "Tove's line manager is Priya"),
])
def test_a_role_of_someone_else(tmp_path, before, after, kept):
    records = active_after(tmp_path, "Tove", [before, after])
    assert any(kept in r for r in records), records
