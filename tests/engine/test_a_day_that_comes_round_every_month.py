"""A day of the month told beside a monthly period ("every month on the 25th", "40 a month and
comes out on the 3rd", "monthly, on the 27th") is the day something comes round on, not one date.
Before, such a day was resolved to the next 25th, 3rd or 27th, written into the record as that
date, and the statement typed an episode of that day; a routine of the speaker's household told
without a date ("our cleaner comes on the 2nd of each month") was not kept at all. A day told of
the past, or without a monthly period, is still one date."""
from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest

from engine import MemoryEngine
from engine.dates import resolve_dates
from engine.meaning import frequencies

_TOLD_DATE = re.compile(r"\(\d{1,2} [A-Z][a-z]+ 20\d\d\)")
_AT = datetime(2026, 3, 2, 14, tzinfo=timezone.utc)


def _records(tmp_path, text: str):
    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s", "turn_id": "1", "role": "user",
                       "speaker": "Robin", "text": text, "occurred_at": _AT.isoformat()})
        engine.flush()
        return engine.records("t", "u")


@pytest.mark.parametrize("text", [
    "the childminder invoice arrives monthly, on the 27th",
    "gym is 40 a month and comes out on the 3rd",
    "the retainer invoices go out every month on the 25th",
    "my phone contract is 25 a month and renews on the 14th",
    "our cleaner comes on the 2nd of each month",
    "rent is 1200 and it goes out on the 1st of each month",
])
def test_a_monthly_day_is_kept_as_a_standing_fact_without_a_date(tmp_path, text):
    records = _records(tmp_path, text)
    assert len(records) == 1, [r.text for r in records]
    r = records[0]
    assert r.kind != "episode" and r.happened_at is None, (r.kind, r.text, r.happened_at)
    assert not _TOLD_DATE.search(r.text or ""), r.text


@pytest.mark.parametrize("text, told", [
    ("my sister visits on the 3rd", "3 March 2026"),
    ("I paid the 210 a month fee late, on the 5th", "5 March 2026"),
    ("the plumber is booked for the 12th, at 9", "12 March 2026"),
    # a monthly thing's day this once, or another thing's day beside a monthly one
    ("the gym is 40 a month and my induction is on the 14th", "14 March 2026"),
    ("my mum visits once a month, this month it's on the 23rd", "23 March 2026"),
    ("we pay 50 a month for the phone, and the new contract starts on the 10th", "10 March 2026"),
    ("my monthly check-in with the therapist is on the 18th this time instead of the 11th", "18 March 2026"),
    # a month as a length of time, or another thing's day beside a monthly sum
    ("my holiday is a month away, flying out on the 20th", "20 March 2026"),
    ("rent is 950 a month, plumber comes on the 12th", "12 March 2026"),
])
def test_one_day_of_the_month_is_still_dated(tmp_path, text, told):
    records = _records(tmp_path, text)
    assert any(told in (r.text or "") for r in records), [r.text for r in records]


@pytest.mark.parametrize("text", [
    "every month, the water bill comes out on the 9th",
    "the physio invoice goes out monthly on the 17th",
    "the HOA fee is 210 a month, due on the 5th",
])
def test_resolving_dates_leaves_a_monthly_day_alone(text):
    resolved, when = resolve_dates(text, _AT)
    assert when is None and resolved == text, (resolved, when)


@pytest.mark.parametrize("a, b", [
    ("the invoices go out on the 25th of each month", "the invoices go out every month on the 25th"),
    ("I water the orchids each week", "I water the orchids weekly"),
    ("I feed the fish each day", "I feed the fish daily"),
])
def test_each_and_every_say_the_same_frequency(a, b):
    assert frequencies(a) and frequencies(a) == frequencies(b)


def test_each_other_is_no_frequency():
    assert not frequencies("my sister and I call each other sundays")
