"""What is said in the place of a thing taken back ("scratch that re: physio - I've moved to the NHS
one at St Luke's now", "scrap that about broadband, we switched to Fibrely on Monday") is said: it
is kept, and changes the record it is of. Before, a sentence that opened by taking something back
was withheld whole when it was no request to forget, and its news was lost with it; read as a
request, the old record went and nothing took its place. "scratch that, never mind" says nothing
in its place."""
from __future__ import annotations

import pytest

from tests.engine.two_sessions import records_after


def after(tmp_path, first: str, later: str) -> list:
    return records_after(tmp_path, first, later, speaker="Robin", days=("2026-03-02", "2026-03-09"), at="10:00:00")


@pytest.mark.parametrize("first, later, old, new", [
    ("my physio sessions are at Kingsway Clinic",
     "scratch that re: physio - I've moved to the NHS one at St Luke's now", "Kingsway", "St Luke"),
    ("our broadband is with Zapnet", "scrap that about broadband, we switched to Fibrely on Monday", "Zapnet", "Fibrely"),
    ("my car insurance is with Admiral",
     "scrap that about insurance - I moved the policy to Direct Line last week", "Admiral", "Direct Line"),
    ("my allotment is plot 14 at Bramley Road", "scratch that, we swapped to plot 22 by the gate", "plot 14", "plot 22"),
])
def test_the_news_is_kept_in_the_old_ones_place(tmp_path, first, later, old, new):
    records = after(tmp_path, first, later)
    active = [r.text for r in records if r.tier == "active"]
    assert any(new in t for t in active), [(r.text, r.tier) for r in records]
    assert not any(old in t for t in active), [(r.text, r.tier) for r in records]


def test_nothing_said_in_its_place_keeps_nothing(tmp_path):
    records = after(tmp_path, "i like thrillers", "scratch that, never mind")
    assert [r.text for r in records if r.tier == "active"] == ["Robin likes thrillers"], [(r.text, r.tier) for r in records]
