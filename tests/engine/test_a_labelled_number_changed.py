"""A number a label names before it (a size, a level, payment terms: "size 8", "level 3", "net-60")
given anew with a word of change supersedes the record that gave that label another number. Another
person's or thing's number of the same label leaves the record as it was: the strict xfails are the
limits found (a name opening a record, "Mia wears ...", is not read as whose it is, so the speaker's
own size or level replaces the child's)."""
from __future__ import annotations

import pytest

from two_sessions import assert_one_active, records_after


@pytest.mark.parametrize("old,new,now", [
    ("Mia wears a size 8 in school shoes.", "Mia's feet shot up over the summer, she's gone up to a size 10 now.", "10"),
    pytest.param("My desk is on floor 3 of the Hartwell building.", "They moved our whole team to floor 5 last week.", "5",
                 marks=pytest.mark.xfail(strict=True, reason="a floor's number is no measure: 'our team' moved is "
                                         "not named in the record of the desk")),
    ("Leo is on level 3 of his swimming badges.", "Leo got bumped up to level 4 at the pool on Saturday!", "4"),
    ("We pay our suppliers on net-60.", "New policy from June: we've moved every supplier to net-45.", "45"),
])
def test_a_labelled_number_given_anew_supersedes_the_old(tmp_path, old, new, now):
    records = records_after(tmp_path, old, new, speaker="Ayla", days=("2026-05-02", "2026-05-20"), at="10:00:00")
    assert_one_active(records, now)


@pytest.mark.parametrize("old,new,word", [
    ("My desk is on floor 3 of the Hartwell building.", "The canteen moved to floor 1 last week, the lift queue is awful.",
     "floor 3"),
    pytest.param("Mia wears a size 8 in school shoes.", "I've gone up to a size 14 in jeans, thanks lockdown.", "size 8",
                 marks=pytest.mark.xfail(strict=True, reason="'Mia wears ...' is not read as Mia's")),
    pytest.param("Leo is on level 3 of his swimming badges.", "I moved up to level 2 in my Spanish class!", "level 3",
                 marks=pytest.mark.xfail(strict=True, reason="'Leo is on ...' is not read as Leo's")),
])
def test_a_labelled_number_of_another_thing_leaves_the_record(tmp_path, old, new, word):
    records = records_after(tmp_path, old, new, speaker="Ayla", days=("2026-05-02", "2026-05-20"), at="10:00:00")
    assert any(word in r.text and r.tier == "active" for r in records), [(r.text, r.tier) for r in records]
