"""A statement that names a newcomer and says the one the memory holds is still the one ("the gym
took on a new trainer, Marco, but I'm still training with Kasia") changes nothing: the old record
holds. Still doing something on the same day or for the same sum, with someone else now, is a
change."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds


@pytest.mark.parametrize("before, after, kept, newcomer", [
    ("Our physio is Rhona Blake.", "There's a new physio at the clinic, Tomasz, but we still see Rhona.", "Rhona",
     "Tomasz"),
    ("My trainer at the gym is Kasia.", "The gym hired a new trainer, Marco, but I'm still training with Kasia.",
     "Kasia", "Marco"),
    ("Our GP is Dr Bell.", "The surgery took on a new GP called Dr Akhtar, though we're still with Dr Bell.", "Bell",
     "Akhtar"),
    ("Our vet is Dr Moss.", "Took Biscuit to a new vet, Dr Lin, last week, but Dr Moss is still our main vet.",
     "Moss", "Lin"),
    ("Our cleaner is Magda.", "The agency sent a new cleaner, Beata, but Magda is still our regular.", "Magda",
     "Beata"),
    ("My hairdresser is Leon at Cutz.", "Cutz has a new stylist called Priya, but I'm still booked in with Leon.",
     "Leon", "Priya"),
])
def test_the_old_one_still_seen_holds(tmp_path, before, after, kept, newcomer):
    records = active_after(tmp_path, "Ines", [before, after])
    assert any(kept in r and newcomer not in r for r in records), records


@pytest.mark.parametrize("before, after, old, new", [
    ("Our physio is Rhona Blake.", "Still getting used to it, but our physio is Tomasz now.", "Rhona", "Tomasz"),
    ("I train with Kasia on Mondays.", "I still train on Mondays but with Marco now.", "Kasia", "Marco"),
    ("We pay British Gas 40 pounds a month for energy.", "We still pay 40 pounds a month, but to Octopus now.",
     "British Gas", "Octopus"),
    ("Our GP is Dr Bell.", "We switched GPs, Dr Akhtar is our GP now and he's still very thorough.", "Bell",
     "Akhtar"),
])
def test_still_said_of_something_else_is_a_change(tmp_path, before, after, old, new):
    records = active_after(tmp_path, "Ines", [before, after])
    assert holds(records, new) and not any(old in r and new not in r for r in records), records
