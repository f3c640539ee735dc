"""A great-grandmother is not the grandmother, nor a great-aunt the aunt: "great-" kin is one term
of its own (engine.textnorm.terms), and a request to forget "my grandad" takes the statement about
the grandad, not the one about the great-grandad beside it (nor the other way round)."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine import MemoryEngine
from engine.textnorm import terms

OTHER = "I'm learning the cello, grade 4 this summer."


def _after(tmp_path: Path, request: str, said: str) -> list[str]:
    with MemoryEngine.open(tmp_path / "d") as engine:
        for i, text in enumerate([said, OTHER]):
            engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s0", "turn_id": str(i), "role": "user",
                           "speaker": "Ada", "text": text, "occurred_at": f"2026-03-02T09:0{i}:00Z"})
        engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s1", "turn_id": "r", "role": "user",
                       "speaker": "Ada", "text": request, "occurred_at": "2026-03-05T09:00:00Z"})
        engine.flush()
        return [r.text.lower() for r in engine.records("t", "u")]


@pytest.mark.parametrize("request_,said,gone,kept", [
    ("forget what I told you about my grandad",
     "My grandad was a miner in Durham. My great-grandad was a sailor out of Hull.", "durham", "hull"),
    ("forget what I told you about my aunt",
     "My aunt Jill got divorced last year. My great-aunt Vera is 94 and still drives.", "divorced", "94"),
    ("scrap the bit about my grandmother",
     "My grandmother has a pacemaker now. My great-grandmother came over from Kerala in 1948.", "pacemaker", "kerala"),
    ("please forget what I said about my niece",
     "My niece Tilly is doing her GCSEs. My great-niece was born in March.", "gcse", "born"),
    ("drop what I said about my great-grandad",
     "My great-grandad fought at Arnhem. My grandad was a miner in Barnsley.", "arnhem", "barnsley"),
])
def test_a_request_names_one_generation(tmp_path, request_, said, gone, kept):
    texts = _after(tmp_path, request_, said)
    assert not any(gone in t for t in texts), texts
    assert any(kept in t for t in texts), texts


@pytest.mark.parametrize("text,expected", [
    ("my great-grandma on mum's side", ["great-grandmother", "mother", "sid"]),
    ("great great grandfather", ["great-great-grandfather"]),
    ("a great day with my grandma", ["great", "day", "grandmother"]),
    ("Great! my uncle is here", ["great", "uncl"]),
    ("it was great", ["great"]),
])
def test_great_kin_terms(text, expected):
    assert terms(text) == expected
