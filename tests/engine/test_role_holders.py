"""A name said to fill a role one person holds ("Priya is our kennel manager") is that role's value:
a new name in the role ("Tomasz is the kennel manager now") supersedes the old one. Roles many people
hold at once (a sister, a friend) keep every name, and another role is another memory."""
from __future__ import annotations

import pytest

from two_sessions import records_after

DAYS = ("2026-04-06", "2026-04-14")


def _active(tmp_path, old: str, new: str) -> list[str]:
    records = records_after(tmp_path, old, new, speaker="Ayla", days=DAYS, at="10:00:00")
    return [r.text for r in records if r.tier == "active"]


@pytest.mark.parametrize("old,new,now,before", [
    ("Marta is our choir director.", "Gwen is the choir director now.", "Gwen", "Marta"),
    ("Dr Shah is my GP.", "Dr Ellis is my GP now.", "Ellis", "Shah"),
    ("Hollis is my landlord.", "Femi is my landlord now.", "Femi", "Hollis"),
    ("Jonah is our project lead.", "Ruth is the project lead now.", "Ruth", "Jonah"),
    ("Oskar Berg is our estate agent.", "Hana Ito is the estate agent now.", "Hana", "Oskar"),
    # said the other way round, or as news (a plain "<name> is my <role>" kept no record before)
    ("Wilma is my physio.", "my physio is Anders now", "Anders", "Wilma"),
    ("Imogen is our nanny.", "We've got a new nanny, Rosa.", "Rosa", "Imogen"),
    ("Dr Fenwick is my surgeon.", "My surgeon is Dr Adeyemi now, the old one retired.", "Adeyemi", "Fenwick"),
])
def test_a_new_name_in_a_role_supersedes_the_old_one(tmp_path, old, new, now, before):
    active = _active(tmp_path, old, new)
    assert any(now in t for t in active) and not any(before in t for t in active), active


@pytest.mark.parametrize("old,new,names", [
    ("Dana is my sister.", "Mia is my sister.", ("Dana", "Mia")),  # many hold it
    ("Priya is our kennel manager.", "Tomasz is our head groomer.", ("Priya", "Tomasz")),  # another role
    ("Kai is my tennis coach.", "Noor is my swim coach.", ("Kai", "Noor")),
])
def test_another_holder_of_a_shared_role_or_another_role_keeps_both(tmp_path, old, new, names):
    active = _active(tmp_path, old, new)
    assert all(any(n in t for t in active) for n in names), active


@pytest.mark.parametrize("old,new,names", [
    ("Clara is my sister.", "Hannah is my sister too.", ("Clara", "Hannah")),
    ("Omar is my cousin.", "Yusuf is my cousin as well, on my mum's side.", ("Omar", "Yusuf")),
    ("Ingrid is my neighbour.", "Paulo is our neighbour now too, he moved in upstairs.", ("Ingrid", "Paulo")),
    # said the other way round, with more after the role
    ("Tamsin is my friend from the allotment.", "My friend is Bogdan, we met at the running club.", ("Tamsin", "Bogdan")),
    ("Our neighbour is Mr. Adebayo.", "Mrs. Lindgren is our neighbour on the left.", ("Adebayo", "Lindgren")),
    ("Ottilie Park is my flatmate.", "My flatmate is Sven Aaro, he has the box room.", ("Ottilie", "Sven")),
])
def test_a_second_holder_of_a_shared_role_is_no_repeat_of_the_first(tmp_path, old, new, names):
    active = _active(tmp_path, old, new)
    assert all(any(n in t for t in active) for n in names), active


@pytest.mark.parametrize("text", ["Dance is my passion.", "Seven is my lucky number.", "Saturday is my favourite day."])
def test_a_thing_said_to_be_mine_is_no_role(tmp_path, text):
    records = records_after(tmp_path, text, "I had a quiet week.", speaker="Ayla", days=DAYS, at="10:00:00")
    assert not any(r.slot and r.slot.startswith("fact:role:") for r in records), [(r.text, r.slot) for r in records]
