"""A statement the speaker tells as said before ("quick reminder that ...", "as you know, ...") in
words of its own ("plant-based" for "vegan", "married to Thandi" for "my wife's name is Thandi")
says again the one record it reads nearest, clearly nearer than any other, when it says no change,
no value that conflicts, and is no liking told beside a state. Before, it was kept as a second
memory beside the first, since the two read less alike than two statements must to be one. One
more of a kind ("allergic to dogs too" beside "allergic to cats"), another thing of the same topic
("my boss is Mrs Osei" beside "my landlord is Mr Patel") stays a memory of its own."""
from __future__ import annotations

import re

import pytest

from tests.conftest import engine_after


def _held(tmp_path, said: list[str]) -> list[str]:
    with engine_after(tmp_path, said, "Robin", "2026-03-02", 9) as eng:
        return [r.text or "" for r in eng.records("t", "u")]


@pytest.mark.parametrize("said, pattern", [
    (["I'm vegan, no animal products at all",
      "quick reminder that I'm plant-based, so no dairy or eggs in the cake recipe please"], r"vegan|plant"),
    (["fyi my wife's name is Thandi", "as you know I'm married to Thandi"], r"thandi"),
    (["I'm pescatarian, keep that in mind for recipes",
      "reminder that I don't eat meat but fish is fine. what can I do with salmon?"], r"pescatarian|meat"),
])
def test_a_repeat_told_as_one_is_one_memory(tmp_path, said, pattern):
    held = _held(tmp_path, said)
    assert len([t for t in held if re.search(pattern, t, re.IGNORECASE)]) == 1, held


@pytest.mark.parametrize("said, patterns", [
    (["I'm allergic to cats", "as you know I'm allergic to dogs too"], (r"cats", r"dogs")),
    (["I like my coffee black", "quick reminder that I take my tea with oat milk"], (r"coffee", r"tea")),
    (["my landlord is Mr Patel", "just a reminder, my boss is Mrs Osei"], (r"patel", r"osei")),
    (["I run 5k every Saturday at parkrun", "as you know I swim twice a week at the leisure centre"],
     (r"parkrun", r"swim")),
    (["I coach the under 12s at the rugby club", "as you know, I'm the treasurer of the rugby club too"],
     (r"coach", r"treasurer")),
])
def test_another_thing_told_as_known_stays_a_memory_of_its_own(tmp_path, said, patterns):
    held = _held(tmp_path, said)
    for pattern in patterns:
        assert any(re.search(pattern, t, re.IGNORECASE) for t in held), (pattern, held)
