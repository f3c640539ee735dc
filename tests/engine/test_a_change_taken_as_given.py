"""A state of the speaker's taken as given at the start of a sentence ("Now that I'm at HSBC, my
commute is a lot shorter") is kept as a fact of theirs, though the classifier is unsure of it. It
is no word of change by itself: "now that I'm in my thirties" or "now that I'm on nights" says
nothing new of where the speaker lives or works."""
from __future__ import annotations

import pytest

from tests.conftest import record_texts


@pytest.mark.parametrize("said,word", [
    ("Now that I'm at HSBC, my commute is a lot shorter.", "HSBC"),
    ("Now that I'm with Starling, I get paid a day early.", "Starling"),
    ("Now that we're in the new flat, the heating bills are tiny.", "new flat"),
    ("Now that I'm at Leeds Uni, I share a house with four others.", "Leeds Uni"),
    ("Now that we've got the allotment, we hardly buy any veg.", "allotment"),
    ("Now that I'm on the parish council, Tuesday evenings are gone.", "parish council"),
])
def test_a_state_taken_as_given_is_kept(tmp_path, said, word):
    texts = record_texts(tmp_path, [said], "Ravi", "2026-01-05", 1)
    assert any(word in t for t in texts), texts


@pytest.mark.parametrize("then", ["Now that I'm in my thirties, I care way more about sleep.",
                                  "Now that I'm on nights, I sleep in the day."])
def test_a_state_of_another_kind_leaves_home_and_work(tmp_path, then):
    active = record_texts(tmp_path, ["I live in Portobello, near the prom.", then], "Ravi", "2026-01-05", 20)
    assert any("Portobello" in t for t in active), active
