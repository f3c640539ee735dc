"""A change told in few words, and what the speaker is with or where they are now: a new job
("landed a new position! I'm working for Fenwick & Hale now", "im" written without its
apostrophe), a move said alone ("we moved!!! we're in Tromsø now", "relocated with the job, based
in Calgary now"), and a service changed by its kind ("swapped mobile networks - now on Lebara",
"changed energy suppliers, we're with So Energy now", "new broadband provider: we're on
Hyperoptic now") or named with its kind ("went with Zephyr Energy in the end"). Each fills the
slot the plain statement fills ("I work at ...", "I live in ...", "my phone is with ..."), so it
takes the place of the one held. Before, these were kept beside the old one, or not at all.
Someone else's change, a move with no new place, and a kind of energy rather than a supplier
change nothing."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engine.extractor import extract
from tests.conftest import assert_first_left_alone, assert_new_value_replaced_old, record_texts

AT = datetime(2026, 3, 2, 10, tzinfo=timezone.utc)


def _slots(text: str) -> list[str]:
    return [c.slot or "" for c in extract(text, role="user", speaker="Robin", occurred_at=AT)]


@pytest.mark.parametrize("first, change, old, new", [
    ("I work at Carrow Foods.", "landed a new position! I'm working for Fenwick & Hale now", "Carrow", "Fenwick"),
    ("I work for Oakfield Council.", "began a new job. im with the Riverside NHS trust now", "Oakfield", "Riverside"),
    ("I work at Dunmore Books.", "new job, woo. I'm at Halden Press now", "Dunmore", "Halden"),
    ("I work at Carrow Foods.", "new job! I'm at the Department for Transport now", "Carrow", "Department for Transport"),
    ("I work at Pellow Bank.", "new gig. im at a tiny games studio now", "Pellow", "games studio"),
    ("We live in Norwich.", "we moved!!! we're in Tromsø now", "Norwich", "Tromsø"),
    ("I live in Swindon.", "relocated with the job, based in Calgary now", "Swindon", "Calgary"),
    ("I live in Perth.", "Moved. Now living in Ballarat.", "Perth", "Ballarat"),
    ("I live in Nagpur.", "shifted for the new job. staying in Hyderabad now", "Nagpur", "Hyderabad"),
])
def test_a_new_job_or_home_told_in_few_words_replaces_the_old(tmp_path, first, change, old, new):
    assert_new_value_replaced_old(tmp_path, first, change, old, new, "Robin", "2026-03-02", 3)


@pytest.mark.parametrize("first, change, old, new", [
    ("my phone is with Vodafone", "swapped mobile networks - now on Lebara", "Vodafone", "Lebara"),
    ("our energy is with Bulb", "changed energy suppliers, we're with So Energy now", "Bulb", "So Energy"),
    ("our broadband is with Plusnet", "new broadband provider: we're on Hyperoptic now", "Plusnet", "Hyperoptic"),
    ("my electricity is with EDF", "went with Zephyr Energy in the end", "EDF", "Zephyr"),
    ("I'm with O2 for my phone", "changed networks. on Smarty now.", "O2", "Smarty"),
    ("our energy supplier is Bulb", "changed energy companies, with Ecotricity now", "Bulb", "Ecotricity"),
    ("we use Sky for our broadband", "switched fibre providers - on Zen now", "Sky", "Zen"),
    ("my mobile network is Optus", "changed carriers. with Vodafone now.", "Optus", "Vodafone"),
    ("our energy supplier is Bulb", "new energy supplier - Good Energy now", "Bulb", "Good Energy"),
])
def test_a_service_changed_by_its_kind_replaces_the_old(tmp_path, first, change, old, new):
    assert_new_value_replaced_old(tmp_path, first, change, old, new, "Robin", "2026-03-02", 3)


@pytest.mark.parametrize("text, slot", [
    ("swapped mobile networks - now on Lebara", "fact:service:phone"),
    ("changed energy suppliers, we're with So Energy now", "fact:service:energy"),
    ("switched banks to Kestrel Mutual", "fact:service:bank"),
    ("new isp, we're with Zen now", "fact:service:broadband"),
    ("went with Zephyr Energy in the end", "fact:service:energy"),
])
def test_the_change_fills_the_services_slot(text, slot):
    assert slot in _slots(text)


def test_what_follows_the_provider_is_read_on_its_own():
    assert "fact:service:energy" in _slots("changed energy suppliers, now with Octopus and my daughter is called Ava")
    texts = [c.text for c in extract("changed energy suppliers, now with Octopus and my daughter is called Ava",
                                     role="user", speaker="Robin", occurred_at=AT)]
    assert any("Ava" in t and "Octopus" not in t for t in texts), texts


@pytest.mark.parametrize("first, other", [
    ("my phone is with Vodafone", "my sister switched networks, now on EE"),
    ("We live in Norwich.", "we moved, the kids hated it at first"),
    ("I work at Carrow Foods.", "new job! I'm at the dentist now, back later"),
    ("our energy is with Bulb", "changed energy suppliers last year, it was painless"),
    ("We live in Leeds.", "We moved, now we're in the final round of the house hunt."),
    ("We live in Leeds.", "We moved, the meeting is now in room 4"),
    ("We live in York.", "we moved a lot as kids, we were in Leeds before"),
    ("I work at Tesco as a shift lead.", "New role, I'm with the bakery team now."),
    ("I bank with Barclays.", "Changed banks to save money, still sorting the details."),
    ("My phone is with Vodafone.", "Got a new sim, I'm on holiday now."),
    ("Our energy is with Octopus.", "My laptop went to battery power during the outage."),
    ("My phone is with Vodafone.", "The kids have gone to grandma's mobile home for the weekend."),
    ("My phone is with Vodafone.", "changed networks, cheaper now"),
    ("I bank with Barclays.", "I use Excel for my bank statements"),
    ("Our energy is with Octopus.", "Our energy supplier is in administration, typical"),
    ("Our energy is with Octopus.", "The server switched to UPS power overnight."),
    ("My phone is with Vodafone.", "new phone contract, now on 30GB"),
    ("I live in Leeds.", "moved. I'm in Paris for the weekend now"),
    ("I work at Tesco.", "new job - at the front desk now"),
])
def test_no_new_one_leaves_the_held_one(tmp_path, first, other):
    assert_first_left_alone(tmp_path, first, other, "Robin", "2026-03-02", 3)


@pytest.mark.parametrize("text", [
    "we switched to green energy",
    "went with solar power for the shed",
    "changed networks but still no signal",
    "moved to the mobile app for banking",
    "switched networks, now on 5G",
    "changed the network settings, now on wifi",
    "changed banks, I'm on maternity leave now",
    "I think I'm going to have more energy after the holiday",
    "my mobile network is rubbish",
])
def test_no_supplier_named_fills_no_service_slot(text):
    assert not any(s.startswith("fact:service:") for s in _slots(text))
