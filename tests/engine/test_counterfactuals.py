"""What the speaker only imagines keeps no record: an unreal condition of their own, in the past,
and what they would then do ("If we had a bigger garden we'd get a dog"). A real condition, a
preference with "if" in it, or a plan for a case that may come, is kept as before."""
from __future__ import annotations

import pytest

from engine.extractor import is_counterfactual
from two_sessions import records_after

DAYS = ("2026-02-02", "2026-02-09")


def _records(tmp_path, text):
    return records_after(tmp_path, text, "thanks!", speaker="Ola", days=DAYS, at="12:00:00")


IMAGINED = [
    "If we had a bigger garden we'd get a dog.",
    "if i was taller i would play basketball",
    "I'd move to Lisbon tomorrow if I spoke Portuguese.",
    "Even if I had the money I wouldn't buy a Tesla.",
    "If only I had more time, I could finish the quilt.",
    "honestly if we lived nearer the coast we'd surf every weekend",
    "If the job paid more I'd stay another year.",
    "Imagine if we had a boat, we'd sail to Skye every summer.",
]


@pytest.mark.parametrize("text", IMAGINED)
def test_what_the_speaker_imagines_keeps_no_record(tmp_path, text):
    assert is_counterfactual(text)
    assert _records(tmp_path, text) == []


@pytest.mark.parametrize("text, word", [
    ("I only drink coffee if it's decaf.", "decaf"),
    ("If I've missed a payment, I'd want to know straight away.", "payment"),
    ("If it rains on Saturday we'll move the picnic indoors.", "picnic"),
    ("I moved to Cork in 2019 and if I'm honest I'd never go back to Dublin.", "Cork"),
])
def test_a_real_condition_is_kept(tmp_path, text, word):
    assert not is_counterfactual(text)
    recs = _records(tmp_path, text)
    assert any(r.tier == "active" and word in (r.text or "") for r in recs), [r.text for r in recs]


@pytest.mark.parametrize("text", [
    "I'd prefer it if you called me Sam.",  # someone else's doing: a wish of the speaker's
    "I'd like a reminder if I haven't paid by Friday.",  # a perfect: a real condition
    "If we go to Spain I'd like to see Seville.",
    "We'd moved to Leeds by then.",
    "If the weather holds, I'd like to go sailing on Saturday.",
    "If my sister visits, I'd like you to remind me to clean.",
    "I couldn't remember if I locked the back door, so I drove home.",  # "if" as "whether"
    "I'd prefer it if we kept my workouts under 30 minutes.",  # a wish
    "I'd like to know if I passed the theory test.",
])
def test_other_conditionals_are_not_read_as_imagined(text):
    assert not is_counterfactual(text)


@pytest.mark.parametrize("text", ["", "   ", "?!...", "如果我有钱我会买房子", "Si j'avais le temps, j'apprendrais le violon."])
def test_any_text_is_read_without_error(text):
    assert is_counterfactual(text) is False
