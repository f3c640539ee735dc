"""A name after a title ("Dr. Okafor", "Mrs. Cole") is a value, not a word that starts a sentence
after a full stop: "my physio is Ms. Varga now" was merged into "my physio is Mr. Hale" as if said
again, and the new name was lost."""
from __future__ import annotations

import pytest

from engine.meaning import values
from two_sessions import records_after

DAYS = ("2026-08-04", "2026-08-11")


@pytest.mark.parametrize("old, new, name", [
    ("My dentist is Dr. Amari.", "My dentist is Dr. Feld now, Amari moved to Glasgow.", "Feld"),
    ("My piano teacher is Mrs. Cole.", "My piano teacher is Mr. Banks these days.", "Banks"),
    ("My vet is Dr. Ruiz at the Hillside clinic.", "Our vet is Dr. Chen now.", "Chen"),
    ("My driving instructor is Mr. Platt.", "My driving instructor is Mrs. Okoye now, Mr. Platt retired.", "Okoye"),
    ("My landlord is Mr. Doyle.", "My landlord is Ms. Brennan now, Mr. Doyle sold the building.", "Brennan"),
])
def test_a_new_titled_name_is_kept(tmp_path, old, new, name):
    recs = records_after(tmp_path, old, new, speaker="Oona", days=DAYS, at="16:00:00")
    assert any(r.tier == "active" and name in (r.text or "") for r in recs), [(r.text, r.tier) for r in recs]


def test_a_name_after_a_title_is_a_value():
    assert "feld" in values("Oona's dentist is Dr. Feld", "Oona")
    assert "cole" in values("Oona's teacher is Mrs. Cole", "Oona")
    assert values("Oona moved. Leeds is home now", "Oona") == frozenset()  # a sentence start is no value
