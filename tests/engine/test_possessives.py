"""A possessive is the word it belongs to: "grandmother's" and "grandmother" are one term, for
forget by query, keyword recall and duplicate checks alike."""
from __future__ import annotations

import pytest

from conftest import make_turn
from engine import MemoryEngine
from engine.textnorm import term_set

# (a statement with a possessive, a forget query naming the same things without it)
SAID = [
    ("My grandmother's village is called Pellworth.", "grandmother village"),
    ("My aunt's bakery sells rye bread on Fridays.", "aunt bakery rye bread"),
    ("Our dog's vet is on Harbour Street.", "dog vet"),
]


def test_a_possessive_is_the_word_it_belongs_to():
    assert term_set("my grandmother's village") == term_set("grandmother village")
    assert "can't" in term_set("I can't swim")  # a contraction is not a possessive


@pytest.mark.parametrize("said, query", SAID)
def test_forget_by_query_finds_a_memory_said_with_a_possessive(tmp_path, said, query):
    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest_many([make_turn(said, 1), make_turn("I work as a nurse in Lyon.", 2)])
        engine.flush()
        [target] = [r for r in engine.records("acme", "u1") if "nurse" not in r.text]
        assert engine.forget(tenant_id="acme", user_id="u1", query=query) == [target.memory_id]
        assert [r.text for r in engine.records("acme", "u1")] == ["User works as a nurse in Lyon"]
