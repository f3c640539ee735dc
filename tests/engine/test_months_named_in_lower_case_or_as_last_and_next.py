"""A month named in lower case, as chat writes it ("went vegan in january", "my brother's wedding is
in june"), or as the last or the next one ("we got married last December", "moving to bristol next
april") is a date: the statement is kept as what happened or will happen then. Before, the first
was not kept at all and the others were kept undated. "may", "march" and "august" in lower case
are other words as often ("in may I", "last march was"): no date; nor is someone so named ("in
june's garden", "since june left the team"). "Since October" is the last
October, whatever the tense (before, it was the next one)."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engine.dates import resolve_dates
from tests.conftest import engine_after

AT = datetime(2026, 3, 2, 10, tzinfo=timezone.utc)


@pytest.mark.parametrize("said, when", [
    ("went vegan in january", datetime(2026, 1, 1, tzinfo=timezone.utc)),
    ("my brother's wedding is in june", datetime(2026, 6, 1, tzinfo=timezone.utc)),
    ("we got married last December", datetime(2025, 12, 1, tzinfo=timezone.utc)),
    ("moving to bristol next april, can't wait", datetime(2026, 4, 1, tzinfo=timezone.utc)),
    ("last May we went to Crete", datetime(2025, 5, 1, tzinfo=timezone.utc)),
    ("the new lease starts next March", datetime(2027, 3, 1, tzinfo=timezone.utc)),
    ("been sober since october", datetime(2025, 10, 1, tzinfo=timezone.utc)),
    ("the wedding is in june next year", datetime(2027, 6, 1, tzinfo=timezone.utc)),
    ("last December, 2024 was cold", datetime(2024, 12, 1, tzinfo=timezone.utc)),
    ("the wedding in june was lovely", datetime(2025, 6, 1, tzinfo=timezone.utc)),
])
def test_the_month_is_the_date(said, when):
    assert resolve_dates(said, AT)[1] == when


@pytest.mark.parametrize("said", [
    "in may I might go back to part time",
    "last march was awful for the shop",
    "the august heat at the allotment was brutal",
    "the last December I spent there was lonely",
    "we had a barbecue in june's garden",
    "it's been quiet since june left the team",
    "i'm covering shifts until june gets back",
    "the next april fool's day is a sunday",
])
def test_a_word_spelt_as_a_month_is_no_date(said):
    assert resolve_dates(said, AT)[1] is None


@pytest.mark.parametrize("said, words, label", [
    ("went vegan in january", "vegan", None),
    ("we got married last December", "married", "December 2025"),
    ("moving to bristol next april, can't wait", "bristol", "April 2026"),
])
def test_the_statement_is_kept_as_what_happens_then(tmp_path, said, words, label):
    with engine_after(tmp_path, [said], "Robin", "2026-03-02", 1) as eng:
        kept = [r for r in eng.records("t", "u") if words in (r.text or "")]
    assert kept and kept[0].kind == "episode" and kept[0].happened_at is not None, kept
    assert label is None or label in (kept[0].text or "")
