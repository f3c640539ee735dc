"""A weekday with a part of the day in the plural ("on Monday evenings") is every such day, as "on
Mondays" is: no date is resolved for it. The singular ("on Monday evening") is one day."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engine.dates import resolve_dates

SAID = datetime(2026, 6, 3, 9, tzinfo=timezone.utc)  # a Wednesday


@pytest.mark.parametrize("text", [
    "I have choir practice on Thursday evenings.",
    "We go to the farmers market on Saturday mornings.",
    "My brother works the late shift on Friday nights.",
])
def test_a_weekday_with_a_plural_part_of_day_is_no_date(text):
    annotated, when = resolve_dates(text, SAID)
    assert when is None and annotated == text


@pytest.mark.parametrize("text,day", [
    ("I have choir practice on Thursday evening.", 4),
    ("We went to the farmers market on Saturday morning.", 30),
])
def test_a_weekday_with_one_part_of_day_is_that_day(text, day):
    _, when = resolve_dates(text, SAID)
    assert when is not None and when.day == day


def test_an_abbreviated_weekday_with_a_plural_part_of_day_is_no_date():
    for text in ("We do yoga on Wed. evenings", "I call home on Sun. nights"):
        assert resolve_dates(text, SAID)[1] is None, text
