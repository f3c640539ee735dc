"""Someone placing the speaker anew ("coach switched me to centre-back", "the head chef has moved
me over to the grill section") gives the record of where they were its new value, though the new
place is no name: what follows "to" or "into" is the value said anew. A hyphenated name ("Jae-won")
reads as any other name. Being moved to tears, or moved one evening, changes nothing."""
from __future__ import annotations

import pytest

from engine.meaning import switched_to
from tests.engine.two_sessions import active_after, holds


@pytest.mark.parametrize("speaker,old,new,gone,kept", [
    ("Kwabena", "I play on the left wing for our Sunday league side.",
     "Coach switched me to centre-back for the rest of the season, we had injuries.", "left wing", "centre-back"),
    ("Jae-won", "I'm the drummer in our church worship band.",
     "Our worship leader moved me to bass guitar after the old bassist left.", "drummer", "bass guitar"),
    ("Hye-jin", "I work on the pastry section at the hotel kitchen.",
     "Head chef has moved me over to the grill section, big change.", "pastry", "grill"),
])
def test_being_placed_anew_replaces_the_old_place(tmp_path, speaker, old, new, gone, kept):
    texts = active_after(tmp_path, speaker, [old, new])
    assert holds(texts, kept), texts
    assert not holds(texts, gone), texts


@pytest.mark.parametrize("text,speaker,words", [
    ("the coach moved Jun-ho to jungle", "Jun-ho", {"jungl"}),
    ("Mateus has been moved into the stroke seat", "Mateus", {"strok", "seat"}),
    ("I've been moved out of the B squad and into the performance squad", "Oona", {"performanc", "squad"}),
    ("We moved Tariq to the top bunk and I switched to the night shift", "Ana", {"night", "shift"}),
    ("the director moved me up to the sopranos", "Siobhan", {"soprano"}),
])
def test_what_the_speaker_was_placed_in_is_the_new_value(text, speaker, words):
    assert switched_to(text, speaker) >= frozenset(words)


@pytest.mark.parametrize("speaker,old,new,kept", [
    ("Nadia", "I cry at pretty much every film.", "That documentary last night moved me to tears, honestly.", "cr(y|ies)"),
    ("Bilal", "I get emotional at weddings.", "Her speech moved us all to tears at the reception.", "emotional"),
])
def test_moved_to_tears_is_no_new_place(tmp_path, speaker, old, new, kept):
    assert holds(active_after(tmp_path, speaker, [old, new]), kept)


@pytest.mark.parametrize("text,speaker", [
    ("We moved Tariq to the top bunk, he loves it.", "Priya"),
    ("The nurse moved Grandad to a room by the window.", "Ella"),
    ("Sam's speech moved me to tears.", "Ella"),
])
def test_someone_else_placed_is_no_value_of_the_speakers(text, speaker):
    assert switched_to(text, speaker) == frozenset()


@pytest.mark.parametrize("said,where", [
    ("Reorg at work: I've been moved into the marketing team now.", "marketing team"),
    ("The captain has bumped me up into the A team!", "A team"),
    ("big shake-up at work, my editor has moved me to the business desk.", "business desk"),
])
def test_being_placed_anew_is_kept_as_where_the_speaker_is(tmp_path, said, where):
    from tests.engine.two_sessions import kept_of_one_turn

    kept = kept_of_one_turn(tmp_path, "Siobhan", said)
    assert any(kind == "fact" and where in text for kind, text in kept), kept


def test_placed_for_one_occasion_is_no_standing_fact(tmp_path):
    from tests.engine.two_sessions import kept_of_one_turn

    kept = kept_of_one_turn(tmp_path, "Siobhan", "At the dentist today they moved me to another room because the drill broke.")
    assert not any(kind == "fact" for kind, _ in kept), kept
