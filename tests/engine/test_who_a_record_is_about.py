"""Whose a record is, read more carefully:
- a clause put before the subject ("Once the kids are down, Wren plays ...", "On Thursdays Wren
  swims") is no holder: the subject after it is;
- a record where the speaker does something ("the Monzo account Wren opened") is the speaker's even
  when a name comes first; one where the speaker is only an object ("Ana gave Wren a lift") is not;
- an end's thing stops at a dash ("stopped the ramipril - my GP says ..."), and an acronym in it is
  a word ("finished my IT course": IT is no pronoun)."""
from __future__ import annotations

import pytest

from engine.meaning import ended, holder, mentions
from engine.textnorm import terms
from two_sessions import assert_ended, records_after


@pytest.mark.parametrize("text, who", [
    ("Once the kids are down Wren plays Zelda on the Switch", frozenset()),
    ("When the baby naps Wren reads thrillers", frozenset()),
    ("On Thursdays Wren swims at the lido", frozenset()),
    ("On Sundays Wren's sister bakes bread", frozenset({"sister"})),
])
def test_a_fronted_clause_is_no_holder(text, who):
    assert holder(text, "Wren") == who


@pytest.mark.parametrize("text, theirs", [
    ("The twins' pocket money goes into a Monzo account Wren opened for them", True),
    ("Every Tuesday Wren volunteers at Oxfam", True),
    ("On Fridays Wren helps at the Hulme community garden", True),
    ("Yesterday Ana gave Wren a lift to Leeds", False),
    ("At lunch Marcus told Wren about his new job", False),
])
def test_whose_record(text, theirs):
    assert mentions(text, "Wren") is theirs


@pytest.mark.parametrize("said, head", [
    ("I've stopped taking the ramipril - my GP says my pressure is fine", "ramipril"),
    ("gave up the saxophone – no time with the new job", "saxophone"),
    ("Finished my IT course last week!", "course"),
])
def test_what_ended(said, head):
    stop = ended(said, "Wren")
    assert stop is not None and stop.head == next(iter(terms(head))), stop


@pytest.mark.parametrize("old, new, word", [
    ("Once the kids are down I play Zelda on my Switch, it's my wind-down.", "Sold the Switch to a colleague, I wasn't sleeping enough.", "switch"),
    ("On Fridays I help at the community garden in Hulme, weeding mostly.", "I left the community garden, I'm too busy with the new job.", "garden"),
    ("The twins' pocket money goes into a Monzo account I opened for them.", "I closed the Monzo account last week, the app kept logging me out.", "monzo"),
])
def test_the_end_reaches_the_record(tmp_path, old, new, word):
    recs = records_after(tmp_path, old, new, speaker="Wren", days=("2026-06-02", "2026-06-09"), at="21:00:00")
    assert_ended(recs, word)
