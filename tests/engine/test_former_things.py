"""A statement of a thing the speaker had before ("my previous flat on Mill Street", "my old
manager, Derek") gives no new value to the thing they have now: the current record stays."""
from __future__ import annotations

import pytest

from two_sessions import records_after


@pytest.mark.parametrize("old,new,word", [
    ("I live at 41 Cedar Road now.", "My previous flat on Mill Street had awful damp.", "cedar"),
    ("My manager is Joanna Price.", "My old manager, Derek, still emails me sometimes.", "joanna"),
    ("I drive a blue Kia Ceed.", "My former car, a Fiat Punto, was stolen in 2019.", "ceed"),
])
def test_a_former_thing_leaves_the_current_record(tmp_path, old, new, word):
    records = records_after(tmp_path, old, new, speaker="Dana", days=("2026-05-02", "2026-05-09"), at="10:00:00")
    assert any(r.tier == "active" and word in r.text.lower() for r in records), [(r.text, r.tier) for r in records]
