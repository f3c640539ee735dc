"""Whoever runs a thing may change it for the speaker: "the practice has put me with Dr Okoro" gives
a new GP, "we moved Tariq to St Anne's" a new school for Tariq, "we retired the old Jenkins box" ends
what ran on it. Retiring a thing is not the speaker's retirement, and moving someone's training
says nothing of the team they play for."""
from __future__ import annotations

import pytest

from two_sessions import assert_ended, assert_replaced, records_after

DAYS = ("2026-05-02", "2026-05-09")


def _records(tmp_path, old, new):
    return records_after(tmp_path, old, new, speaker="Dana", days=DAYS, at="10:00:00")


@pytest.mark.parametrize("old,new,old_word,new_word", [
    ("My GP is Dr Mensah at the Parkside surgery.",
     "The surgery has put me with Dr Varga since Dr Mensah went part-time.", "parkside", "varga"),
    ("My GP is Dr Hale at Brook Lane.",
     "The practice has put me with Dr Okoro now that Dr Hale has gone part-time.", "brook lane", "okoro"),
    ("Our cleaner is Dorota, she comes on Fridays.", "The agency put us with a new cleaner, Marta, from next week.",
     "dorota", "marta"),
])
def test_being_put_with_someone_new_replaces_the_old_one(tmp_path, old, new, old_word, new_word):
    assert_replaced(_records(tmp_path, old, new), old_word, new_word)


@pytest.mark.parametrize("old,new,old_word,new_word", [
    ("My son Tariq goes to Hillside Primary.", "We moved Tariq to St Anne's in September, much smaller classes.",
     "hillside", "anne"),
    ("My mum Edith lives at Rosewood care home in Didsbury.", "We moved Edith to Oakview Lodge last month, closer to us.",
     "rosewood", "oakview"),
    ("Our cat Pickles is registered with Greenway Vets.", "We switched Pickles to the Abbey Road vet practice.",
     "greenway", "abbey"),
])
def test_moving_someone_named_changes_their_record(tmp_path, old, new, old_word, new_word):
    assert_replaced(_records(tmp_path, old, new), old_word, new_word)


@pytest.mark.parametrize("old,new,word", [
    ("I host a Minecraft server for my nephews on a Raspberry Pi.",
     "We retired the Raspberry Pi last month, the nephews play on Realms now.", "raspberry"),
    # the record's holder is "CI", which the statement names but not as whose the box was
    pytest.param("Our CI runs on a Jenkins box under my desk.",
                 "We retired the old Jenkins box, CI runs on GitHub Actions now.", "under dana's desk",
                 marks=pytest.mark.xfail(reason="an acronym read as the record's holder", strict=False)),
    ("We keep the photos on an old Drobo in the loft.",
     "Decommissioned the Drobo at the weekend, the photos live on a Synology now.", "loft"),
    ("Our backups run on an old Synology box in the cupboard.",
     "We decommissioned the Synology box, backups go to Backblaze now.", "cupboard"),
])
def test_a_thing_retired_ends_what_ran_on_it(tmp_path, old, new, word):
    assert_ended(_records(tmp_path, old, new), word)


@pytest.mark.parametrize("old,new,word", [
    ("I work as a DevOps engineer at Fintra.", "We finally retired the old build server last week.", "fintra"),
    ("I'm a nurse at St James's.", "The hospital retired the old paging system in May.", "nurse"),
    ("My GP is Dr Mensah at the Parkside surgery.", "The surgery put me with the nurse for my flu jab today.", "mensah"),
    ("My daughter Ana plays for Didsbury Dragons.", "The club moved Ana's training to Thursdays.", "dragons"),
    ("My son Tariq goes to Hillside Primary.", "We moved Tariq to the top bunk, he loves it.", "hillside"),
])
def test_other_changes_leave_the_record(tmp_path, old, new, word):
    records = _records(tmp_path, old, new)
    assert any(r.tier == "active" and word in r.text.lower() for r in records), [(r.text, r.tier) for r in records]
