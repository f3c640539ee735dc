"""A change told with why beside it, in a clause of another subject ("piano's thursdays now,
teacher had to switch"), updates the record it changes: the clause that says the change is read
alone when the whole statement updates nothing. Before, the whole was read, its holder taken to be
the teacher (or the council, the instructor), and the old value stayed beside the new."""
from __future__ import annotations

import pytest

from tests.engine.two_sessions import records_after, said_first


@pytest.mark.parametrize("old, new, old_word", [
    ("my guitar lesson is wednesdays at 7", "guitar's fridays now, tutor had to switch", "wednesdays"),
    ("my spin class is tuesdays 6pm", "spin's thursdays now, coach moved it", "tuesdays"),
    ("eva's piano lesson is mondays at 5", "piano's on thursdays now, teacher had to switch", "mondays"),
    # (as said without a reason, which was read so before too)
    ("my pottery class is thursday evenings", "pottery's monday evenings now, the teacher had to switch days",
     "thursday"),
])
def test_the_clause_that_says_the_change_updates_the_record(tmp_path, old, new, old_word):
    records = records_after(tmp_path, old, new, speaker="Robin", days=("2026-03-02", "2026-03-09"), at="09:00:00")
    olds = said_first(records, old_word)
    assert olds and all(r.tier == "superseded" for r in olds), [(r.text, r.tier) for r in records]


@pytest.mark.parametrize("old, new, kept", [
    # a change the clause beside it makes a maybe or a condition
    ("my tennis lesson is saturdays at 10", "tennis is sundays now, if the club gets its way", "saturdays"),
    ("my swim class is mondays at 7", "swim's wednesdays now, the instructor said she might", "mondays"),
    # a clause beside it says the change is someone else's
    ("my pilates class is thursdays", "at my sister's studio, pilates is mondays now, the owner moved it", "thursdays"),
    ("my choir is on tuesdays", "at my cousin's church, choir is on wednesdays now, the vicar changed it", "tuesdays"),
    # a change of one thing is no change of a short unrelated record
    ("one page is fine", "I'm doing wednesday evenings at the food bank from now on, 6 to 9", "one page"),
])
def test_a_record_the_change_does_not_name_stays(tmp_path, old, new, kept):
    records = records_after(tmp_path, old, new, speaker="Robin", days=("2026-03-02", "2026-03-09"), at="09:00:00")
    assert any(kept in (r.text or "") and r.tier == "active" for r in records), [(r.text, r.tier) for r in records]
