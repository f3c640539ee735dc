"""A number with its unit written onto it ("30mins", "12lbs", "20mg", "128GB") is the number's value,
as "35mm" and "14km" were: a new one said later is a new value, and updates the old. Before, such a
number was no value at all, so "my walk to work is 45mins now" was taken for "I walk 30mins to work"
said again and lost, and a new weight or duration left the old one standing. Two things measured in
one unit stay two."""
from __future__ import annotations

import pytest

from engine.meaning import values
from two_sessions import records_after


@pytest.mark.parametrize("text, number", [
    ("it's 30mg now", "30"), ("my bag weighs 12lbs", "12"), ("the phone has 128GB", "128"),
    ("a 45mins walk", "45"), ("it does 70mph", "70"), ("about 3hrs", "3"),
])
def test_a_unit_written_onto_a_number_leaves_the_number(text, number):
    assert number in values(text)


@pytest.mark.parametrize("old, new, word", [
    ("I walk 30mins to work", "my walk to work is 45mins now since we moved", "45"),
    ("my commute is 20mins each way", "my commute is 35mins each way now", "35"),
    ("my rucksack weighs 7lbs", "my rucksack weighs 12lbs now with the tent", "12"),
])
def test_a_new_measure_updates_the_old(tmp_path, old, new, word):
    records = records_after(tmp_path, old, new, speaker="Ilse", days=("2026-03-02", "2026-03-09"), at="09:00:00")
    active = [r.text for r in records if r.tier == "active"]
    assert len(active) == 1 and word in active[0], [(r.text, r.tier) for r in records]


@pytest.mark.parametrize("old, new", [
    ("my laptop has 16GB of RAM", "my phone has 128GB of storage"),
    ("Mum takes 10mg of amlodipine", "Dad takes 20mg of atorvastatin"),
])
def test_two_things_in_one_unit_stay_two(tmp_path, old, new):
    records = records_after(tmp_path, old, new, speaker="Ilse", days=("2026-03-02", "2026-03-09"), at="09:00:00")
    assert len([r for r in records if r.tier == "active"]) == 2, [(r.text, r.tier) for r in records]

