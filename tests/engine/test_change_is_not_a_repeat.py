"""A statement that says something changed ("no longer", "instead of", "switched") often names the
old value it replaces, so it shares the record's distinctive words. That shared word is the change's
object: the statement updates the record; it is not the record said again. A plain repeat (no change
cue) still reinforces the one record."""
from __future__ import annotations

import pytest

from engine import MemoryEngine


def _records_after(tmp_path, old: str, new: str) -> list:
    with MemoryEngine.open(tmp_path / "d") as engine:
        for i, text in enumerate((old, new)):
            engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s", "turn_id": str(i), "role": "user",
                           "text": text, "occurred_at": f"2026-04-0{7 + i}T10:00:00Z"})
        engine.flush()
        return engine.records("t", "u")


@pytest.mark.parametrize("old,new,kept", [
    ("I take the 7:40 train to the office.", "I no longer take the 7:40 train; I drive to the office.", "drive"),
    ("I shop at Lidl every Saturday.", "I no longer shop at Lidl on Saturdays; I go to the farmers market.",
     "farmers market"),
    ("I read everything on my Kindle.", "I'm reading on a Kobo now instead of a Kindle.", "Kobo"),
    ("I run in Nike shoes.", "I run in Hoka shoes now instead of Nike ones.", "Hoka"),
])
def test_a_stated_change_replaces_the_record_it_names(tmp_path, old, new, kept):
    active = _records_after(tmp_path, old, new)
    assert len(active) == 1 and kept in active[0].text, [r.text for r in active]
    assert active[0].source_turn_ids == ["1"]  # the new statement's record, not the old one reinforced


@pytest.mark.parametrize("old,new", [
    ("I drink oat milk in my coffee.", "I still drink oat milk in my coffee."),
    ("I prefer window seats on trains.", "I prefer window seats on trains, as I said before."),
    ("I prefer tea in the afternoon.", "I still prefer tea in the afternoon."),
])
def test_a_repeat_without_a_change_reinforces_the_one_record(tmp_path, old, new):
    (record,) = _records_after(tmp_path, old, new)
    assert record.source_turn_ids == ["0", "1"] and record.evidence_count == 2


@pytest.mark.parametrize("old,new,cue", [
    ("I work from the Lisbon office on Fridays.", "I no longer work from the Lisbon office on Fridays.", "no longer"),
    ("I commute by tram number 14.", "I commute by bike instead of tram number 14 these days.", "bike"),
    ("I work night shifts at the hospital.", "I no longer work night shifts at the hospital.", "no longer"),
    ("I walk my dog in Vondelpark every morning.", "I no longer walk my dog in Vondelpark every morning.",
     "no longer"),
    ("I get my hair cut at Barber Jan on Saturdays.", "I don't get my hair cut at Barber Jan on Saturdays anymore.",
     "anymore"),
])
def test_a_change_in_nearly_the_records_words_is_recorded_not_swallowed(tmp_path, old, new, cue):
    """Nearly every word of the record, and a change cue: the word-overlap duplicate check and the
    near-identical meaning check both used to take it for the record said again."""
    active = _records_after(tmp_path, old, new)
    assert any(cue in r.text and r.source_turn_ids == ["1"] for r in active), [r.text for r in active]


@pytest.mark.parametrize("old,new", [
    ("My team uses Jira for tickets.", "Again, my team uses Jira for tickets these days."),
    ("I work from the Utrecht office on Tuesdays.", "These days I still work from the Utrecht office on Tuesdays."),
    ("I work from home on Thursdays.", "These days I work from home on Thursdays, as always."),
    ("My daughter plays hockey on Saturdays.", "My daughter still plays hockey on Saturdays these days."),
])
def test_a_cue_word_in_a_statement_that_says_it_goes_on_is_a_repeat(tmp_path, old, new):
    """'These days' is a change cue, but with "still", "again" or "as always" the statement says
    the record holds: one record, reinforced."""
    (record,) = _records_after(tmp_path, old, new)
    assert record.source_turn_ids == ["0", "1"]
