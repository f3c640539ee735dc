"""A thing put "in place of" (or "in lieu of") another of the speaker's ends the record of the old one
("spent Saturday fitting an electronic ignition in place of the points" of "my car still has points
ignition"), as "instead of" did, however little else the two sentences share; in a narrative record
it is the statement that names the old thing that ends, the others stand. Someone or something
standing in for a while ("Jo is taking the class in place of Priya this week", "instead of Sam
tomorrow") is no end: the old one is back after it (the word "instead" ended the record before)."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds


@pytest.mark.parametrize("said, new, old, kept", [
    ("My road bike still has rim brakes.",
     "Took it to the shop on Thursday and they fitted hydraulic discs in place of the rim brakes.", "rim", "hydraulic"),
    ("We heat the farmhouse with an ancient oil boiler.",
     "The installers finished last week: we've got an air source heat pump in place of the oil boiler.",
     "boiler", "heat pump"),
    ("I track the team's hours in a shared spreadsheet.",
     "We're on Harvest in lieu of the spreadsheet since the audit.", "spreadsheet", "Harvest"),
    ("Marguerite is the accompanist for our choir.",
     "Big change at choir: Tobias plays for us in place of Marguerite, who retired.", "Marguerite", "Tobias"),
])
def test_the_thing_replaced_ends(tmp_path, said, new, old, kept):
    texts = active_after(tmp_path, "Oona", [said, new])
    assert not any(old.lower() in t.lower() and kept.lower() not in t.lower() for t in texts), texts
    assert holds(texts, kept), texts


@pytest.mark.parametrize("said, new, old", [
    ("Priya teaches the Thursday pilates class.", "Jo is taking pilates in place of Priya this week.", "Priya"),
    ("Selin teaches the Monday spin class.", "Bruno is taking spin instead of Selin this week.", "Selin"),
    ("Our usual dog walker is Kemal.", "A friend of his is walking Biscuit instead of Kemal until Sunday.", "Kemal"),
    ("Mr Adeyemi runs the after-school chess club.",
     "Ms Lowe is running chess club instead of Mr Adeyemi next week.", "Adeyemi"),
    ("Ravi drives the school run most days.", "My mum is doing the school run in place of Ravi tomorrow.", "Ravi"),
    ("Our regular cleaner is Hana.", "An agency cleaner is coming in lieu of Hana until Friday.", "Hana"),
])
def test_a_stand_in_for_a_while_ends_nothing(tmp_path, said, new, old):
    texts = active_after(tmp_path, "Oona", [said, new])
    assert any(old in t and not holds([t], r"in place of|instead of|in lieu of") for t in texts), texts


def test_in_a_narrative_the_statement_naming_the_old_thing_ends(tmp_path):
    texts = active_after(tmp_path, "Oona", [
        "my 1972 Vespa still runs the original drum brake up front. the speedo cable snapped again last week too.",
        "Sorted the Vespa!! spent Sunday fitting a disc conversion in place of the drum brake, stops so much better",
    ])
    assert not any("drum" in t and "disc" not in t for t in texts), texts
    assert holds(texts, "speedo"), texts
