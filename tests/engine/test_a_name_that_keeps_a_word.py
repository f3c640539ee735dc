"""A new value that keeps a word of the old one is still a new value: "Lozells Medical Centre" /
"Handsworth Wood Medical Practice" share "Medical", yet the surgery changed. Before, any shared value
meant no conflict. A value added beside the old one ("Leeds, near Roundhay Park") is no conflict.
Also read as changes: "put me on lates", "set my premium at", "gave everyone a pay rise"."""
from __future__ import annotations

import pytest

from two_sessions import assert_replaced, records_after

DAYS = ("2026-03-02", "2026-03-09")


def _after(tmp_path, old, new):
    return records_after(tmp_path, old, new, speaker="Bea", days=DAYS, at="10:00:00")


@pytest.mark.parametrize("old, new, old_word, new_word", [
    ("I'm registered at Ashfield Health Centre, two streets away.",
     "Our practice merged, so I'm now registered at Kirkby Road Health Centre.", "ashfield", "kirkby"),
    ("My bank is First Direct, always has been.", "My bank is First Trust now, I moved back to Belfast.", "direct", "trust"),
    ("My GP surgery is Parkside Medical Practice.", "My GP surgery is Riverside Medical Practice now, they moved my records.",
     "parkside", "riverside"),
])
def test_a_shared_word_hides_no_change(tmp_path, old, new, old_word, new_word):
    recs = _after(tmp_path, old, new)
    assert_replaced(recs, old_word, new_word)


@pytest.mark.parametrize("old, new, word", [
    ("Our vet is Meadow Lane Vets in Otley.", "Meadow Lane Vets in Otley were brilliant with the dog today.", "meadow"),
    ("My bank is First Direct, always has been.", "First Direct's app is down again today.", "direct"),
    ("I'm registered at Ashfield Health Centre, two streets away.", "Ashfield Health Centre has a new pharmacy now.", "ashfield"),
])
def test_a_value_kept_is_no_change(tmp_path, old, new, word):
    recs = _after(tmp_path, old, new)
    assert any(r.tier == "active" and word in (r.text or "").lower() and [s.turn_id for s in r.sources][:1] == ["0"]
               for r in recs), [(r.text, r.tier) for r in recs]


@pytest.mark.parametrize("old, new, old_word, new_word", [
    ("I work the early shift, 6 till 2.", "My supervisor put me on lates from next week, 2 till 10.", "6 till 2", "2 till 10"),
    ("My car insurance premium is £640 a year.", "Admiral have set my premium at £720 for the renewal.", "£640", "£720"),
    ("I'm on £11.90 an hour at the warehouse.", "The warehouse gave everyone a pay rise, I'm on £12.60 an hour now.", "11.90", "12.60"),
])
def test_more_changes_by_someone_else(tmp_path, old, new, old_word, new_word):
    recs = _after(tmp_path, old, new)
    assert_replaced(recs, old_word, new_word)
