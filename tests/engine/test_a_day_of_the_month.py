"""A day of the month said without its month ("on the 12th", "by the 3rd") is a date: the next
such day, or the last one in a clause about the past, written beside the words as other dates are.
A day set against another ("on the 21st, not the 18th") is of the month the corrected date was in,
which may be another: its date is kept as a guess and not written into the text. "The 12th floor",
"the 1st of every month" and "my 12th birthday" are no dates."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engine.dates import resolve_dates
from two_sessions import active_after, holds

#: Friday 20 March 2026, mid-morning.
AT = datetime(2026, 3, 20, 10, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("text, label, day", [
    ("The chimney sweep is booked in for the 23rd.", "the 23rd (23 March 2026)", "2026-03-23"),
    ("Invoices have to be in by the 4th please", "the 4th (4 April 2026)", "2026-04-04"),
    ("The fence panels got delivered on the 11th, finally.", "the 11th (11 March 2026)", "2026-03-11"),
    ("we signed for the van on the 28th and it broke down twice", "the 28th (28 February 2026)", "2026-02-28"),
    ("the reunion's on the 31st at the rugby club", "the 31st (31 March 2026)", "2026-03-31"),
    ("Oops, that was wrong - the vet comes on the 26th", "the 26th (26 March 2026)", "2026-03-26"),
])
def test_a_day_of_the_month_is_the_next_one_or_the_last_one_in_the_past(text, label, day):
    rewritten, when = resolve_dates(text, AT)
    assert label in rewritten and when is not None and when.date().isoformat() == day, (rewritten, when)


@pytest.mark.parametrize("text", [
    "Our flat is on the 12th floor, the lift is always broken.",
    "The rent leaves my account on the 1st of every month.",
    "For my 12th birthday we went to the zoo.",
    "It's due on the 12th of April.",
])
def test_what_is_no_day_of_the_month_gets_no_label(text):
    rewritten, _ = resolve_dates(text, AT)
    assert rewritten == text


def test_a_day_set_against_another_is_not_written_in():
    rewritten, when = resolve_dates("the tiler comes on the 24th, not the 22nd", AT)
    assert rewritten == "the tiler comes on the 24th, not the 22nd"
    assert when is not None and when.date().isoformat() == "2026-03-24"


@pytest.mark.parametrize("before, after, old, new", [
    ("The gas safety check is on the 18th.", "Ah no, the gas safety check is on the 21st, not the 18th.", "18th", "21st"),
    ("The skip is due for collection on the 15th.", "The skip gets collected on the 17th, not the 15th, sorry.",
     "15th", "17th"),
    ("The car's service is booked for the 9th.", "Sorry, the car's service is on the 12th, not the 9th.", "9th", "12th"),
])
def test_a_day_corrected_replaces_the_old_one(tmp_path, before, after, old, new):
    records = active_after(tmp_path, "Ola", [before, after])
    assert holds(records, new) and not any(old in r and new not in r for r in records), records


@pytest.mark.parametrize("said, kept", [
    ("The chimney sweep is booked in for the 23rd.", r"chimney sweep.*23rd \(\d+ \w+ 2026\)"),
    ("The skip is due for collection on the 15th.", r"skip.*15th \(\d+ \w+ 2026\)"),
    ("The piano tuner visits on the 4th.", r"piano tuner.*4th \(\d+ \w+ 2026\)"),
])
def test_a_thing_booked_for_a_day_of_the_month_is_kept_with_its_date(tmp_path, said, kept):
    records = active_after(tmp_path, "Ola", [said, "Thanks, that's all for today."])
    assert holds(records, kept), records
