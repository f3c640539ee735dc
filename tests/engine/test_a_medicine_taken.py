"""A medicine the speaker takes ("I'm on 75mg of venlafaxine", "I take lansoprazole before
breakfast", "my doctor has started me on bisoprolol") is a sensitive fact in a slot of that
medicine: a new dose replaces the old, a change only talked of leaves it, and "came off the
citalopram" ends it as "came off citalopram" does. "I'm on call", "I'm on LinkedIn", "I take the
train" name no medicine."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds, records_of_one_turn


def _records_of(tmp_path, text):
    return records_of_one_turn(tmp_path, "Ines", text)


@pytest.mark.parametrize("text, medicine", [
    ("I'm on 75mg of venlafaxine, have been since the spring.", "venlafaxine"),
    ("I take lansoprazole before breakfast most days.", "lansoprazole"),
    ("My doctor has started me on bisoprolol for my heart rate.", "bisoprolol"),
    ("I've been on the mini pill for years now.", "mini pill"),
])
def test_a_medicine_is_a_sensitive_fact(tmp_path, text, medicine):
    held = [r for r in _records_of(tmp_path, text) if medicine in (r.text or "").lower()]
    assert held and held[0].kind == "fact" and held[0].privacy_level == "sensitive", held
    assert held[0].slot and held[0].slot.startswith("fact:medication:"), held[0].slot


@pytest.mark.parametrize("text", [
    "I'm on call all weekend, so keep it short.",
    "I'm on LinkedIn way too much these days.",
    "I take the train to Leeds on Mondays.",
    "I'm not on any medication at the moment.",
])
def test_no_medicine(tmp_path, text):
    assert not any((r.slot or "").startswith("fact:medication") for r in _records_of(tmp_path, text))


@pytest.mark.parametrize("before, after, old, new", [
    ("I take 25mg of amitriptyline at night.", "Doctor's put me on 50mg of amitriptyline now.", "25mg", "50mg"),
    ("I'm on 5mg of amlodipine.", "I'm on 10mg of amlodipine these days, my BP was creeping up.", "5mg", "10mg"),
    ("I take 50mcg of levothyroxine each morning.", "I take 75mcg of levothyroxine now after my last blood test.",
     "50mcg", "75mcg"),
])
def test_a_new_dose_replaces_the_old(tmp_path, before, after, old, new):
    records = active_after(tmp_path, "Ines", [before, after])
    assert holds(records, new) and not holds(records, old), records


@pytest.mark.parametrize("before, after, kept", [
    ("I'm on 100mg of lamotrigine.",
     "The neurologist said we may increase the lamotrigine next year, nothing decided yet.", "100mg"),
    ("I'm on 20mg of citalopram.", "I cycle to work, I came off the bike last week but I'm fine.", "citalopram"),
])
def test_what_only_talks_of_it_leaves_it(tmp_path, before, after, kept):
    records = active_after(tmp_path, "Ines", [before, after])
    assert any(kept in r and "may increase" not in r for r in records), records


@pytest.mark.parametrize("before, after, gone", [
    ("I'm on citalopram.", "I came off the citalopram in January, doing fine.", "Ines is on citalopram"),
    ("I take omeprazole daily.", "Came off the omeprazole a few weeks ago, no heartburn since.", "takes omeprazole"),
    ("I'm on propranolol for anxiety.", "I've come off the propranolol now.", "on propranolol for"),
])
def test_coming_off_the_medicine_ends_it(tmp_path, before, after, gone):
    records = active_after(tmp_path, "Ines", [before, after])
    assert not any(gone in r for r in records), records
