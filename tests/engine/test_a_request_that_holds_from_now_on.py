"""A request of the assistant's work marked as holding from now on ("in future, send invoices to my
work address", "from now on write my invoices in euros") is a rule of the speaker's, whatever work
it asks for, and takes the place of the request it changes. Before, only a request of how to
answer (format, language, tone) was read so: others were kept as a fact, or dropped when they
named the speaker nowhere. Not a plan of the speaker's ("from now on I'll cycle to work"), nor
"going forward with" something, nor a rule the rules read without the mark."""
from __future__ import annotations

import pytest

from tests.engine.two_sessions import kept_of_one_turn, records_after


@pytest.mark.parametrize("text", [
    "in future, send invoices to my work address",
    "from now on, add the vat to every quote you draft",
    "going forward, put the school run in my calendar every weekday",
    # a verb of any work, not only the assistant's usual ones
    "in future, cancel any gym class I book after 8pm",
    "by default, split the bill three ways",
    "from now on, pay the gardener by bank transfer",
])
def test_the_request_is_a_rule(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Robin", text)
    assert [kind for kind, _ in kept] == ["constraint"], kept


@pytest.mark.parametrize("first, later, old, new", [
    ("send my reminders by text", "from now on send my reminders by email", "by text", "by email"),
    ("write my invoices in dollars", "from now on write my invoices in euros", "dollars", "euros"),
])
def test_the_request_takes_the_old_ones_place(tmp_path, first, later, old, new):
    records = records_after(tmp_path, first, later, speaker="Robin", days=("2026-03-02", "2026-03-09"),
                            at="10:00:00")
    active = [r.text for r in records if r.tier == "active"]
    assert any(new in t for t in active) and not any(old in t for t in active), active


@pytest.mark.parametrize("text", [
    "from now on I'll cycle to work",
    "going forward with the plan, we booked the venue",
    "in future, remember that I hate cilantro",
])
def test_no_rule_is_kept(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Robin", text)
    assert not any(kind == "constraint" for kind, _ in kept), kept


def test_a_rule_read_without_the_mark_stays_as_it_was(tmp_path):
    records = records_after(tmp_path, "So going forward: no sleeper trains for me, please, I'd much rather get a day train.",
                            "I'm booking my train to York for the 14th now", speaker="Robin",
                            days=("2026-03-02", "2026-03-09"), at="10:00:00")
    assert any(r.tier == "active" and "sleeper" in r.text for r in records), [(r.text, r.tier) for r in records]
