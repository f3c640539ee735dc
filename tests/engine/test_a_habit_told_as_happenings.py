"""The same activity told on several days becomes a habit record: a telling said to be one more time
of it ("again", "another", "as usual") is the same activity though it reads less alike, and counts
whichever kind it was given (an episode, or an observation no rule typed). The habit record says what happened first and then how often ("... (again and again: weekly,
4 times, ...)"). Different things on different days are no habit."""
from __future__ import annotations

import re

import pytest

from engine import MemoryEngine


DAYS = ("2026-05-04", "2026-05-11", "2026-05-18", "2026-05-25")


def habits_after(tmp_path, said: list[str]) -> list[str]:
    """The texts of the active habit records after each text was said on its day, one session a day."""
    with MemoryEngine.open(tmp_path / "d") as engine:
        for i, (text, day) in enumerate(zip(said, DAYS)):
            engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": f"s{day}", "turn_id": str(i),
                           "role": "user", "speaker": "Bryn", "text": text, "occurred_at": f"{day}T19:00:00Z"})
        engine.flush()
        return [r.text or "" for r in engine.records("t", "u") if r.fields.get("type") == "habit"]


@pytest.mark.parametrize("said, topic", [
    (["Erg session done, 5k in 21:40, lungs on fire.", "Did my 5k on the rowing machine tonight, 21:25.",
      "Another 5k erg this evening, shaved a few seconds off.", "erg 5k again tonight - 21:02, new best"], "erg|rowing"),
    (["Took Biscuit to puppy class tonight, she sat on command!", "Puppy training class again, Biscuit was a nightmare.",
      "Biscuit's puppy class this evening went ok, learning recall now.",
      "Another puppy class done, she finally walked to heel."], "puppy|class"),
    (["Mum rang at 7 again, wanting help with her online banking.", "Another evening on the phone sorting Mum's banking app.",
      "Spent an hour on the phone with Mum and her bank login as usual.",
      "Mum called again tonight, stuck on the banking app."], "bank"),
    (["The lift in our block broke down again this morning, six flights with the shopping.",
      "Lift's out of order yet again, had to carry the buggy up.",
      "No lift today either, broken since Tuesday.", "The lift is broken again, fourth time this month."], "lift"),
])
def test_one_activity_on_several_days_is_a_habit(tmp_path, said, topic):
    habits = habits_after(tmp_path, said)
    assert any(re.search(topic, t, re.IGNORECASE) and "again and again" in t for t in habits), habits


def test_different_things_on_different_days_are_no_habit(tmp_path):
    said = ["Lost my keys again, found them in the fridge.", "The car wouldn't start this morning, flat battery.",
            "Burnt the toast again, the smoke alarm went off.", "Missed the bus because of roadworks on Elm Street."]
    assert habits_after(tmp_path, said) == []
