"""A thing the speaker did or had happen, told without the "I" chat leaves out ("got engaged!!",
"joined a choir", "booked lisbon for may", "got the job!!") is kept as what happened to them, as
it is with the "I". Before, none of these was kept at all. "Got it, thanks", "got to go" and "got a
sec?" tell nothing; what was done to the speaker ("lost me there", "started without me") or of
something else ("sold out in minutes", "started raining", "passed away in 2019") is not theirs."""
from __future__ import annotations

import pytest

from tests.conftest import engine_after


def _kept(tmp_path, said: str):
    with engine_after(tmp_path, [said], "Robin", "2026-03-02", 1) as eng:
        return [(r.kind, r.text or "") for r in eng.records("t", "u")]


@pytest.mark.parametrize("said, words", [
    ("got engaged!!", "engaged"),
    ("joined a choir", "choir"),
    ("booked lisbon for may", "lisbon"),
    ("got the job!! start in april", "job"),
])
def test_the_thing_done_is_kept_as_the_speakers(tmp_path, said, words):
    kept = _kept(tmp_path, said)
    assert any(kind == "episode" and words in text and text.startswith("Robin") for kind, text in kept), kept


@pytest.mark.parametrize("said", ["Got it, thanks", "got to go, speak later", "got a sec?", "Got a lot on this week",
                                  "got a quick question about my pension"])
def test_a_word_of_talk_tells_nothing(tmp_path, said):
    assert _kept(tmp_path, said) == []


@pytest.mark.parametrize("said", [
    "started raining again",
    "lost me there tbh",
    "started without me, rude",
    "sold out in minutes, couldn't get tickets",
    "booked out till july apparently",
    "ordered by the council to cut the hedge back",
    "passed away in 2019, she was 94",
    "Quit the jokes please, I need straight answers",
])
def test_what_was_done_to_the_speaker_or_to_something_else_is_not_their_doing(tmp_path, said):
    assert not any(text.startswith("Robin ") for _, text in _kept(tmp_path, said))


@pytest.mark.parametrize("said, words", [
    ("bought a second hand corolla, 2015 model", "corolla"),
    ("got a new job at deloitte!", "deloitte"),
])
def test_a_second_hand_or_new_thing_got_is_kept(tmp_path, said, words):
    assert any(words in text and text.startswith("Robin ") for _, text in _kept(tmp_path, said))
