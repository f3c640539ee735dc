"""A statement said again among other news ("The agent keeps sending flats. We need 3 bedrooms
minimum. Parking matters too."), or alone after a narrative that said it ("my son has a sesame
allergy"), is the memory said before said again: it adds a source to it, and the new record
keeps only what is new. Statements that only look alike ("my son plays the
violin" / "my daughter plays the cello") are two memories."""
from __future__ import annotations

import re

import pytest

from tests.conftest import engine_after


def _records(tmp_path, first: str, second: str) -> list:
    with engine_after(tmp_path, [first, second], "Omar", "2026-04-06", 14) as engine:
        return engine.records("t", "u")


@pytest.mark.parametrize("first,second,said,new", [
    ("Looking for a new office for the studio. Two meeting rooms is a must. Natural light would help.",
     "The broker keeps showing open-plan floors. We need 2 meeting rooms at least. Bike storage matters too.",
     r"meeting room", "Bike storage"),
    ("Planning the Crete trip. My daughter is allergic to peanuts. We fly out of Bristol.",
     "Booking restaurants for the trip now. My daughter has a peanut allergy. The hotel has a kids' club.",
     r"peanut", "kids' club"),
    ("Trip planning. My son is allergic to sesame. We land at 6.", "Just so you know, my son has a sesame allergy.",
     r"sesame", None),
    ("Garden update. We keep four hens in the back garden. The plum tree needs pruning.",
     "Busy weekend outside. We have four hens out the back. The greenhouse glass cracked in the storm.",
     r"hens", "greenhouse"),
])
def test_a_statement_said_again_among_others_is_one_memory(tmp_path, first, second, said, new):
    records = _records(tmp_path, first, second)
    seen = [r.text for r in records]
    assert len([t for t in seen if re.search(said, t, re.I)]) == 1, seen
    assert new is None or any(new in t for t in seen), seen


def test_statements_that_only_look_alike_are_two_memories(tmp_path):
    records = _records(tmp_path, "Busy house. My son plays the violin. We live near the park.",
                       "School concert season. My daughter plays the cello. The park is being redone.")
    seen = [r.text for r in records]
    assert any("violin" in t for t in seen) and any("cello" in t for t in seen), seen
