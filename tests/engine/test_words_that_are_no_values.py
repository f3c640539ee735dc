"""Two readings that made a repeat look like a change, or hid one:
- an ordinal word is a value only in a date ("the first of May", "May third"), not in "comes
  first" or "my first car": "as I said, training comes first" no longer conflicts with the record;
- a capitalised word right after the speaker's possessive ("Zoë's Spanish class", "Sam's Honda")
  names the speaker's thing, not whom the record is about, so someone acting for the speaker
  ("our teacher moved the Spanish class to Thursdays") reaches it."""
from __future__ import annotations

import pytest

from engine.meaning import holder, values
from two_sessions import assert_replaced, records_after


@pytest.mark.parametrize("text, has, lacks", [
    ("Sam's rent is due on the first of May", "1", None),
    ("the deadline is May third", "3", None),
    ("Sam is saving for Sam's first car, family comes first", None, "1"),
    ("Sam came second in the Leeds 10k", None, "2"),
])
def test_an_ordinal_is_a_value_in_a_date_only(text, has, lacks):
    found = values(text, "Sam")
    assert (has is None or has in found) and (lacks is None or lacks not in found), found


@pytest.mark.parametrize("text, who", [
    ("Zoë's Spanish class is on Wednesday evenings", frozenset()),
    ("Sam's Honda needs a new clutch", frozenset()),
    ("Sam's Pilates class moved to the Tuesday slot", frozenset()),
    ("Sam's sister Ana lives in Rome", frozenset({"sister", "ana"})),
])
def test_a_word_of_the_speakers_thing_is_no_holder(text, who):
    speaker = text.split("'", 1)[0]
    assert holder(text, speaker) == who


@pytest.mark.parametrize("speaker, old, new, old_word, new_word", [
    ("Zoë", "My Spanish class is on Wednesday evenings.", "our teacher moved the Spanish class to Thursday evenings", "wednesday", "thursday"),
    ("Sam", "My Pilates class is on Mondays at 6.", "The studio moved my Pilates class to Tuesdays at 7.", "mondays", "tuesdays"),
    ("Ines", "My French lesson is at 4pm on Fridays.", "my tutor changed the French lesson to 5pm", "4pm", "5pm"),
])
def test_a_change_by_someone_acting_for_the_speaker(tmp_path, speaker, old, new, old_word, new_word):
    recs = records_after(tmp_path, old, new, speaker=speaker, days=("2026-03-02", "2026-03-09"), at="18:40:00")
    assert_replaced(recs, old_word, new_word)


@pytest.mark.parametrize("old, new, word", [
    ("I'm training for the Berlin Marathon in September.",
     "as I mentioned, I'm running the Berlin marathon this September so training comes first", "berlin"),
    ("I'm saving for a deposit on a flat in Leith.", "like I said, the Leith flat deposit comes first this year", "leith"),
    ("My daughter Nia starts school in September.", "Nia starting school comes first, as I said", "nia"),
])
def test_a_repeat_that_puts_it_first_is_no_change(tmp_path, old, new, word):
    recs = records_after(tmp_path, old, new, speaker="Zoë", days=("2026-03-02", "2026-03-09"), at="18:40:00")
    olds = [r for r in recs if word in (r.text or "").lower() and [s.turn_id for s in r.sources][:1] == ["0"]]
    assert olds and all(r.tier == "active" for r in olds), [(r.text, r.tier) for r in recs]
