"""A rule for what the assistant makes, said as what to do whenever it makes one ("whenever you
write me a cover letter, keep it to one page", "if you recommend books, skip anything over 400
pages"), is a standing constraint; two such rules for one kind of thing both hold. What to do with
one thing ("when you send me the invoice, ..."), a story of what it made, or a wish about the
speaker is none."""
from __future__ import annotations

import pytest

from two_sessions import active_after, kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("Whenever you write me a cover letter, keep it to one page.", "one page"),
    ("If you recommend books, skip anything over 400 pages.", "400 pages"),
    ("Any time you plan a workout for me, start with mobility drills.", "mobility"),
    ("When you show me code, include type hints.", "type hints"),
])
def test_whenever_it_makes_one(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Bram", text)
    assert any(kind == "constraint" and word in t.lower() for kind, t in kept), kept


@pytest.mark.parametrize("text", [
    "When you send me the invoice, add the VAT number.",
    "When you gave me that playlist it was perfect.",
    "If you give me a minute I'll find it.",
    "If you make me laugh, keep going.",
])
def test_no_standing_rule(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Bram", text)
    assert not any(kind == "constraint" for kind, _ in kept), kept


def test_two_rules_for_one_kind_of_thing_both_hold(tmp_path):
    texts = active_after(tmp_path, "Bram", ["When you plan my runs, keep them under an hour.",
                                            "When you plan my runs, always add a cool-down."])
    assert any("under an hour" in t for t in texts) and any("cool-down" in t for t in texts), texts
