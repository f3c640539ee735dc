"""A street address or a phone number given anew with a word of change ("new address: 7 Weir Lane",
"we're at 31 Hatton Road now", "the landline changed ..., it's 0131 ... now") supersedes the one
record of the same holder that gave another one, however differently the two are worded ("we rent a
flat at 12 Tanner Row", "home is 5 Birch Close for now"): an address or a number is known by its
shape. Someone else's, another kind ("office address"), a stay for a while, or a choice between two
numbers the speaker gave leaves the records as they were."""
from __future__ import annotations

import pytest

from two_sessions import assert_one_active, records_after


@pytest.mark.parametrize("old,new,now", [
    ("Home is 5 Birch Close for now.", "Moved in yesterday, we're at 31 Hatton Road now.", "Hatton"),
    ("We rent a flat at 12 Tanner Row.", "All done with the move - new address: 7 Weir Lane, Hexham.", "Weir"),
    ("I'm at 40 Elm Grove till the sale completes.", "Finally got the keys, my new address is 2 Ferry Road.", "Ferry"),
    ("Our landline is 0131 496 0018.", "The landline changed when we switched to fibre, it's 0131 496 0772 now.", "0772"),
    # "we" is the subject: whom a phrase after it names ("with my parents", "from my uncle") is not
    # whose the address is
    ("We're living with my parents at 4 Orchard Way until the flat is ready.",
     "New address is 19 Castle Street, flat 2.", "Castle"),
    ("We're renting from my uncle at 6 Hope Street.", "Our new address is 14 Mill Road.", "Mill"),
    ("We're staying with my in-laws at 21 Pine Close till March.", "Got the keys - we're at 5 Ash Grove now.", "Ash"),
])
def test_a_new_address_or_number_supersedes_the_old_one(tmp_path, old, new, now):
    records = records_after(tmp_path, old, new, speaker="Ayla", days=("2026-05-02", "2026-05-20"), at="10:00:00")
    assert_one_active(records, now)


@pytest.mark.parametrize("old,new,word", [
    ("My mum lives at 9 Kiln Road.", "I live at 22 Quill Street now.", "Kiln"),
    ("Home for us is 5 Oak Close, Didsbury.", "Our office has moved, we're at 31 Hatton Road now.", "Oak"),
    ("I live at 22 Quill Street.", "New office address is 1 Dock Street, we moved in Monday.", "Quill"),
    ("My number is 07700 900123.", "The new work number is 0161 496 0555.", "900123"),
    ("My number is 07700 900123.", "The new clinic number is 0161 496 0999.", "900123"),
    ("I live at 22 Quill Street.", "New warehouse address is 9 Dock Road from Monday.", "Quill"),
    ("I live at 22 Quill Street.", "We're at my sister's, 3 Mill Lane, for the next two weeks while the new boiler goes in.", "Quill"),
    ("My mobile is 07700 900123 and my work phone is 0161 496 0555.", "Got a new number, it's 07700 900999 now.",
     "0555"),
])
def test_another_address_or_number_leaves_the_record(tmp_path, old, new, word):
    records = records_after(tmp_path, old, new, speaker="Ayla", days=("2026-05-02", "2026-05-20"), at="10:00:00")
    assert any(word in r.text and r.tier == "active" for r in records), [(r.text, r.tier) for r in records]
