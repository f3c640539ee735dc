"""When a rule starts ("as of today", "from today", "starting this week", "effective today") is no
period it holds for, nor a day on which something happened: the rule is a constraint that holds on.
Before, the day was read as a period ("New rule as of today: no pushing straight to main" lapsed at
midnight as a temporary instruction) or as the day of an event (kept as an episode). A rule for a
period ("house rule for today: ...") still lapses with it, and what happened on a day ("I started a
new job today") is still dated."""
from __future__ import annotations

import pytest

from two_sessions import active_after_days, kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("New rule as of today: no food at the desks in the lab.", "food"),
    ("Family rule from today: phones live in the hall drawer after 8pm.", "phones"),
    ("Starting this week, no client calls before ten.", "calls"),
    ("Team policy effective today: every invoice over 2k gets a second sign-off.", "invoice"),
])
def test_a_rule_that_starts_today_is_a_constraint_that_holds_on(tmp_path, text, word):
    found = kept_of_one_turn(tmp_path, "Odile", text)
    assert any(k == "constraint" and word in t.lower() for k, t in found), found
    assert not any(k in ("temporary_instruction", "episode") and word in t.lower() for k, t in found), found
    later = active_after_days(tmp_path / "later", "Odile", [(text, "2026-03-02"), ("How do I descale a kettle?", "2026-03-12")])
    assert any(word in t.lower() for t in later), later


@pytest.mark.parametrize("text, kind, word", [
    ("House rule for today: no screens at all.", "temporary_instruction", "screens"),
    ("I started a new job today.", "episode", "job"),
])
def test_a_period_or_a_day_that_happened_is_read_as_before(tmp_path, text, kind, word):
    found = kept_of_one_turn(tmp_path, "Odile", text)
    assert any(k == kind and word in t.lower() for k, t in found), found


@pytest.mark.parametrize("text, word", [
    ("As of today, my driving licence has expired.", "licence"),
    ("As of this week my piano lessons are at the community hall.", "piano"),
])
def test_news_that_starts_today_is_still_kept(tmp_path, text, word):
    """(Found by a probe helper: each was dropped.)"""
    found = kept_of_one_turn(tmp_path, "Odile", text)
    assert any(word in t.lower() for _, t in found), found


def test_a_meeting_of_today_is_still_dated(tmp_path):
    found = kept_of_one_turn(tmp_path, "Odile", "From today's retro we agreed to ship the beta in June.")
    assert any(k == "episode" and "retro" in t.lower() for k, t in found), found
