"""What moved: "my office moved to Katowice" moves the office, not the speaker's home; and an end
that names its thing by a name the record holds ("sold the Honda" / "has a Honda CBR") ends it
however little else the two sentences share."""
from __future__ import annotations

import pytest

from engine.meaning import moved_thing
from engine.textnorm import terms
from two_sessions import records_after

DAYS = ("2026-06-02", "2026-06-09")


def _after(tmp_path, old, new):
    return records_after(tmp_path, old, new, speaker="Olek", days=DAYS, at="08:30:00")


@pytest.mark.parametrize("old, new, word", [
    ("I live in Gdańsk.", "Our company moved to Sopot, so now I take the train.", "Gdańsk"),
    ("I live in Aarhus.", "The school my kids go to moved to the north side of town.", "Aarhus"),
    ("I live in Graz.", "My dentist's practice moved to a bigger building near the river.", "Graz"),
])
def test_a_thing_that_moved_leaves_the_speakers_home(tmp_path, old, new, word):
    recs = _after(tmp_path, old, new)
    assert any(r.tier == "active" and word in (r.text or "") for r in recs), [(r.text, r.tier) for r in recs]


def test_the_thing_that_moved_itself():
    assert moved_thing("Olek's office moved to Katowice", "Olek") == frozenset(terms("office"))
    assert moved_thing("Olek moved to Katowice", "Olek") == frozenset()
    assert moved_thing("Olek: We moved back to Kraków", "Olek") == frozenset()


@pytest.mark.parametrize("old, new, word", [
    ("We own a camper van, an old VW Transporter.", "sold the Transporter, we never had time for trips", "Transporter"),
    ("I ride a Vespa to work most days.", "Sold the Vespa after the winter, the buses are fine.", "Vespa"),
    ("My laptop is a ThinkPad X1 from work.", "I gave back the ThinkPad when I changed jobs.", None),
])
def test_an_end_that_names_the_records_thing_ends_it(tmp_path, old, new, word):
    recs = _after(tmp_path, old, new)
    if word is None:  # "gave back" is no end the rules read: nothing is superseded wrongly
        assert all(r.tier == "active" for r in recs)
        return
    olds = [r for r in recs if word in (r.text or "") and "sold" not in (r.text or "").lower()]
    assert olds and all(r.tier == "superseded" for r in olds), [(r.text, r.tier) for r in recs]


def test_an_end_of_a_name_the_record_does_not_hold_ends_nothing(tmp_path):
    recs = _after(tmp_path, "I ride a Vespa to work most days.", "My cousin sold her Lambretta last month.")
    assert any(r.tier == "active" and "Vespa" in (r.text or "") for r in recs), [(r.text, r.tier) for r in recs]
