"""A great-grandmother is not the grandmother, nor a great-aunt the aunt: "great-" kin is one term
of its own (engine.textnorm.terms), and a request to forget "my grandad" takes the statement about
the grandad, not the one about the great-grandad beside it (nor the other way round)."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.textnorm import terms
from tests.engine.two_sessions import after_forget

OTHER = "I'm learning the cello, grade 4 this summer."


def _after(tmp_path: Path, request: str, said: str) -> list[str]:
    texts = after_forget(tmp_path, request, [said, OTHER], speaker="Ada")
    return [t.lower() for t in texts]


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


@pytest.mark.parametrize("request_,said,gone,kept", [
    # "great" written apart from the kin word, in the request or in both
    ("forget what I said about my great grandad",
     ["My grandad Ken was a postman. My great-grandad Alfie was a docker in Hull."], "docker", "postman"),
    ("forget my great aunt please",
     ["My aunt Noor is a pharmacist. My great aunt Soraya is 97 and sharp as a tack."], "soraya", "pharmacist"),
    ("drop the stuff about my great grandmother",
     ["My grandmother Ines grows tomatoes. My great-grandmother Carmen came from Vigo."], "vigo", "tomatoes"),
    # two generations of great-, said apart
    ("forget what I said about my great-grandad",
     ["My great-great-grandad John built the chapel.", "My great-grandad Alfie was a docker in Hull."], "docker", "chapel"),
])
def test_great_said_apart_names_its_generation(tmp_path, request_, said, gone, kept):
    texts = [t.lower() for t in after_forget(tmp_path, request_, said + [OTHER], speaker="Ada")]
    assert not any(gone in t for t in texts), texts
    assert any(kept in t for t in texts), texts
