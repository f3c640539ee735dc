""""Back Sunday" after where the speaker is off to ("off to my sister's in Cork, back Sunday") is how
long they are away: an instruction for "until then" holds until that day, not for good."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engine.dates import find_periods
from tests.engine.two_sessions import kept_of_one_turn

MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("said,until", [
    ("Off to my sister's in Cork, back Sunday. Until then, keep your answers short, I'm on my phone.", "8 March 2026"),
    ("We're at the cottage without wifi, I'm back Monday. Until then just send me summaries, no links.", "9 March 2026"),
    ("Visiting the in-laws in Leeds, back on Wednesday. Until then, no spoilers for the match please.", "4 March 2026"),
])
def test_an_instruction_until_then_holds_until_the_day_back(tmp_path, said, until):
    kept = kept_of_one_turn(tmp_path, "Mei", said)
    temps = [text for kind, text in kept if kind == "temporary_instruction"]
    assert temps and f"until the end of {until}" in temps[0], kept


@pytest.mark.parametrize("text", ["Please bring the library book back Friday.", "Can you call me back Friday?",
                                  "My back hurts most on Fridays.", "I got back on Sunday night, shattered.",
                                  "I'm back on Thursday nights at choir, so no calls in the evenings."])
def test_back_that_is_no_return_names_no_period(text):
    assert not [p for p in find_periods(text, MONDAY) if "back" in p.words.lower()]
