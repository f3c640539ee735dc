"""Relative dates are resolved against the turn's own time, never the wall clock."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engine.dates import format_date, resolve_dates

# Monday 8 May 2023, 13:56 UTC: the first session of LoCoMo conversation 26.
ANCHOR = datetime(2023, 5, 8, 13, 56, tzinfo=timezone.utc)


def _day(y: int, m: int, d: int) -> datetime:
    return datetime(y, m, d, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    ("text", "rewritten", "when"),
    [
        ("I went yesterday.", "I went yesterday (7 May 2023).", _day(2023, 5, 7)),
        ("It was busy last week", "It was busy last week (week of 1 May 2023)", _day(2023, 5, 1)),
        ("I painted it last year", "I painted it last year (2022)", _day(2022, 1, 1)),
        ("that was two days ago", "that was two days ago (6 May 2023)", _day(2023, 5, 6)),
        ("I moved 3 weeks ago", "I moved 3 weeks ago (17 April 2023)", _day(2023, 4, 17)),
        ("I started a month ago", "I started a month ago (8 April 2023)", _day(2023, 4, 8)),
        ("we hiked last Saturday", "we hiked last Saturday (6 May 2023)", _day(2023, 5, 6)),
        ("I went there on Friday", "I went there on Friday (5 May 2023)", _day(2023, 5, 5)),
        ("I'll go on Friday", "I'll go on Friday (12 May 2023)", _day(2023, 5, 12)),
        ("see you tomorrow", "see you tomorrow (9 May 2023)", _day(2023, 5, 9)),
        ("back next week", "back next week (week of 15 May 2023)", _day(2023, 5, 15)),
        ("the launch is next month", "the launch is next month (June 2023)", _day(2023, 6, 1)),
        ("I'm tired today", "I'm tired today (8 May 2023)", _day(2023, 5, 8)),
        ("a party tonight", "a party tonight (8 May 2023)", _day(2023, 5, 8)),
        ("I ran this morning", "I ran this morning (8 May 2023)", _day(2023, 5, 8)),
        ("camping this weekend", "camping this weekend (weekend of 13 May 2023)", _day(2023, 5, 13)),
        ("a hike last weekend", "a hike last weekend (weekend of 6 May 2023)", _day(2023, 5, 6)),
        ("I quit last month", "I quit last month (April 2023)", _day(2023, 4, 1)),
        ("my goal this year", "my goal this year (2023)", _day(2023, 1, 1)),
        ("moving next year", "moving next year (2024)", _day(2024, 1, 1)),
        ("we met last night", "we met last night (7 May 2023)", _day(2023, 5, 7)),
        ("a few days ago", "a few days ago (around 5 May 2023)", _day(2023, 5, 5)),
        ("Last Fri I finally went", "Last Fri (5 May 2023) I finally went", _day(2023, 5, 5)),
        ("two weekends ago we camped", "two weekends ago (weekend of 29 April 2023) we camped", _day(2023, 4, 29)),
        ("the report is due Friday", "the report is due Friday (12 May 2023)", _day(2023, 5, 12)),
    ],
)
def test_each_relative_expression_is_resolved_against_the_anchor(text, rewritten, when):
    assert resolve_dates(text, ANCHOR) == (rewritten, when)


def test_original_words_are_kept_and_the_date_is_appended_in_parentheses():
    text, _ = resolve_dates("Yesterday I went to a bouldering session.", ANCHOR)
    assert text == "Yesterday (7 May 2023) I went to a bouldering session."


def test_resolving_twice_changes_nothing():
    once, when = resolve_dates("yesterday, last week and 3 days ago; next month too", ANCHOR)
    assert resolve_dates(once, ANCHOR) == (once, when)


def test_already_resolved_text_keeps_its_date_under_a_later_anchor():
    later = datetime(2024, 1, 1, tzinfo=timezone.utc)
    text = "I went camping yesterday (7 May 2023)."
    assert resolve_dates(text, later) == (text, _day(2023, 5, 7))


def test_when_is_the_first_expression_in_the_text():
    _, when = resolve_dates("Tomorrow I'll tell you about last week.", ANCHOR)
    assert when == _day(2023, 5, 9)


def test_absolute_dates_set_when_but_are_not_rewritten():
    assert resolve_dates("On 12 March I ran a marathon.", ANCHOR) == (
        "On 12 March I ran a marathon.", _day(2023, 3, 12))
    assert resolve_dates("We met in March 2022.", ANCHOR) == ("We met in March 2022.", _day(2022, 3, 1))
    assert resolve_dates("Since 2019 I've lived here.", ANCHOR)[1] == _day(2019, 1, 1)
    assert resolve_dates("It shipped on 2023-02-14.", ANCHOR)[1] == _day(2023, 2, 14)


def test_a_past_day_and_month_after_the_anchor_is_read_as_last_year():
    assert resolve_dates("I visited Rome on 20 December.", ANCHOR)[1] == _day(2022, 12, 20)


def test_text_without_a_time_expression_is_returned_unchanged_with_no_date():
    text = "I may go to the park, the last week was long."
    assert resolve_dates(text, ANCHOR) == (text, None)


def test_a_duration_in_the_past_is_not_a_date():
    assert resolve_dates("I learned it in two weeks.", ANCHOR) == ("I learned it in two weeks.", None)


def test_figurative_yesterday_is_left_alone():
    assert resolve_dates("It feels like yesterday we met.", ANCHOR)[1] is None


def test_possessive_keeps_the_date_after_the_apostrophe():
    assert resolve_dates("yesterday's game", ANCHOR)[0] == "yesterday's (7 May 2023) game"


def test_naive_anchor_is_read_as_utc():
    naive = datetime(2023, 5, 8, 13, 56)
    assert resolve_dates("yesterday", naive) == resolve_dates("yesterday", ANCHOR)


def test_the_anchor_is_converted_to_utc_before_taking_its_date():
    from datetime import timedelta

    tokyo = timezone(timedelta(hours=9))
    anchor = datetime(2023, 5, 9, 2, 0, tzinfo=tokyo)  # still 8 May in UTC
    assert resolve_dates("yesterday", anchor)[0] == "yesterday (7 May 2023)"


def test_date_format_has_no_leading_zero():
    assert format_date(_day(2023, 5, 7).date()) == "7 May 2023"


# ------------------------------------------------------------------------------ the subject's zone

def test_today_is_the_anchors_date_in_the_subjects_zone():
    from zoneinfo import ZoneInfo

    at = datetime(2024, 9, 10, 20, 30, tzinfo=timezone.utc)  # Wednesday 05:30 in Tokyo
    assert resolve_dates("I flew in today.", at, ZoneInfo("Asia/Tokyo"))[0] == "I flew in today (11 September 2024)."
    assert resolve_dates("I flew in today.", at, ZoneInfo("America/Los_Angeles"))[0] == \
        "I flew in today (10 September 2024)."
    assert resolve_dates("I flew in yesterday.", at, ZoneInfo("Asia/Tokyo"))[0] == \
        "I flew in yesterday (10 September 2024)."
    assert resolve_dates("I flew in today.", at)[0] == "I flew in today (10 September 2024)."


# A bare month or date whose day this year has passed: spoken of as to come, it is next year's;
# told as past, or in a month still running, it stays this year's. (Said on 20 September 2025.)
LATE = datetime(2025, 9, 20, 10, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize(("text", "when"), [
    ("We're hoping to tour Patagonia in February.", _day(2026, 2, 1)),
    ("My cousin will get married on 3 May.", _day(2026, 5, 3)),
    ("I'm going to sit the bar exam in July, need to start revising.", _day(2026, 7, 1)),
    ("Next step: the lease is due in March.", _day(2026, 3, 1)),
    ("We toured Patagonia in February.", _day(2025, 2, 1)),
    ("I finished the course on 3 May.", _day(2025, 5, 3)),
    ("I'll be in Oslo in September for a week.", _day(2025, 9, 1)),
    ("The recital is in December and I can't wait.", _day(2025, 12, 1)),
])
def test_a_date_already_behind_is_next_years_when_it_is_still_to_come(text, when):
    assert resolve_dates(text, LATE)[1] == when


@pytest.mark.parametrize("sentence, day", [
    ("Ravi and I broke up on Saturday.", 5),       # an irregular past: the Saturday before
    ("We sold the canoe on Monday, finally.", 7),
    ("I flew back from Lagos on Friday.", 4),
    ("My sister drove down on Sunday with the kids.", 6),
])
def test_a_weekday_in_an_irregular_past_is_the_one_before(sentence, day):
    _, when = resolve_dates(sentence, datetime(2026, 9, 9, 18, tzinfo=timezone.utc))  # a Wednesday
    assert when is not None and (when.month, when.day) == (9, day), when


def test_a_weekday_ahead_stays_ahead():
    _, when = resolve_dates("I'm flying to Lagos on Friday.", datetime(2026, 9, 9, 18, tzinfo=timezone.utc))
    assert (when.month, when.day) == (9, 11)


@pytest.mark.parametrize("sentence, day", [
    ("Repotted the basil this weekend, it was root-bound.", 5),
    ("We repainted the hallway this weekend, finally done.", 5),
    ("I ran my first 10k this weekend and my legs hate me.", 5),
    ("We're visiting my aunt this weekend.", 12),          # ahead: the weekend to come
])
def test_this_weekend_in_the_past_tense_is_the_one_just_gone(sentence, day):
    _, when = resolve_dates(sentence, datetime(2026, 12, 8, 19, tzinfo=timezone.utc))  # a Tuesday
    assert when is not None and (when.month, when.day) == (12, day), when


@pytest.mark.parametrize("text, day", [
    ("I quit smoking on Tuesday!!", 3),
    ("ugh we split up on friday", 6),
    ("I cut the kids' hair on Sunday, it went fine", 8),
    ("Femi and I finally quit the gym on Wednesday", 4),
])
def test_a_verb_whose_past_is_its_present_tells_a_past_weekday(text, day):
    # said on Monday 9 March 2026: the weekday is the one before
    _, when = resolve_dates(text, datetime(2026, 3, 9, 18, 0, tzinfo=timezone.utc))
    assert when is not None and (when.month, when.day) == (3, day), when


@pytest.mark.parametrize("text", [
    "I will quit on Tuesday",
    "I'm going to cut my hair on Sunday",
    "we want to split the bill on Friday",
])
def test_the_same_verb_in_a_plan_looks_ahead(text):
    _, when = resolve_dates(text, datetime(2026, 3, 9, 18, 0, tzinfo=timezone.utc))
    assert when is not None and when.day > 9, when
