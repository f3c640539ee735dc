"""A statement that only says results arrived ("my MRI results are in", "got my exam grades back",
"the x-ray came back today") is followed by what they said: a request to forget the results
forgets that too. Before, only the announcement was cut from the record and what the results
said stayed. More news beside the results ("..., and I bought a new bike", "..., also my sister is
visiting") stays."""
from __future__ import annotations

import pytest

from two_sessions import texts_after

DAYS = ("2026-09-07", "2026-09-09")


@pytest.mark.parametrize("said, asked, gone", [
    ("my MRI results are in, I have a bulging disc at L5", "please forget my MRI results", "disc"),
    ("got my exam grades back, I got an A in chemistry and a B in maths", "can you forget the exam grades", "chemistry"),
    ("the x-ray came back today, my wrist is fractured in two places", "forget the x-ray result please", "wrist"),
    ("Bloods came back this morning: my vitamin D is 18 and the GP wants me on supplements",
     "Could you forget the blood results?", "vitamin"),
    ("The DNA test results arrived, I'm 30% Irish and 20% Norwegian", "please forget the DNA results", "Irish"),
])
def test_what_the_results_said_goes_with_them(tmp_path, said, asked, gone):
    texts = texts_after(tmp_path, said, asked, "I play the cello in a quartet.", speaker="Imke", days=DAYS)
    assert not any(gone in t for t in texts), texts
    assert any("cello" in t for t in texts), texts


@pytest.mark.parametrize("said, asked, gone, stays", [
    ("my son's grades came back, and I bought a new bike today", "forget my son's grades", "grades", "bike"),
    ("my bloodwork came back, my iron is really low, also my sister is visiting next month",
     "can you forget my blood results", "iron", "sister"),
])
def test_more_news_beside_the_results_stays(tmp_path, said, asked, gone, stays):
    texts = texts_after(tmp_path, said, asked, "I play the cello in a quartet.", speaker="Imke", days=DAYS)
    assert any(stays in t for t in texts) and not any(gone in t for t in texts), texts
