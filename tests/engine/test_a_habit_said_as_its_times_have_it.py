"""A habit formed of repeated episodes is told in the words of the time the others read most alike
to, not in those of the first: the first time is often told with a one-off's detail ("the courgettes
have gone mad and I gave a bag to the neighbours") and not the thing that recurs (the evening
watering). Before, the habit record always opened with the first episode's text, so a search for
what recurs found only the single episodes."""
from __future__ import annotations

import re

import pytest

from engine import MemoryEngine


def _kept(tmp_path, said: list[str]) -> list[tuple[str, str, dict]]:
    """(kind, text, fields) of the active records after each of `said`, a week apart, one session each."""
    with MemoryEngine.open(tmp_path / "d") as engine:
        for i, text in enumerate(said):
            engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": f"s{i}", "turn_id": str(i), "role": "user",
                           "speaker": "Robin", "text": text, "occurred_at": f"2026-03-{2 + 7 * i:02d}T19:00:00Z"})
        engine.flush()
        return [(r.kind, r.text or "", r.fields) for r in engine.records("t", "u")]


@pytest.mark.parametrize("said, recurs", [
    (["Took Bruno up on the common this morning, bumped into my old maths teacher and we chatted for ages",
      "long walk on the common with Bruno again",
      "another long walk with Bruno on the common",
      "Bruno's long walk on the common again today"], r"long walk"),
    (["Milo woke at 3 screaming, I ended up on the sofa with him watching cartoons till 5",
      "Milo had a night terror again at 3am",
      "another night terror for Milo last night, same time",
      "night terror again, Milo was inconsolable for twenty minutes"], r"night terror"),
    (["The 7:42 was cancelled so I stood on the platform for forty minutes reading my book",
      "the 7:42 train got cancelled again",
      "7:42 train cancelled again this morning",
      "7:42 train cancelled once more, writing to the operator"], r"train"),
])
def test_the_habit_reads_as_what_recurs(tmp_path, said, recurs):
    kept = _kept(tmp_path, said)
    habits = [text for kind, text, fields in kept if fields.get("type") == "habit"]
    assert habits and re.search(recurs, habits[-1], re.IGNORECASE), kept
    # its own "again" and the date a later time was told with are said by the span
    told = habits[-1].split(" (again and again:")[0]
    assert not re.search(r"\bagain\b|\b2026\b", told, re.IGNORECASE), habits[-1]
