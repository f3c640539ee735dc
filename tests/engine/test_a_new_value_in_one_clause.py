"""A new value said with "new" or "now" in one clause of a longer sentence ("the surgery emailed this
morning, all very apologetic, new number is ...") supersedes the record of the old value: the
clause that says the value is compared with the record, not the whole sentence. A clause that says
a new value of something else leaves the record as it was."""
from __future__ import annotations

import pytest

from two_sessions import assert_one_active, records_after


@pytest.mark.parametrize("old,new,now", [
    pytest.param("My dentist is Dr Hale at Bridge Street Dental, their number is 0113 496 0210.",
                 "Bridge Street emailed this morning, all very apologetic, new number is 0113 496 0388.", "0388",
                 marks=pytest.mark.xfail(strict=True, reason="the new value's clause is not compared on its own "
                                         "under a weak cue, and 'Bridge Street' opening it is read as its holder")),
    ("My gym membership is 32 pounds a month.",
     "Got a letter from the gym about prices, the monthly fee is 36 pounds now.", "36"),
    pytest.param("The kids' piano teacher is Mrs Abara.",
                 "Had a long chat with the school office today, the piano teacher is Mr Lund now.", "Lund",
                 marks=pytest.mark.xfail(strict=True, reason="'the kids' piano teacher' is read as the kids', "
                                         "'the piano teacher' as no one's: two holders")),
])
def test_a_new_value_in_one_clause_supersedes_the_old(tmp_path, old, new, now):
    records = records_after(tmp_path, old, new, speaker="Ayla", days=("2026-05-02", "2026-05-20"), at="10:00:00")
    assert_one_active(records, now)


@pytest.mark.parametrize("old,new,word", [
    pytest.param("My gym membership is 32 pounds a month.",
                 "Went to the gym today, shattered, the new spin class is 8 pounds a session.", "32",
                 marks=pytest.mark.xfail(strict=True, reason="a price of another thing in pounds, said with "
                                         "'new', is read as the membership's price changed")),
    ("The kids' piano teacher is Mrs Abara.",
     "Had a long chat with the school office today, the new head teacher is Mr Lund.", "Abara"),
    ("My dentist is Dr Hale at Bridge Street Dental, their number is 0113 496 0210.",
     "Bridge Street were lovely today, my new filling cost 95 pounds.", "0210"),
])
def test_a_new_value_of_something_else_leaves_the_record(tmp_path, old, new, word):
    records = records_after(tmp_path, old, new, speaker="Ayla", days=("2026-05-02", "2026-05-20"), at="10:00:00")
    assert any(word in r.text and r.tier == "active" for r in records), [(r.text, r.tier) for r in records]
