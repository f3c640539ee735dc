"""A new state said in passing, taken as given ("now that I'm at HSBC, my commute is shorter",
"since I got made team lead, I hardly code"), is a change all the same: the record of the old
state is superseded. "Now that I'm still at ..." says it goes on."""
from __future__ import annotations

import pytest

from tests.conftest import assert_new_value_replaced_old, record_texts


@pytest.mark.parametrize("first,then,old,new", [
    ("I bank with Monzo.", "Now that I'm with Starling, I get paid a day early.", "Monzo", "Starling"),
    ("I live in Leith, near the shore.", "Now that I'm in Portobello, I swim in the sea most mornings.", "Leith", "Portobello"),
    ("I teach at Hillside Primary.", "Now that I'm at Oakwood Academy, I've got a Year 9 form.", "Hillside", "Oakwood"),
])
def test_a_new_state_taken_as_given_replaces_the_old(tmp_path, first, then, old, new):
    assert_new_value_replaced_old(tmp_path, first, then, old, new, "Ravi", "2026-01-05", 40)


def test_a_state_that_goes_on_leaves_the_record(tmp_path):
    active = record_texts(tmp_path, ["I work at Barclays in the risk team.",
                                     "Now that I'm still at Barclays, I might as well do the MBA."], "Ravi", "2026-01-05", 40)
    assert any("Barclays" in t for t in active), active
