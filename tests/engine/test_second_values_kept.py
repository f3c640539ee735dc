"""A second value in another slot of the same kind is a memory of its own, never merged into the
first as if said again: "allergic to kiwi as well" after "allergic to shellfish" lost the kiwi. A
preference and a rule that word one wish are still one memory."""
from __future__ import annotations

import pytest

from two_sessions import records_after

DAYS = ("2026-02-10", "2026-02-17")


def _after(tmp_path, old, new):
    return records_after(tmp_path, old, new, speaker="Pia", days=DAYS, at="12:00:00")


@pytest.mark.parametrize("old, new, first, second", [
    ("I'm allergic to peanuts.", "turns out I'm allergic to sesame too, the doctor confirmed it", "peanut", "sesame"),
    ("I'm allergic to cats.", "the test said I'm allergic to dust mites as well, which explains a lot", "cat", "mite"),
    ("I'm allergic to eggs.", "I'm allergic to almonds too, found that out at a wedding", "egg", "almond"),
])
def test_a_second_value_is_kept_beside_the_first(tmp_path, old, new, first, second):
    recs = _after(tmp_path, old, new)
    active = [r.text.lower() for r in recs if r.tier == "active" and r.text]
    assert any(first in t for t in active) and any(second in t for t in active), \
        [(r.text, r.tier, r.slot, [s.turn_id for s in r.sources]) for r in recs]
