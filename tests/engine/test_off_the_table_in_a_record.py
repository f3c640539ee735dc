"""A record's text may lose its articles ("they're off table for movie night"), and its idiom of
"no" was then left as it was: a reader of the record (or a check for its negation) saw no "not".
"Off (the) table" and "off (the) menu", said with "'re"/"'s" too, are written plainly in the record
("are not an option", "are not allowed"); a table or a menu that is only furniture stays."""
from __future__ import annotations

import re

import pytest

from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, key", [
    ("My son gets nightmares from horror films, so they're off the table for movie night, full stop.", "horror"),
    ("Cruises make my husband seasick, so they're off the menu for our anniversary trip.", "cruise"),
    ("Spicy curries wreck my stomach, so they're off the table whenever we eat out.", "curries"),
])
def test_the_idiom_of_no_reads_as_a_negation(tmp_path, text, key):
    kept = [t for _, t in kept_of_one_turn(tmp_path, "Wren", text) if key in t.lower()]
    assert kept and all(re.search(r"\bnot\b", t) for t in kept), kept


def test_a_table_that_is_furniture_stays(tmp_path):
    kept = kept_of_one_turn(tmp_path, "Wren", "Our dining table's off to the restorer next week, it has a wobbly leg.")
    assert not any("not an option" in t for _, t in kept), kept
