"""A turn that asks something for a while often says why, in where the speaker is or how their
connection is ("I'm on the bus and my signal keeps dropping. for the next hour no links please"):
that holds for the while and lapses with the instruction. Before, it was kept with no end and
served in every later session ("Robin is on the bus" a week on). What holds beyond the moment
("I'm a bus driver", "I'm on the train every morning") keeps no end."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engine import MemoryEngine
from engine.summarizer import turn_candidates

_AT = datetime(2026, 3, 2, 14, tzinfo=timezone.utc)


def _ends(text: str) -> dict[str, bool]:
    """{candidate text: whether it has an end} of one turn."""
    return {c.text: c.expires_at is not None
            for c in turn_candidates(text, role="user", speaker="Robin", occurred_at=_AT)}


@pytest.mark.parametrize("text, passing", [
    ("I'm on the bus and my signal keeps dropping. for the next hour no links please", "bus"),
    ("stuck at the airport, wifi is awful. just for today keep answers short", "airport"),
    ("sitting in a lecture, battery at 4%. next 30 mins: one line answers only", "lecture"),
])
def test_where_the_speaker_is_for_the_while_lapses_with_it(text, passing):
    ends = _ends(text)
    said = [t for t in ends if passing in t]
    assert said and all(ends[t] for t in said), ends


@pytest.mark.parametrize("text, standing", [
    ("I'm a bus driver. for the next hour no links please", "bus driver"),
    ("I'm on the train every morning at 7:10. for the next hour no links please", "every morning"),
    ("I live on a boat with patchy signal. for the next hour no links please", "boat"),
])
def test_what_holds_beyond_the_moment_keeps_no_end(text, standing):
    ends = _ends(text)
    assert any(standing in t and not ended for t, ended in ends.items()), ends


def test_a_later_session_is_not_served_where_the_speaker_was(tmp_path):
    with MemoryEngine.open(tmp_path / "d") as engine:
        for i, (text, day) in enumerate([("I'm on the bus and my signal keeps dropping. for the next hour no links please", 2),
                                         ("where can I read about index funds?", 9)]):
            engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": f"s{i}", "turn_id": str(i), "role": "user",
                           "speaker": "Robin", "text": text, "occurred_at": f"2026-03-{day:02d}T14:00:00Z"})
        engine.flush()
        served = engine.context(tenant_id="t", user_id="u", session_id="s1", query="index funds",
                                now="2026-03-09T14:05:00Z").text
    assert "bus" not in served and "signal" not in served, served
