"""Three readings of a request to forget:

- "would you mind not keeping ...", "do you mind wiping ..." is a request, as "could you not keep" is;
- a compound names its thing by its last part ("great-grandad" is no "great", a word of thanks);
- of a narrative, a statement holding a word of the request but not its most telling one was judged
  by its words ("my left knee" takes "my left knee has a torn meniscus", not "my right knee is fine"),
  and is not taken back in by reading alike.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.two_sessions import after_forget



OTHER = "I'm learning the cello, grade 4 this summer."


def _after(tmp_path: Path, request: str, statements: list[str]) -> list[str]:
    texts = after_forget(tmp_path, request, statements + [OTHER], speaker="Ada")
    return [t.lower() for t in texts]


@pytest.mark.parametrize("request_,statement,gone", [
    ("Would you mind not keeping my blood type on file?", "My blood type is O negative.", "negative"),
    ("Do you mind forgetting the bit about my overdraft?", "I'm £600 into my overdraft this month, ugh.", "overdraft"),
    ("Would you mind not holding on to my salary? It's a bit personal.", "I earn 48k a year at the council.", "48k"),
    ("Do you mind wiping my allergy info?", "I'm allergic to penicillin, found out the hard way.", "penicillin"),
])
def test_would_you_mind_asks_to_forget(tmp_path, request_, statement, gone):
    texts = _after(tmp_path, request_, [statement])
    assert not any(gone in t for t in texts), texts
    assert any("cello" in t for t in texts), texts


@pytest.mark.parametrize("request_,statement,gone,kept", [
    ("drop what I said about my great-grandad",
     "My great-grandad fought at Arnhem. My grandad was a miner in Barnsley.", "arnhem", "barnsley"),
    ("forget the great-grandparents bit please",
     "My great-grandparents came from Sligo in 1890. My grandparents ran a pub in Leeds.", "sligo", "pub"),
    ("forget what I told you about my great-uncle",
     "My great-uncle Tom was a sailor on the Arctic convoys. My uncle Rob runs a chip shop in Whitby.", "convoys", "chip shop"),
    ("Can you forget what I told you about my left knee?",
     "My left knee has a torn meniscus. My right knee is fine but stiff in the cold.", "meniscus", "right knee"),
    ("Can you forget what I told you about my back garden?",
     "Our back garden floods every winter. The front garden is just gravel and bins.", "floods", "gravel"),
])
def test_of_a_narrative_only_the_statement_named_goes(tmp_path, request_, statement, gone, kept):
    texts = _after(tmp_path, request_, [statement])
    assert not any(gone in t for t in texts), texts
    assert any(kept in t for t in texts), texts
