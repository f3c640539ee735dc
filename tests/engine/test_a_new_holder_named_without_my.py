"""A new holder of a role of the speaker's named as chat names one, without "my" and with "'s" for
"is" ("new gp's Dr Nkem Obi", "new vet's Dr Kerry Pryce", "my new dentist's Dr Ray Patel"), fills
the role: the new holder takes the place of the old one. Before, no rule read it, and the old
holder stayed beside the new one. A new holder of someone else's ("Anna's new dentist is ...") is
not the speaker's."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engine.extractor import extract
from tests.conftest import assert_new_value_replaced_old

AT = datetime(2026, 3, 2, 10, tzinfo=timezone.utc)


@pytest.mark.parametrize("first, change, old, new", [
    ("my dentist is Dr Owen at Smile Studio, she's lovely",
     "we moved across town so I've registered somewhere closer, new dentist's Dr Priya Marsh. bit brusque", "Owen", "Marsh"),
    ("my GP is Dr Hale", "had to re-register after moving, new gp's Dr Nkem Obi at the Castle surgery", "Hale", "Obi"),
    ("our vet is Dr Lomas at Oakfield", "the cats are registered at Hillcrest now, new vet's Dr Kerry Pryce", "Lomas", "Pryce"),
    ("my accountant is Sue Barker", "Sue retired so new accountant's Priya Nair, she starts in april", "Barker", "Nair"),
])
def test_the_new_holder_replaces_the_old(tmp_path, first, change, old, new):
    assert_new_value_replaced_old(tmp_path, first, change, old, new, "Robin", "2026-03-02", 3)


@pytest.mark.parametrize("text, slot", [
    ("new gp is Dr Hywel Bevan", "fact:role:doctor"),
    ("my new dentist's Dr Ray Patel", "fact:role:dentist"),
    ("so new accountant's Priya Nair, starts in april", "fact:role:accountant"),
])
def test_the_role_is_read_without_my(text, slot):
    assert slot in [c.slot for c in extract(text, role="user", speaker="Robin", occurred_at=AT)]


@pytest.mark.parametrize("text", [
    "Anna's new dentist is Dr Ray Patel",
    "a new dentist is opening on the high street",
])
def test_a_new_holder_of_no_role_of_the_speakers_is_not_read_as_one(text):
    assert not any((c.slot or "").startswith("fact:role:dentist")
                   for c in extract(text, role="user", speaker="Robin", occurred_at=AT))


@pytest.mark.parametrize("first, later, kept", [
    ("my GP is Dr Hale", "my sister moved to York, new gp is Dr Khan", "Hale"),
    ("my GP is Dr Hale", "my mum registered in Leeds, new gp's Dr Khan", "Hale"),
])
def test_a_new_holder_said_after_someone_elses_news_is_theirs(tmp_path, first, later, kept):
    from tests.conftest import record_texts
    active = record_texts(tmp_path, [first, later], "Robin", "2026-03-02", 3)
    assert any(kept in t for t in active), active
