"""A breakup told as "<partner> and I broke up" ends the record of that relationship; someone
else's breakup ends nothing of the speaker's."""
from __future__ import annotations

import pytest

from two_sessions import records_after

DAYS = ("2026-04-01", "2026-04-08")


def _after(tmp_path, old, new):
    return records_after(tmp_path, old, new, speaker="Noor", days=DAYS, at="21:00:00")


@pytest.mark.parametrize("old, new, name", [
    ("My boyfriend Karim is a chef in Marseille.", "Karim and I broke up, it was mutual.", "Karim"),
    ("I'm dating a guy called Elias, he's a nurse.", "Elias and I split up over the weekend.", "Elias"),
    ("My girlfriend Hana lives two streets away.", "Hana & I broke up last month, still friends though.", "Hana"),
])
def test_a_breakup_ends_the_relationship(tmp_path, old, new, name):
    recs = _after(tmp_path, old, new)
    olds = [r for r in recs if name in (r.text or "") and "broke" not in r.text and "split" not in r.text]
    assert olds and all(r.tier == "superseded" for r in olds), [(r.text, r.tier) for r in recs]


@pytest.mark.parametrize("old, new, name", [
    ("My boyfriend Karim works nights at the hospital.", "My neighbours Sara and Yusuf broke up.", "Karim"),
    ("My partner Jo and I share a flat.", "Jo's parents split up years ago.", "Jo"),
])
def test_someone_elses_breakup_ends_nothing_of_the_speakers(tmp_path, old, new, name):
    recs = _after(tmp_path, old, new)
    olds = [r for r in recs if name in (r.text or "") and "broke" not in r.text and "split" not in r.text]
    assert olds and all(r.tier == "active" for r in olds), [(r.text, r.tier) for r in recs]
