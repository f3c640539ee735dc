"""What the speaker may not be near ("I can't be in the same room as a cat", "I shouldn't be around
strong perfume, it triggers my migraines") is a rule of theirs, kept as a constraint in a slot of
its own thing. Before, such sentences were kept as a fact, a preference, or not at all when a
reason followed ("..., I swell up"). Someone they can't stand ("can't be around him anymore"),
being about at a time ("can't be around for the party") or a feeling ("can't go near the beach
without bawling") is no rule."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn, records_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("I can't be in the same room as a cat.", "cat"),
    ("I shouldn't be around strong perfume, it triggers my migraines.", "perfume"),
    ("I can't go near cats, they make me sneeze.", "cats"),
    ("I can never be near smokers.", "smokers"),
])
def test_what_one_cant_be_near_is_a_rule(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Rosalind", text)
    assert any(kind == "constraint" and word in t for kind, t in kept), kept


def test_the_rule_is_of_the_thing_kept_away_from(tmp_path):
    records = records_of_one_turn(tmp_path, "Rosalind", "I mustn't be near anyone with a cold during chemo.")
    assert [r.slot for r in records if r.kind == "constraint"] == ["constraint:near:cold"], records


@pytest.mark.parametrize("text", [
    "I can't be around him anymore.",
    "I can't be around for the party, sorry.",
    "I can't be near Tom anymore",
    "I can't stay around after the meeting",
    "I can't go near the beach without bawling my eyes out",
    "I can't be around my ex",
    "I can't be in the same room as a clown without panicking, haha",
])
def test_someone_one_cant_stand_or_a_time_away_is_no_rule(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Rosalind", text)
    assert not any(kind == "constraint" for kind, _ in kept), kept
