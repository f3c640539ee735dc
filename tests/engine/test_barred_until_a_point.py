"""Barred from something until a point the speaker does not set ("I can't leave the country until
it's decided", "I'm not allowed to drive until the cast comes off", "we can't sign anything till
the survey is back") is a constraint, with the reason said before it ("my visa renewal went in on
the 3rd, so ...") kept with it. Before, the bar was dropped when a rule read the clause beside it,
or the sentence was kept as an episode of the day or a plain fact, as the classifier read it
(which differed with the speaker's name). A feeling ("I can't wait until Friday", "I
can't sleep until she's home", "I can't believe it took until March") is no bar."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, words", [
    ("My visa renewal went in on the 3rd, so I can't leave the country until it's decided.", ("leave", "visa")),
    ("Broke my ankle on Sunday and I'm not allowed to drive until the cast comes off.", ("drive",)),
    ("The builders found asbestos in the loft, so we can't start the extension until it's cleared.",
     ("extension", "asbestos")),
    ("We exchanged on the flat last week but we can't sign anything for the extension till the survey is back.",
     ("sign",)),
    ("My passport is with the embassy and my payslips are with the bank, so I cannot book flights until the visa "
     "comes through.", ("flights",)),
])
@pytest.mark.parametrize("speaker", ["Nia", "Tom", "Priya"])
def test_a_bar_until_a_point_is_a_constraint(tmp_path, text, words, speaker):
    kept = kept_of_one_turn(tmp_path, speaker, text)
    assert any(k == "constraint" and all(w in t for w in words) for k, t in kept), kept


@pytest.mark.parametrize("text", [
    "I can't wait until Friday!",
    "I can't sleep until she's home.",
    "I can't believe it took until March to hear back from them.",
    "I can't get excited until the contract is signed.",
    "I can't feel safe until he's back home.",
])
def test_a_feeling_or_a_past_bar_is_no_constraint(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Nia", text)
    assert not any(k == "constraint" for k, _ in kept), kept
