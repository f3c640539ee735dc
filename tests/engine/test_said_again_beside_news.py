"""A standing statement said again with a mark of it ("still", "as you know", "like I said") beside
news in the same message ("Freya (she's four) is still dino-mad. Unrelated, but my mum's moving
in") is the record said again, though the whole reads as an event: one memory of it, and the
news a memory of its own. "Thirty grand" is the "£30k" it says, as "30 thousand" is."""
from __future__ import annotations

import pytest

from two_sessions import records_after

from engine.meaning import values


@pytest.mark.parametrize("before, after, pattern, news", [
    ("Our son Alfie is 6 and mad about trains.",
     "Alfie (he's six) is still obsessed with trains. Unrelated, but we're getting the kitchen redone in May.",
     "train", "kitchen"),
    ("Our daughter Isla is 5 and loves horses.",
     "Isla (she's five) is still horse-crazy. Unrelated, but the boiler finally got fixed yesterday.", "horse", "boiler"),
    ("My brother Tom lives in Dundee.",
     "Like I said, my brother Tom still lives in Dundee. Anyway, I've just booked a week in Crete for June!",
     "dundee", "crete"),
    ("I'm saving for a house deposit, aiming for £40k by 2028.",
     "Still chipping away at the deposit, forty grand is the goal by 2028. Also my car failed its MOT yesterday.",
     "deposit", "mot"),
])
def test_said_again_beside_news(tmp_path, before, after, pattern, news):
    records = records_after(tmp_path, before, after, speaker="Wynn", days=("2026-03-02", "2026-03-09"), at="09:00:00")
    active = [r for r in records if r.tier == "active"]
    said = [r for r in active if pattern in (r.text or "").lower()]
    assert len(said) == 1 and len(said[0].sources) == 2, [(r.text, len(r.sources)) for r in active]
    assert any(news in (r.text or "").lower() for r in active), [r.text for r in active]


@pytest.mark.parametrize("text, value", [
    ("the budget is thirty grand", "30k"),
    ("we owe about 12 thousand on the car", "12k"),
    ("Fifty grand a year is the offer", "50k"),
])
def test_grand_and_thousand_are_thousands(text, value):
    assert value in values(text)
