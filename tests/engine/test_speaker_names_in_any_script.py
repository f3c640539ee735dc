"""A speaker's name in letters beyond ASCII ("Tomás", "Zoë", "Łukasz") is the speaker's, never a value
of their statements, and names that open with such a letter ("Élodie", "Østergaard") are values.
Before, "Tomás" was read as the words "tom" and "s": the speaker's own name was a value every record
shared, so no new value ever conflicted with an old one."""
from __future__ import annotations

import pytest

from engine.meaning import holder, values
from two_sessions import assert_replaced, records_after


@pytest.mark.parametrize("speaker, text, expected", [
    ("Tomás", "Tomás's gym is Basic-Fit on the Avenida", {"basic-fit", "avenida"}),
    ("Zoë", "Zoë works at Ørsted in Gdańsk", {"ørsted", "gdańsk"}),
    ("Łukasz", "Łukasz's daughter Élodie is 7", {"élodie", "7"}),
])
def test_the_speakers_name_is_no_value(speaker, text, expected):
    assert values(text, speaker) == frozenset(expected)


@pytest.mark.parametrize("speaker, text, expected", [
    ("Tomás", "Tomás's son Íñigo studies in Bilbao", {"son", "íñigo"}),
    ("Zoë", "Zoë lives in Tromsø", set()),
    ("Søren", "Søren's wife Åsa is a nurse", {"wife", "åsa"}),
])
def test_holders_read_in_any_script(speaker, text, expected):
    assert holder(text, speaker) == frozenset(expected)


@pytest.mark.parametrize("speaker, old, new, old_word, new_word", [
    ("José", "My phone is an iPhone 12.", "My phone is a Pixel 8 now.", "iphone", "pixel"),
    ("Zoë", "I live in Ghent.", "I've moved to Antwerp, new flat by the river.", "ghent", "antwerp"),
    ("Łukasz", "My dentist is Dr Nowak.", "My dentist is Dr Wiśniewska now, she is lovely.", "dr nowak", "wiśniewska"),
])
def test_an_update_by_a_speaker_named_beyond_ascii(tmp_path, speaker, old, new, old_word, new_word):
    recs = records_after(tmp_path, old, new, speaker=speaker, days=("2026-05-04", "2026-05-11"), at="08:00:00")
    assert_replaced(recs, old_word, new_word)
