"""A short statement in the present of a state said to hold now ("I coach netball now", "we shop at
Lidl these days", "I still play the oboe") is kept as the speaker's fact. The classifier reads such
a "now" as chat and kept nothing of them; a verb whose plain form ends in -ing ("I sing tenor") was
taken for a participle. Said of an old value in other words ("I play the cello now" after "I play the
viola in the county orchestra"), it is no repeat of it: its new value is not lost in the old record. Going somewhere or doing something this minute ("I go to bed now", "I head
off now") and what is only felt or understood ("I get it now") are still no fact."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds, kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("I walk to school now.", "school"),
    ("I drink decaf now.", "decaf"),
    ("I sleep on the sofa now.", "sofa"),
    ("i play padel now", "padel"),
    ("I wear glasses now.", "glasses"),
    ("We cook with gas now.", "gas"),
    ("I sing alto now.", "alto"),
    ("I bring my own lunch to work.", "lunch"),
])
def test_a_state_that_holds_now_is_kept(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Femi", text)
    assert any(kind == "fact" and word in said for kind, said in kept), kept


@pytest.mark.parametrize("text", [
    "I go to bed now.",
    "I head off now, thanks!",
    "I get it now.",
    "I feel much better now.",
    "I text him now.",
    "I wait here now.",
])
def test_a_moment_or_a_feeling_is_no_fact(tmp_path, text):
    assert kept_of_one_turn(tmp_path, "Femi", text) == []


@pytest.mark.parametrize("said, now, new", [
    ("I play the viola in the county orchestra.", "I play the cello now.", "cello"),
    ("I drink oat milk in my coffee.", "I drink soya milk now.", "soya"),
    ("I swim at the leisure centre pool on Mondays.", "I swim in the sea now.", "sea"),
    ("I take the number 9 bus to work.", "I take the tram now.", "tram"),
    ("I drive a delivery van for Evri.", "I drive a black cab now.", "cab"),
])
def test_another_value_said_to_hold_now_is_no_repeat(tmp_path, said, now, new):
    texts = active_after(tmp_path, "Femi", [said, now])
    assert holds(texts, new), texts


@pytest.mark.parametrize("text, word", [
    ("I still vape, unfortunately.", "vape"),
    ("we still rent", "rent"),
    ("I still commute.", "commute"),
])
def test_a_doing_that_still_goes_on_is_kept(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Femi", text)
    assert any(kind == "fact" and word in said for kind, said in kept), kept


@pytest.mark.parametrize("text", ["I still think so.", "I still wonder.", "I still care.", "I still go."])
def test_a_thought_or_a_feeling_that_goes_on_is_no_fact(tmp_path, text):
    assert kept_of_one_turn(tmp_path, "Femi", text) == []
