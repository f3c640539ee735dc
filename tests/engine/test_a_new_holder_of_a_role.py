"""A new holder of one of the speaker's roles, told in passing ("finally registered with a new GP,
Dr Whitfield at ...", "the new physio is Mark Ellery and he's ..."), replaces the one the memory
names; a new holder of someone else's role, of another role, or one the speaker still sees, leaves
it as it was."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds


@pytest.mark.parametrize("before, after, old, new", [
    ("my GP is Dr Sandhu at the Elm Grove surgery",
     "finally registered with a new GP, Dr Whitfield at the Castle Street practice, way easier to get appointments",
     "Sandhu", "Whitfield"),
    ("Our physio is Jana Kowalski, she comes on Tuesdays.",
     "The new physio is Mark Ellery and he's far more hands-on.", "Kowalski", "Ellery"),
    ("The kids' piano teacher is Mrs Lowe, lessons are on Thursdays.",
     "The new piano teacher is Mr Adeyemi and he's a lot stricter than Mrs Lowe was.", "Thursdays", "Adeyemi"),
    ("Our landlord is Mr Hussain.",
     "The flat got sold, so we've got a new landlord, Gerald Price, who wants the rent on the 1st.", "Hussain", "Price"),
    ("My therapist is Dr Amsel, we meet every other Monday.",
     "I switched to a new therapist, Dr Okoro, who does evening sessions.", "Amsel", "Okoro"),
    ("My dentist is Dr Hale.", "signed up with a new dentist last month - Dr Farah Qureshi on Mill Lane", "Hale",
     "Qureshi"),
    ("Our childminder is Mrs Bell.", "We've found a new childminder, Lucy Hart, she takes them Mondays to Wednesdays.",
     "Bell", "Hart"),
    ("our plumber is Steve Mack", "got ourselves a new plumber, Dave Rowe from Rowe and Sons, the old one never showed",
     "Mack", "Rowe"),
    ("My accountant is Priya Nair, she does our returns every January.",
     "Our new accountant, Tom Baxter, wants all the receipts by the end of the month.", "Nair", "Baxter"),
])
def test_a_new_holder_replaces_the_old(tmp_path, before, after, old, new):
    records = active_after(tmp_path, "Ines", [before, after])
    assert holds(records, new) and not any(old in r and new not in r for r in records), records


@pytest.mark.parametrize("before, after, kept, other", [
    ("My dentist is Dr Hale.", "My sister's new dentist is Dr Park and she loves her.", "Hale", "Park"),
    ("My dentist is Dr Hale.", "My sister switched to a new dentist, Dr Park.", "Hale", "Park"),
    ("My guitar teacher is Ana Ruiz.", "The new piano teacher is Mr Adeyemi and he's strict.", "Ruiz", "Adeyemi"),
    ("Our vet is Dr Moss at Hillside.", "The practice has a new vet, Dr Lin, but we still see Dr Moss.", "Moss",
     None),
    ("My manager is Sofia Grant.", "Sofia hired a new analyst, Ben Cole, who starts Monday.", "Grant", None),
])
def test_a_new_holder_of_another_role_leaves_the_record(tmp_path, before, after, kept, other):
    records = active_after(tmp_path, "Ines", [before, after])
    assert any(kept in r and (other is None or other not in r) for r in records), records
