"""A weight read off the scales ("weigh-in at the vet today: Bo was 39.5 kg", "weighed myself this
morning, 92.5 kg", "scales said 10 stone 12") is what that body weighs now, though it is told as
what happened and says no word of change: it replaces the weight a record gave the same body.
Before, the reading was kept beside the old weight, both active. A weight of another body (the
speaker's child or pet named, a parcel weighed) replaces nothing; before, some did."""
from __future__ import annotations

import pytest

from tests.conftest import engine_after


def _held(tmp_path, said: list[str]) -> list[str]:
    return _kept(tmp_path, said)[0]


def _kept(tmp_path, said: list[str]) -> tuple[list[str], list[str]]:
    """(the active records' texts, the texts of those superseded)."""
    with engine_after(tmp_path, said, "Robin", "2026-03-02", 5) as eng:
        every = eng.records("t", "u", include_inactive=True)
        return [r.text or "" for r in every if r.tier == "active"], [r.text or "" for r in every if r.superseded_by]


@pytest.mark.parametrize("said, old, new", [
    (["my labrador Bo is 41 kg, the vet wants 36",
      "weigh-in at the vets: Bo was 39.5 kg. He was not impressed."], "41 kg", "39.5 kg"),
    (["I weigh 11 stone", "scales said 10 stone 12 this morning"], "11 stone", "10 stone 12"),
    (["I'm 95 kg at the moment", "weighed myself this morning, 92.5 kg"], "95 kg", "92.5 kg"),
    (["my dog Rufus is 30 kg and the vet wants him under 27",
      "weigh-in at the vet today: Rufus was 28.2 kg"], "30 kg", "28.2 kg"),
    (["I weigh 70 kg", "stepped on the scales today: 68 kg"], "70 kg", "68 kg"),
    (["my labrador Max is 38 kg", "took Max to the vet, they weighed him at 36.2 kg"], "38 kg", "36.2 kg"),
    (["my greyhound Bolt is 31 kilos", "Bolt clocked in at 29.8 kg at the vets"], "31 kilos", "29.8 kg"),
    (["my rabbit Clover weighs 2.1 kg", "weighed Clover on the kitchen scales, 2.4 kg"], "2.1 kg", "2.4 kg"),
    (["my weight is 80 kg", "I weigh 78 kg now"], "80 kg", "78 kg"),
])
def test_a_reading_replaces_the_weight_of_the_same_body(tmp_path, said, old, new):
    held, replaced = _kept(tmp_path, said)
    assert any(new in t for t in held), held
    assert not any(old in t for t in held), held
    assert any(old in t for t in replaced), replaced  # kept, then replaced


@pytest.mark.parametrize("said, kept", [
    (["I weigh 70 kg", "weighed the parcel for posting, 2 kg"], "70 kg"),
    (["I weigh 70 kg", "Leo weighed in at 21 kg at the clinic"], "70 kg"),
    (["I deadlift 120 kg", "weighed myself today, 68 kg"], "120 kg"),
    (["my bike weighs 9 kg", "weighed myself this morning, 68 kg"], "9 kg"),
    (["Leo is 20 kg", "weighed myself, 68 kg"], "20 kg"),
    # a weight wished for, or of long ago, is no reading of now
    (["I weigh 80 kg", "want the scales to say 75 kg by june"], "80 kg"),
    (["I weigh 80 kg", "back in 2019 the scales said 95 kg"], "80 kg"),
    # another body, named by a pronoun or a word for a person
    (["I weigh 80 kg", "took Max to the vet, they weighed him at 36 kg"], "80 kg"),
    (["i weigh 11 stone", "took mum to the clinic and they weighed her, 9 stone 2"], "11 stone"),
    (["I weigh 80 kg", "my gf weighed in at 60 kg at slimming world"], "80 kg"),
    (["I weigh 80 kg", "the new bike I ordered comes in at 9 kg"], "80 kg"),
    (["I weigh 80 kg", "the luggage scale says 23 kg so we're fine"], "80 kg"),
    # a record that weighs two bodies is not replaced by a reading of one
    (["I weigh 80 kg and my husband is 95 kg", "weighed myself this morning, 78 kg"], "95 kg"),
])
def test_a_weight_of_another_body_replaces_nothing(tmp_path, said, kept):
    held = _held(tmp_path, said)
    assert any(kept in t for t in held), held
