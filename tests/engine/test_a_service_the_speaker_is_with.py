"""A service the speaker is with ("we bank with halifax", "my electricity is with ovo", "I'm with
three for my phone", "i'm on tesco mobile") is kept, in whatever case the provider is written, in
one slot per service, so a later one ("ported my number to smarty", "switched our energy to octopus
in january", "we're with community fibre for internet now") takes its place. A bank said by its
verb ("We bank with Lloyds") is replaced by a change of banks that names the new one in lower case
("changed banks, with starling now"). Before, most were not kept at all, or the new one was kept
beside the old; "i'm on tesco mobile" was read as a medicine. Where a thing is, or someone else's
change, is no service of the speaker's."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engine.extractor import extract
from tests.conftest import assert_new_value_replaced_old, record_texts

AT = datetime(2026, 3, 2, 10, tzinfo=timezone.utc)


@pytest.mark.parametrize("first, change, old, new", [
    ("our internet is with plusnet", "we're with community fibre for internet now", "plusnet", "community fibre"),
    ("i'm on tesco mobile", "ported my number to smarty last week", "tesco", "smarty"),
    ("my electricity is with ovo", "switched our energy to octopus in january", "ovo", "octopus"),
    ("We bank with Lloyds.", "changed banks, with starling now", "Lloyds", "starling"),
    ("I bank with Santander.", "switched banks - we're with nationwide now", "Santander", "nationwide"),
])
def test_the_new_provider_replaces_the_old(tmp_path, first, change, old, new):
    (tmp_path / "first").mkdir()
    assert any(old in t for t in record_texts(tmp_path / "first", [first], "Robin", "2026-03-02", 3))
    assert_new_value_replaced_old(tmp_path, first, change, old, new, "Robin", "2026-03-02", 3)


@pytest.mark.parametrize("text, slot", [
    ("we bank with halifax", "fact:service:bank"),
    ("my electricity is with ovo", "fact:service:energy"),
    ("I'm with three for my phone", "fact:service:phone"),
    ("i'm on tesco mobile", "fact:service:phone"),
    ("our wifi is through virgin", "fact:service:broadband"),
    ("my car insurance is with admiral", "fact:service:car insurance"),
    ("our energy's with octopus", "fact:service:energy"),
    ("my mortgage's with nationwide now", "fact:service:mortgage"),
])
def test_a_service_is_kept_in_its_slot(text, slot):
    assert [c.slot for c in extract(text, role="user", speaker="Robin", occurred_at=AT)] == [slot]


@pytest.mark.parametrize("text", [
    "my phone is with my son",
    "I'm on my mobile so excuse typos",
    "my bank is closed today",
    "the broadband is with the router in the hall",
])
def test_where_a_thing_is_is_no_service(text):
    assert not any((c.slot or "").startswith("fact:service:") for c in extract(text, role="user", speaker="Robin",
                                                                                 occurred_at=AT))


@pytest.mark.parametrize("text, medicine", [
    ("I'm on metformin twice a day", True),
    ("I'm on sertraline", True),
    ("i'm on skyline mobile", False),
    ("we're on brightline energy", False),
])
def test_a_service_named_by_its_kind_is_no_medicine(text, medicine):
    slots = [c.slot or "" for c in extract(text, role="user", speaker="Robin", occurred_at=AT)]
    assert any(s.startswith("fact:medication:") for s in slots) is medicine, slots


def test_someone_elses_change_of_bank_leaves_the_speakers(tmp_path):
    active = record_texts(tmp_path, ["I bank with Lloyds.", "my dad switched banks, now with monzo"], "Robin", "2026-03-02", 3)
    assert any("Lloyds" in t for t in active), active
