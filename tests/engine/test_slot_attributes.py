"""A slot is an attribute: two statements that fill two slots are two attributes, however alike
they read ("favourite band" is not "favourite album this year"), and "these days" or "right now"
after a favourite names the same slot as the favourite alone."""
from __future__ import annotations

import pytest

from two_sessions import records_after

DAYS = ("2026-03-03", "2026-03-10")


def _after(tmp_path, old, new):
    return records_after(tmp_path, old, new, speaker="Bea", days=DAYS, at="19:00:00")


@pytest.mark.parametrize("old, new, word", [
    ("My favourite author is Ursula Le Guin.", "My favourite book of the year so far is Piranesi, honestly.", "Le Guin"),
    ("My favourite sport to watch is rugby.", "My favourite team in the league is Leinster.", "rugby"),
    ("My favourite city is Lisbon.", "My favourite café in town is the one by the station.", "Lisbon"),
])
def test_another_slot_is_another_attribute(tmp_path, old, new, word):
    recs = _after(tmp_path, old, new)
    assert any(r.tier == "active" and word in (r.text or "") for r in recs), [(r.text, r.tier, r.slot) for r in recs]


@pytest.mark.parametrize("old, new, word", [
    ("My favourite snack is popcorn.", "My favourite snack these days is roasted chickpeas.", "popcorn"),
    ("My favourite podcast is Radiolab.", "My favourite podcast right now is The Rest Is History.", "Radiolab"),
    ("My favourite board game is Catan.", "My favourite board game at the moment is Wingspan.", "Catan"),
])
def test_a_favourite_now_is_the_favourites_new_value(tmp_path, old, new, word):
    recs = _after(tmp_path, old, new)
    olds = [r for r in recs if word in (r.text or "")]
    assert olds and all(r.tier == "superseded" for r in olds), [(r.text, r.tier, r.slot) for r in recs]
    news = [r for r in recs if r.tier == "active"]
    assert news and news[0].slot == olds[0].slot
