"""What the speaker keeps away from, said in the present ("I avoid caffeine", "I don't do spicy
food", "I try to avoid dairy where I can"), is kept, as a preference, a rule of theirs or a plain
fact, with its avoiding in its words, though the classifier is unsure of so short a sentence. One occasion ("I'm
avoiding the M6 today") or what was ("I avoided the traffic") is no such thing."""
from __future__ import annotations

import pytest

from tests.conftest import engine_after


def _held(tmp_path, said: str) -> list[tuple[str, str]]:
    with engine_after(tmp_path, [said], "Tove", "2026-07-06", 1) as eng:
        return [(r.kind, r.text or "") for r in eng.records("t", "u")]


@pytest.mark.parametrize("said,words", [
    ("I avoid caffeine.", ("avoids caffeine",)),
    ("I try to avoid dairy where I can.", ("avoid dairy",)),
    ("I keep away from red meat where I can.", ("keeps away from red meat",)),
    ("Honestly I avoid gluten these days.", ("avoids gluten",)),
])
def test_what_the_speaker_keeps_away_from_is_kept(tmp_path, said, words):
    held = _held(tmp_path, said)
    assert any(kind in ("preference", "constraint", "fact") and all(w in text for w in words) for kind, text in held), held


@pytest.mark.parametrize("said", ["I'm avoiding the M6 today.", "I avoided the traffic.", "Could I avoid the fee?"])
def test_one_occasion_or_what_was_is_no_standing_avoidance(tmp_path, said):
    assert not any(kind in ("preference", "constraint") for kind, _ in _held(tmp_path, said))
