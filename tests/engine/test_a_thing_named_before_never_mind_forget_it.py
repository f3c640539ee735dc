""""Never mind the stuff about my car, forget it": a request to forget what was said about the
thing named after "never mind", when it is named as what was said (the stuff, info, details or
bit about it, or "the X info"). Before, only "the X thing/stuff/bit" with a word before it was
read so, and these requests kept the fact (and were kept themselves). Letting a matter drop
("never mind the details, forget it, I'll sort it myself") or a thing that was never said ("never
mind the weather, forget it") forgets nothing."""
from __future__ import annotations

import pytest

from two_sessions import texts_after

DAYS = ("2026-06-01", "2026-06-04")


@pytest.mark.parametrize("said, asked, gone", [
    ("My car is a silver Honda Jazz.", "Never mind the stuff about my car, forget it.", "Jazz"),
    ("My landlord is called Petr Novak.", "Never mind the info on my landlord, forget it, he's moving out anyway.", "Novak"),
    ("I go to the gym at 6am before work.", "nvm the stuff re my gym, forget it", "6am"),
    ("I earn 52k a year at the council.", "Never mind the info about my pay, forget it.", "52k"),
])
def test_never_mind_what_was_said_forget_it_forgets_it(tmp_path, said, asked, gone):
    texts = texts_after(tmp_path, said, asked, "I keep bees on the allotment.", speaker="Wren", days=DAYS)
    assert not any(gone in t for t in texts), texts
    assert any("bees" in t for t in texts), texts


@pytest.mark.parametrize("asked", [
    "Never mind the details, forget it, I'll sort it myself.",
    "never mind the stuff about the cake, forget it, no worries",
    "Never mind the weather, forget it, we're going anyway.",
])
def test_letting_a_matter_drop_forgets_nothing(tmp_path, asked):
    texts = texts_after(tmp_path, "My car is a silver Honda Jazz.", asked, "I keep bees on the allotment.",
                        speaker="Wren", days=DAYS)
    assert any("Jazz" in t for t in texts) and any("bees" in t for t in texts), texts
