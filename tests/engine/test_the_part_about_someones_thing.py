"""A request to forget "the bit / part / stuff / info about" something of someone's named ("could
you scratch the bit about Nadia's visa please", "scratch the stuff about Jenny's wedding please")
is a request about what was said, as with "my": what it names is forgotten. Before, only "the part
about my ..." was read so, and these were left to the classifier, which judged them below its
bar (with a "please" or a reason after them) and kept what they named."""
from __future__ import annotations

import pytest

from two_sessions import texts_after

DAYS = ("2026-11-02", "2026-11-05")


@pytest.mark.parametrize("said, asked, gone", [
    ("My friend Nadia's visa expires in June.", "could you scratch the bit about Nadia's visa please", "visa"),
    ("My friend Nadia's visa expires in June.", "pls scratch the info about Nadia's visa", "visa"),
    ("Our neighbour Colin's hedge is blocking our light.", "you can forget the part about Colin's hedge now, he cut it back",
     "hedge"),
    ("My cousin Jenny gets married in August.", "scratch the stuff about Jenny's wedding please", "married"),
    ("Our dog Pip is on a grain-free diet.", "please forget the bit about Pip's diet now, the vet changed it", "grain"),
])
def test_the_part_about_someones_thing_is_forgotten(tmp_path, said, asked, gone):
    texts = texts_after(tmp_path, said, asked, "I sing alto in a community choir.", speaker="Ines", days=DAYS)
    assert not any(gone in t for t in texts), texts
    assert any("choir" in t for t in texts), texts
