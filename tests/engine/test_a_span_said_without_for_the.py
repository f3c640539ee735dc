"""A span of minutes or hours said at the head of what it bounds without "for the" ("next hour or
so keep replies short", "next 45 mins: only bullet points") bounds it as "for the next hour" does:
a temporary instruction that lapses when the span ends. Before, chat that left "for the" out made
the instruction a fact, served for good. "next week" stays the calendar's week, and a span inside
a sentence ("in the next hour I'll call") bounds nothing."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engine.dates import find_periods
from tests.engine.two_sessions import records_of_one_turn

AT = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)


@pytest.mark.parametrize("text, hours", [
    ("next hour or so keep replies short, I'm at the gate on my phone", 1),
    ("next 45 mins: only bullet points please, on a bumpy bus", 0.75),
    ("next couple of hours, no long explanations, I'm between meetings", 2),
    ("ok, next 3 hours only answer in spanish, practising for my exam", 3),
    ("(next hour) keep it short, in a lecture", 1),
])
def test_the_instruction_lapses_when_the_span_ends(tmp_path, text, hours):
    records = records_of_one_turn(tmp_path, "Robin", text)
    temporary = [r for r in records if r.kind == "temporary_instruction"]
    assert temporary, [(r.kind, r.text) for r in records]
    assert temporary[0].expires_at == datetime(2026, 3, 2, 9, tzinfo=timezone.utc).replace(
        hour=9 + int(hours), minute=int(round((hours % 1) * 60))), temporary[0].expires_at


@pytest.mark.parametrize("text", [
    "see you next week, keep it short",
    "in the next hour I'll call the bank",
    "we agreed the next hour of the meeting is for questions",
    "next 0 hours, keep it brief",
])
def test_no_span_of_hours_is_read(text):
    assert not any(p.words.lower().startswith(("next", "the next")) and "hour" in p.words.lower()
                   for p in find_periods(text, AT, timezone.utc)), find_periods(text, AT, timezone.utc)


def test_a_rule_told_beside_the_instruction_holds_past_it(tmp_path):
    records = records_of_one_turn(tmp_path, "Robin", "next hour or so keep replies short, I'm allergic to peanuts btw")
    assert any(r.kind == "constraint" and "peanuts" in r.text and r.expires_at is None for r in records), \
        [(r.kind, r.text, r.expires_at) for r in records]
