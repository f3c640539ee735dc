"""A doing that has gone on for weeks, months or years ("I've been playing the violin for ten
years", "since January") is a standing fact of the speaker's, in their profile, not an episode of
the day it was said; a doing of the moment or of late ("for 20 minutes", "a lot lately") stays an
episode."""
from __future__ import annotations

import pytest

from engine import MemoryEngine


def _kept(tmp_path, text):
    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s", "turn_id": "1", "role": "user",
                       "speaker": "Ines", "text": text, "occurred_at": "2026-04-14T09:00:00Z"})
        engine.flush()
        return engine.records("t", "u"), engine.profile(tenant_id="t", user_id="u")


@pytest.mark.parametrize("text, word", [
    ("I've been working at Tesco for three years.", "Tesco"),
    ("I have been playing the violin for ten years.", "violin"),
    ("I've been doing pilates since January.", "pilates"),
    ("we've been fostering dogs for years", "fostering"),
    ("I've been learning to code for the last six months.", "code"),
])
def test_a_long_running_doing_is_a_standing_fact(tmp_path, text, word):
    records, profile = _kept(tmp_path, text)
    mine = [r for r in records if word in (r.text or "")]
    assert [r.kind for r in mine] == ["fact"], [(r.kind, r.text) for r in records]
    assert word in profile.text


@pytest.mark.parametrize("text, word", [
    ("I've been painting a lot lately.", "painting"),
    ("I've been running for 20 minutes and I'm knackered.", "running"),
    ("I've been cooking all day for my parents, who are staying for a week.", "cooking"),  # their week
])
def test_a_doing_of_the_moment_stays_an_episode(tmp_path, text, word):
    records, _ = _kept(tmp_path, text)
    assert [r.kind for r in records if word in (r.text or "")] == ["episode"], [(r.kind, r.text) for r in records]
