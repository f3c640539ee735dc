"""The readings of monthly days, weighings, providers and passing circumstances take long odd input
(runs of spaces, ordinals, apostrophes and hyphens, one phrase said thousands of times, up to the
16,000 characters a turn may hold) and answer as they would of a short one: each scans the text once,
so a long turn is read in linear time (a regex that could restart at every character of such a run,
or a scan of the whole sentence for each day it holds, took seconds to minutes)."""
from __future__ import annotations

from datetime import datetime, timezone

from engine.dates import monthly_day, resolve_dates
from engine.meaning import changed_provider, provider_named, weighing, _whose_weight
from engine.processor import _PROVIDER_OF
from engine.summarizer import _all_passing

_AT = datetime(2026, 3, 2, 14, tzinfo=timezone.utc)


def test_a_long_run_of_monthly_days_is_no_date():
    text = "on the 1st and " * 1000 + "40 a month"
    resolved, when = resolve_dates(text, _AT)
    assert when is None and resolved == text
    assert monthly_day(text)


def test_a_weighing_after_a_long_run_of_spaces_is_still_read():
    assert weighing(" " * 15_000 + "weighed myself, 68 kg")
    assert _whose_weight(" " * 15_000 + "weighed myself, 68 kg", "Robin") == frozenset()


def test_runs_of_apostrophes_and_hyphens_name_no_one():
    # (a weight said with no one before it is the speaker's, as "5 kg this morning" is)
    assert _whose_weight("a'" * 7_000 + " 5 kg", "Robin") == frozenset()
    assert list(_PROVIDER_OF.finditer("a-" * 7_000 + " new gym")) == []


def test_a_provider_said_thousands_of_times_is_read_once():
    text = "my gym is ironworks " * 700
    assert changed_provider(text) is None
    assert provider_named(text, "gym") == frozenset({"ironwork"})


def test_spaces_and_repeated_words_are_no_passing_circumstance():
    assert not _all_passing(" " * 15_000)
    # (only "and"s besides the connection: all it says is how the connection is)
    assert _all_passing("and " * 3_000 + "signal keeps dropping")
