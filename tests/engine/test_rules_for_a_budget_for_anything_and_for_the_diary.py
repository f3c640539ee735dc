"""Three shapes of a hard rule chat uses, read as rules (kind constraint): a budget told with its
sum, for one thing or without a determiner ("our budget for the new boiler is 2,500 tops", "budget
is 40 quid max"), in a slot of its own per thing; a rule for whatever the speaker does of a kind
("anything I bake for the class has to be egg free", "everything we post on the page must go past
Ana first"); and nothing put in the speaker's days at some time ("nothing gets scheduled before 10
on mondays", "nothing goes in the calendar on the 24th"). Before, none was kept as a rule. Not a
budget without a sum or of something else ("my budget for the trip is tight", "the budget for the
film was 200 million dollars"), not a saying ("anything you say can be used against you"), not a
telling of what was ("nothing was planned for the weekend")."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engine.extractor import extract
from tests.conftest import engine_after

AT = datetime(2026, 3, 2, 10, tzinfo=timezone.utc)


@pytest.mark.parametrize("text, word", [
    ("our budget for the new boiler is 2,500 tops", "2,500"),
    ("budget for the hen do is £300 a head", "300"),
    ("budget is 40 quid max", "40"),
    ("anything I bake for the class has to be egg free", "egg free"),
    ("everything we post on the page must go past Ana first", "Ana"),
    ("anything I send to the landlord needs to go by email", "email"),
    ("nothing gets scheduled before 10 on mondays", "before 10"),
    ("nothing goes in the calendar on the 24th", "24th"),
    ("nothing to be booked on bank holidays", "bank holidays"),
])
def test_the_rule_is_kept_as_a_rule(tmp_path, text, word):
    with engine_after(tmp_path, [text], "Robin", "2026-03-02", 1) as eng:
        kinds = [r.kind for r in eng.records("t", "u") if word in (r.text or "")]
    assert kinds == ["constraint"], kinds


def test_a_budget_for_one_thing_has_a_slot_of_its_own():
    slots = {c.slot for t in ("our budget for the new boiler is 2,500 tops", "budget for the kitchen is 12k")
             for c in extract(t, role="user", speaker="Robin", occurred_at=AT)}
    assert slots == {"constraint:budget:boiler", "constraint:budget:kitchen"}


@pytest.mark.parametrize("text", [
    "my budget for the trip is tight",
    "the budget for the film was 200 million dollars",
    "anything you say can be used against you",
    "anything I do seems to annoy her",
    "everything I touch has gone wrong lately",
    "nothing was planned for the weekend",
    "nothing goes before the ads",
    "nothing happened before 2pm",
])
def test_no_rule_is_read_where_none_is_said(text):
    assert not [c for c in extract(text, role="user", speaker="Robin", occurred_at=AT) if c.kind == "constraint"]
