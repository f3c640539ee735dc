"""A thing of the user's described in one sentence is one record, whole.

- The rules type the first part ("my boat is a 2001 Beneteau called Gull"); the rest of the
  sentence ("she's moored at Poole") is kept in the same record, not lost, and not kept again as a
  second record beside it.
- Two things described in the same shape ("my X is a <year> <make>; it <where>") without a word of
  change do not replace each other: a clause read alike is of one thing only when the two share a
  word of their frame.
- A year cut to two digits after an apostrophe ("'87 build") is the year in full.
"""
from __future__ import annotations

import pytest

from engine.meaning import values
from tests.conftest import engine_after


def _active(tmp_path, turns: list[str]) -> list[str]:
    with engine_after(tmp_path, turns, "Imke", "2026-02-02", 3) as eng:
        return [r.text for r in eng.records("t", "u")]


@pytest.mark.parametrize("said, first, rest", [
    ("My bike is a 2019 Trek Domane called Blue; she lives in the shed behind the flat.", "Trek", "shed"),
    ("Our dog is a collie called Moss; he sleeps in the utility room at night.", "Moss", "utility room"),
    ("My amp is a 2016 Fender; it sits under the desk in the spare room.", "Fender", "spare room"),
    ("My caravan is a 2015 Swift called Nomad; it's stored at a farm near Wells.", "Nomad", "Wells"),
])
def test_a_described_thing_is_one_record_with_the_rest_of_its_sentence(tmp_path, said, first, rest):
    texts = _active(tmp_path, [said])
    holding = [t for t in texts if first in t]
    assert len(holding) == 1, texts
    assert rest in holding[0], texts


def test_things_described_in_one_shape_do_not_replace_each_other(tmp_path):
    texts = _active(tmp_path, [
        "My van is a white 2012 Transit, and it's parked at my brother's in Luton.",
        "My kayak is a 2008 Perception called Otter; it hangs in the garage at my dad's.",
        "My boat is a 2001 Beneteau called Gull; she's moored at Poole.",
        "My guitar is a 1979 Gibson, and it lives in the hall cupboard.",
    ])
    for word in ("Transit", "Otter", "Gull", "Gibson"):
        assert sum(word in t for t in texts) == 1, (word, texts)


@pytest.mark.parametrize("text, year", [
    ("Skiff ('87 build) is still on the trailer", "1987"),
    ("she was class of ’05 at Hollins", "2005"),
    ("the '72 Mustang needs a clutch", "1972"),
])
def test_a_two_digit_year_after_an_apostrophe_is_the_year_in_full(text, year):
    found = values(text, "Imke")
    assert year in found and year[2:] not in found, found
