"""What suits the speaker best ("mornings suit me best for calls", "weekends work best for me for
viewings", "email is better for us") is a liking: kept as a preference, said again of a liking
before it is that liking ("email works best for me for the invoices" after "I prefer invoices by
email"), and a new one replaces the old ("weekdays suit me better for training now" after "I like
to train on weekends"). Before, such sentences were kept as plain facts or not at all. "It works
best for me if ...", "that suits me better" name nothing."""
from __future__ import annotations

import pytest

from engine import MemoryEngine
from two_sessions import kept_of_one_turn, records_after


@pytest.mark.parametrize("text, word", [
    ("Mornings suit me best for calls, I'm useless after lunch.", "Mornings"),
    ("Weekends work best for me for viewings.", "Weekends"),
    ("Email is better for us than phone calls, we're rarely at a desk.", "Email"),
])
def test_what_suits_best_is_a_preference(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Ama", text)
    assert any(k == "preference" and word in t for k, t in kept), kept


def test_the_liking_said_again_is_one_record(tmp_path):
    records = records_after(tmp_path, "I prefer to get invoices by email rather than post.",
                            "Email works best for me for the invoices, just so you know.", speaker="Ama",
                            days=("2026-03-02", "2026-03-09"), at="09:00:00")
    active = [r for r in records if r.tier == "active" and "mail" in (r.text or "").lower()]
    assert len(active) == 1 and {s.turn_id for s in active[0].sources} == {"0", "1"}, \
        [(r.text, r.tier, [s.turn_id for s in r.sources]) for r in records]


def test_a_new_liking_replaces_the_old(tmp_path):
    records = records_after(tmp_path, "I like to train on weekends, Saturday mornings mostly.",
                            "Weekdays suit me better for training now that I've changed jobs.", speaker="Ama",
                            days=("2026-03-02", "2026-03-09"), at="09:00:00")
    active = [r.text or "" for r in records if r.tier == "active"]
    assert any("Weekdays" in t for t in active) and not any("weekends" in t for t in active), active


@pytest.mark.parametrize("text", [
    "It works best for me if you send the draft early.",
    "That suits me better, thanks.",
])
def test_nothing_named_is_no_preference(tmp_path, text):
    assert not any(k == "preference" for k, _ in kept_of_one_turn(tmp_path, "Ama", text))
