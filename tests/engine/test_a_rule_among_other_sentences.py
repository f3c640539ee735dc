"""A rule said among a turn's other sentences ("Started at the new warehouse on Monday. A forklift
licence is mandatory for anyone on the loading bay, no exceptions. The canteen is decent.") is a
constraint of its own: the turn's narrative, read whole, is a fact or an episode, but its
statements are read one at a time, and the one that states a rule is kept as a constraint. What
else the turn said stays a memory of its kind, not a constraint; a turn that states no rule is kept
as it was."""
from __future__ import annotations

import re

import pytest

from tests.conftest import engine_after


def _records(tmp_path, said: str) -> list:
    with engine_after(tmp_path, [said], "Wren", "2026-05-04", 1) as engine:
        return engine.records("t", "u")


@pytest.mark.parametrize("said,rule,other", [
    ("Started at the new warehouse on Monday. A forklift licence is mandatory for anyone on the loading bay, "
     "no exceptions. The canteen is decent.", "forklift", "warehouse"),
    # a limit the classifier reads as one less surely once the record drops its articles ("use hall
    # until 9pm": 0.63, under the bar a statement of a narrative needs)
    pytest.param("Planning the choir's spring concert. The church only lets us use the hall until 9pm, hard stop. "
                 "Tenors are short again as usual.", "9pm", "tenors",
                 marks=pytest.mark.xfail(strict=True, reason="read as a rule with 0.63 in the record's words")),
    ("Sorting out the allotment this month. Site rules say no bonfires at all between April and October. "
     "My neighbour Jim grows enormous leeks.", "bonfire", "leeks"),
    ("We're booking the Lake District cottage for August. The owner is firm that dogs are not allowed "
     "upstairs under any circumstances. It has a wood burner and a hot tub.", "upstairs", "cottage"),
    # the "it" at the end of a long statement is its own: the rule does not lean on the booking
    ("Booked the cottage for August. Dogs aren't allowed upstairs, the owner was very clear about it. "
     "It has a lovely garden.", "upstairs", "Booked"),
])
def test_a_rule_among_other_sentences_is_a_constraint(tmp_path, said, rule, other):
    records = _records(tmp_path, said)
    seen = [(r.kind, r.text) for r in records]
    assert any(r.kind == "constraint" and re.search(rule, r.text, re.I) for r in records), seen
    assert any(r.kind != "constraint" and re.search(other, r.text, re.I) for r in records), seen


@pytest.mark.parametrize("said,rule,with_it", [
    ("We're having the kitchen redone. The builders are Polish. Drilling is banned before 8am; the council "
     "insists on it.", "8am", "council"),
    ("Our pool hires out lanes to clubs. No one under 16 may swim without an adult; the insurer demands that.",
     "16", "insurer"),
    ("Loving the new flat. Pets aren't allowed in the building at all; the lease is very clear about it.",
     "pets", "lease"),
])
def test_what_points_back_to_a_rule_goes_with_it(tmp_path, said, rule, with_it):
    records = _records(tmp_path, said)
    assert any(r.kind == "constraint" and re.search(rule, r.text, re.I) and re.search(with_it, r.text, re.I)
               for r in records), [(r.kind, r.text) for r in records]


@pytest.mark.parametrize("said", [
    "Spent the weekend in Bath with the kids. The spa was packed. We ate at a lovely little Thai place.",
    "Got the new bike on Friday. It's a gravel bike with 40mm tyres. Rode it to work twice already.",
    "Mum's moving to a flat near us in June. She's selling the house in Derby. Her cat is coming too.",
])
def test_a_narrative_without_a_rule_keeps_no_constraint(tmp_path, said):
    records = _records(tmp_path, said)
    assert not any(r.kind == "constraint" for r in records), [(r.kind, r.text) for r in records]
