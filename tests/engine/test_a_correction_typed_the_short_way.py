"""A correction typed the short way, "its X not Y" with no comma and lower-case names ("so its
utrecht not rotterdam", "its heathrow not gatwick, I checked the booking"), corrects the record
that said Y, as "it's Utrecht, not Rotterdam" did. Before, without a comma or a capital the two
words were not read as values and both records stayed. "its nothing not serious" corrects
nothing."""
from __future__ import annotations

import pytest

from engine.meaning import corrected
from two_sessions import active_after


@pytest.mark.parametrize("said, old, new", [
    (["my flight lands at gatwick on friday", "its heathrow not gatwick, I checked the booking"], "gatwick", "heathrow"),
    (["we're staying in porto for the conference", "turns out it's braga not porto, the venue moved"], "porto", "braga"),
    (["moving to rotterdam in june for the job",
      "change of plan, the company's sending me to the utrecht office, so its utrecht not rotterdam"], "rotterdam",
     "utrecht"),
])
def test_the_record_of_the_wrong_value_goes(tmp_path, said, old, new):
    active = active_after(tmp_path, "Robin", said)
    assert any(new in t for t in active), active
    assert not any(old in t and new not in t for t in active), active


@pytest.mark.parametrize("text, wrong", [
    ("so its utrecht not rotterdam", {"rotterdam"}),
    ("it is kilkenny not galway", {"galway"}),
    ("I do not drive", set()),
])
def test_what_a_correction_says_is_wrong(text, wrong):
    assert corrected(text) == wrong
