"""A name typed in lower case after a title ("our landlord is mr hughes", "my dentist is dr shah") is
a value as a capitalised one is: a new one replaces the old, and is not taken for the old said
again. A title before a common word ("a dr appointment", "the dr said") names nobody."""
from __future__ import annotations

import pytest

from engine.meaning import values
from tests.engine.two_sessions import active_after, holds


@pytest.mark.parametrize("speaker,old,new,gone,kept", [
    ("Ana", "our landlord is mr hughes, hes alright", "our landlord is mrs okafor now", "hughes", "okafor"),
    ("Ben", "my dentist is dr shah, shes lovely", "my dentist is dr patel", "shah", "patel"),
    ("Cai", "my dentist is dr shah", "my dentist is dr patel now", "shah", "patel"),
])
def test_a_new_lower_case_name_replaces_the_old(tmp_path, speaker, old, new, gone, kept):
    texts = active_after(tmp_path, speaker, [old, new])
    assert holds(texts, kept) and not holds(texts, gone), texts


@pytest.mark.parametrize("text,expected", [
    ("my gp is dr davis", {"davis"}),
    ("prof okafor marks hard", {"okafor"}),
    ("I have a dr appointment tomorrow", set()),
    ("the dr said rest", set()),
])
def test_a_title_names_the_word_after_it(text, expected):
    assert values(text, "Ana") == frozenset(expected)
