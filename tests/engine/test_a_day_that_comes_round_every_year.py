"""Someone's birthday or an anniversary told by its date ("my dad has his birthday on 2 March",
"the 9th of October is my sister's birthday") is a standing fact, not an event of the day it next
falls on: before, these were kept as episodes, so the same birthday said again in other words on
another day was a second memory. A party or a dinner for one, something done on one ("I missed my dad's
birthday on 2 March"), or one birthday of an age ("Grandma's 90th birthday party is on 21 June"), is
still an event."""
from __future__ import annotations

import pytest

from two_sessions import active_after, kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("my dad has his birthday on 2 March", "2 March"),
    ("the 9th of October is my sister's birthday", "October"),
    ("Grandma celebrates her birthday on 21 June", "21 June"),
    ("our anniversary falls on 4 September", "September"),
])
def test_a_yearly_day_is_a_standing_fact(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Ilse", text)
    assert [kind for kind, t in kept if word in t] == ["fact"], kept


@pytest.mark.parametrize("text, word", [
    ("Grandma's 90th birthday party is on 21 June", "June"),
    ("our 25th anniversary is on 4 September", "September"),
    ("we had a lovely dinner for my birthday on 3 March", "dinner"),
    ("I missed my dad's birthday on 2 March because of work", "missed"),
    ("I called my grandma on her birthday, 1 January", "called"),
])
def test_one_years_celebration_is_still_an_event(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Ilse", text)
    assert [kind for kind, t in kept if word in t] == ["episode"], kept


def test_a_birthday_said_again_on_another_day_is_one_memory(tmp_path):
    active = active_after(tmp_path, "Ilse", ["my dad has his birthday on 2 March", "my father's birthday is March 2nd"])
    assert len(active) == 1, active
