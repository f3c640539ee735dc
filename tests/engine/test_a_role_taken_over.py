"""Someone new who takes a role of the speaker's ("Tomasz has become my line manager", "Ms
Lindqvist took over as head coach", "Professor Tanaka has stepped in as my mentor for the year")
fills it anew: the record of who held it before is no longer current, though the sentence names the
one who left too. Someone who becomes something that is no role of the speaker's leaves it."""
from __future__ import annotations

import pytest

from tests.conftest import record_texts


def _active(tmp_path, first: str, then: str) -> list[str]:
    return record_texts(tmp_path, [first, then], "Ines", "2026-01-12", 20)


@pytest.mark.parametrize("first,then,old,new", [
    ("My line manager is Greta.", "Big reshuffle: Greta's gone to the Leeds office, so Tomasz has become my line manager.",
     "manager is Greta", "Tomasz"),
    ("Our head coach is Mr Adeyemi.", "Mr Adeyemi retired in the summer, and Ms Lindqvist took over as head coach of the under-10s.",
     "coach is Mr Adeyemi", "Lindqvist"),
    ("My mentor is Dr Bryce.", "Dr Bryce is on sabbatical, so Professor Tanaka has stepped in as my mentor for the year.",
     "mentor is Dr Bryce", "Tanaka"),
])
def test_a_role_taken_over_replaces_who_held_it(tmp_path, first, then, old, new):
    active = _active(tmp_path, first, then)
    assert any(new in t for t in active), active
    assert not any(old in t for t in active), active


@pytest.mark.parametrize("then", ["Greta has become a grandmother, she's over the moon.",
                                  "Tomasz has become my favourite colleague."])
def test_becoming_no_role_of_the_speakers_leaves_it(tmp_path, then):
    active = _active(tmp_path, "My line manager is Greta.", then)
    assert any("manager is Greta" in t for t in active), active
