"""A thing someone has at a time ("Jonah's got football training on Tuesdays", "my son's got judo
on Saturday mornings") moved by a statement that names no one ("training is moving to Wednesdays
from now on"): the move is of that person's thing, and updates it (meaning._thing_had), as it did
when the record named the thing as its subject ("Jonah's training is on Tuesdays"). What is said of
the thing without a change leaves it."""
from __future__ import annotations

import pytest

from two_sessions import assert_replaced, records_after

DAYS = ("2026-03-02", "2026-03-09")


@pytest.mark.parametrize("speaker,old,new,old_word,new_word", [
    ("Wren", "Jonah's got football training on Tuesdays at six.", "Training is moving to Wednesdays from now on.",
     "tuesday", "wednesday"),
    ("Dilys", "My son's got judo on Saturday mornings.", "Judo has moved to Sunday mornings now.", "saturday", "sunday"),
    ("Baptiste", "Leila's got band rehearsal on Mondays at six.",
     "Band rehearsal is switching to Wednesdays from next week.", "monday", "wednesday"),
    ("Oona", "Kemal has chess club every Thursday after school.", "Chess club is changing to Fridays.",
     "thursday", "friday"),
])
def test_a_thing_someone_has_moved_without_naming_them_is_updated(tmp_path, speaker, old, new, old_word, new_word):
    assert_replaced(records_after(tmp_path, old, new, speaker=speaker, days=DAYS, at="09:00:00"), old_word, new_word)


@pytest.mark.parametrize("speaker,old,new", [
    ("Wren", "Jonah's got football training on Tuesdays at six.", "Training was brilliant today, he scored twice."),
    ("Dilys", "My son's got judo on Saturday mornings.", "Judo costs 40 pounds a month."),
    ("Oona", "Kemal has chess club every Thursday after school.", "Kemal has a dentist appointment on Friday."),
    # more of it, or a move that is not of its time (found by a probe helper)
    ("Wren", "My daughter's got ballet on Wednesday afternoons.", "Ballet is getting really expensive."),
    ("Dilys", "My son's got judo on Saturday mornings.", "Judo is in the sports hall behind the library."),
    ("Dilys", "My son's got judo on Saturday mornings.", "Judo has moved him up to the orange belt group."),
    ("Baptiste", "Leila's got band rehearsal on Mondays at six.", "Rehearsal is moving along nicely, they know three songs now."),
    ("Oona", "Aunt Rosa has her bridge club every Tuesday morning.", "Bridge club moved into a new hall on Elm Road."),
])
def test_what_is_said_of_it_without_a_change_leaves_it(tmp_path, speaker, old, new):
    records = records_after(tmp_path, old, new, speaker=speaker, days=DAYS, at="09:00:00")
    first = [r for r in records if [s.turn_id for s in r.sources] == ["0"]]
    assert first and all(r.tier == "active" for r in first), [(r.text, r.tier) for r in records]
    # and what was said of it is kept, not taken for the record said again
    last_word = new.rstrip(".").split()[-1].lower()
    assert any(r.tier == "active" and last_word in (r.text or "").lower() for r in records), \
        [(r.text, r.tier) for r in records]
