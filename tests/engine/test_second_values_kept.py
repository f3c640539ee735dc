"""A second value in another slot of the same kind is a memory of its own, never merged into the
first as if said again: "allergic to kiwi as well" after "allergic to shellfish" lost the kiwi. A
preference and a rule that word one wish are still one memory."""
from __future__ import annotations

import pytest

from engine.processor import _other_slot
from two_sessions import records_after

DAYS = ("2026-02-10", "2026-02-17")


def _after(tmp_path, old, new):
    return records_after(tmp_path, old, new, speaker="Pia", days=DAYS, at="12:00:00")


@pytest.mark.parametrize("old, new, first, second", [
    ("I'm allergic to peanuts.", "turns out I'm allergic to sesame too, the doctor confirmed it", "peanut", "sesame"),
    ("I'm allergic to cats.", "the test said I'm allergic to dust mites as well, which explains a lot", "cat", "mite"),
    ("I'm allergic to eggs.", "I'm allergic to almonds too, found that out at a wedding", "egg", "almond"),
])
def test_a_second_value_is_kept_beside_the_first(tmp_path, old, new, first, second):
    recs = _after(tmp_path, old, new)
    active = [r.text.lower() for r in recs if r.tier == "active" and r.text]
    assert any(first in t for t in active) and any(second in t for t in active), \
        [(r.text, r.tier, r.slot, [s.turn_id for s in r.sources]) for r in recs]


@pytest.mark.parametrize("a, b, other", [
    ("constraint:allergy:kiwi", "constraint:allergy:shellfish", True),
    ("preference:favorite band", "preference:favorite album this year", True),
    ("fact:my phone number", "fact:my address", True),
    ("constraint:diet:meat", "constraint:diet", False),      # narrower: the same attribute
    ("fact:my birthday", "fact:born", False),                 # other words: maybe one attribute
    ("preference:flight", "constraint:window", False),        # a wish and a rule may say one thing
    ("fact:residence", None, False),
])
def test_which_slots_are_other_attributes(a, b, other):
    assert _other_slot(a, b) is other and _other_slot(b, a) is other


def test_a_birthday_said_as_a_birth_date_is_one_memory(tmp_path):
    recs = _after(tmp_path, "My birthday is on July 2nd.", "I was born on 2 July, a proper summer baby")
    active = [r for r in recs if r.tier == "active"]
    assert len(active) == 1 and {s.turn_id for s in active[0].sources} == {"0", "1"}, \
        [(r.text, r.tier, r.slot) for r in recs]
