"""What the rules file under one slot ("fact:residence", "preference:food", "fact:my phone number"):
the same filler said again in other words is one memory said twice, not a newer statement; a
filler said to come in addition ("also", "too") stands beside the first; "my new <attribute>" is
the attribute's new value."""
from __future__ import annotations

import pytest

from two_sessions import records_after


def _records(tmp_path, old: str, new: str) -> list:
    return records_after(tmp_path, old, new, speaker="Adaeze", days=("2026-08-03", "2026-08-11"), at="18:00:00")


@pytest.mark.parametrize("old,new", [
    ("I live in Tbilisi.", "I'm based in Tbilisi."),
    ("I live in Cork.", "I still live in Cork."),
    ("I'm from Kumasi.", "I'm originally from Kumasi."),
])
def test_the_same_filler_in_other_words_is_one_memory(tmp_path, old, new):
    records = _records(tmp_path, old, new)
    assert len(records) == 1, [(r.tier, r.text) for r in records]
    assert records[0].tier == "active" and records[0].source_turn_ids == ["0", "1"]


@pytest.mark.parametrize("old,new", [
    ("I love Greek food.", "I also love Vietnamese food."),
    ("I love Italian food.", "I love Ethiopian food too."),
    ("I love Lebanese food.", "I love Japanese food as well."),
])
def test_a_filler_said_in_addition_stands_beside_the_first(tmp_path, old, new):
    records = _records(tmp_path, old, new)
    assert len(records) == 2 and all(r.tier == "active" for r in records), [(r.tier, r.text) for r in records]


@pytest.mark.parametrize("old,new,now", [
    ("My address is 12 Elm Road.", "My new address is 40 Birch Lane.", "Birch"),
    ("My phone number is 020 7946 0000.", "My new phone number is 020 7946 0999.", "0999"),
    ("My office is room 214.", "My current office is room 305.", "305"),
])
def test_my_new_attribute_is_its_new_value(tmp_path, old, new, now):
    records = _records(tmp_path, old, new)
    active = [r for r in records if r.tier == "active"]
    assert len(active) == 1 and now in active[0].text, [(r.tier, r.text) for r in records]


@pytest.mark.parametrize("old,new,now", [
    ("My favourite season is autumn.", "My favourite season is spring these days, autumn is too rainy.", "spring"),
    ("My favourite band is Blur.", "My favourite band is Pulp now, Blur feels dated.", "Pulp"),
    ("My favourite snack is popcorn.", "My favourite snack is almonds, popcorn got boring.", "almonds"),
])
def test_a_new_filler_said_beside_the_old_one_is_no_repeat(tmp_path, old, new, now):
    """The new statement names the old filler too, so the two read alike; the slot's filler changed."""
    active = [r for r in _records(tmp_path, old, new) if r.tier == "active"]
    assert len(active) == 1 and now in active[0].text and active[0].source_turn_ids == ["1"], \
        [(r.source_turn_ids, r.text) for r in active]


@pytest.mark.parametrize("old,new", [
    ("I'm allergic to walnuts.", "I have a walnut allergy."),
    ("I'm allergic to bee stings.", "I have a bee sting allergy."),
    ("I'm allergic to strawberries.", "I have a strawberry allergy."),
])
def test_the_same_filler_in_another_inflection_is_one_memory(tmp_path, old, new):
    records = _records(tmp_path, old, new)
    assert len(records) == 1 and records[0].tier == "active" and records[0].source_turn_ids == ["0", "1"], \
        [(r.tier, r.source_turn_ids, r.text) for r in records]
