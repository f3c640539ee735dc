"""A limit named as a hard stop, a cutoff or a curfew, or kept with "never ... more than N", is a
rule: a constraint, however the classifier reads the sentence."""
from __future__ import annotations

import pytest

from engine.extractor import states_a_rule
from tests.conftest import engine_after


def _kinds(tmp_path, text, value):
    with engine_after(tmp_path, [text], "Rui", "2026-06-01", 0) as engine:
        return [r.kind for r in engine.records("t", "u") if value in (r.text or "")]


@pytest.mark.parametrize("text, value", [
    ("The brewery gave us a hard stop at 11pm because of the neighbours.", "11pm"),
    ("Heads up, there's a hard cutoff of 500 words for the grant summary.", "500"),
    ("The curfew is 10pm for both teenagers on school nights.", "10pm"),
    ("The rescue made us promise the puppy is never left more than 3 hours on his own.", "3 hours"),
    ("At the bistro guests are never seated later than 9 on Sundays.", "9"),
])
def test_hard_stops_cutoffs_curfews_and_nevers_are_constraints(tmp_path, text, value):
    assert states_a_rule(text)
    assert "constraint" in _kinds(tmp_path, text, value)


@pytest.mark.parametrize("text", [
    "We had a hard stop at 5 yesterday, the room was booked.",      # one occasion, past
    "He has never been more than 2 miles from home.",                # what has never happened
])
def test_a_past_stop_or_what_has_never_happened_is_no_rule(text):
    assert not states_a_rule(text)
