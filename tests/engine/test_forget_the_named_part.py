"""A request to forget names one part of what was said, and only that part goes.

- "Drop the part about Mel. Just forget it.": the "it" of the second sentence is the part the
  first one named, not everything said last.
- "Forget what I paid for the Brompton": the paying is what is named; "the Brompton" says which
  paying, and the bike itself stays.
- "because Mel, my wife, has been ill": the words between the commas say who Mel is; they do not
  open a clause of their own, which would leave "because Mel" behind.
"""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from conftest import active_texts_after


def _active_after(tmp_path, said: list[str], then: str, speaker: str = "Rhian") -> list[str]:
    """Active record texts after `said` and then `then`, turns a minute apart in one session."""
    return active_texts_after(tmp_path, said + [then], speaker, datetime(2026, 4, 6, 9, tzinfo=timezone.utc))


@pytest.mark.parametrize("said,asked,kept,gone", [
    (["I sing in the Harbour Choir. I've missed rehearsals lately because my divorce hearing is in March."],
     "Can you drop the part about the divorce? Forget it, honestly.", "Harbour Choir", "divorce"),
    (["I'm a volunteer driver for the hospice. My daughter was arrested last month, which was awful."],
     "Delete the bit about my daughter. Please, just forget it.", "hospice", "arrested"),
    (["I coach the under-12s at Dale Rovers on Sundays. I might step down because Mel, my wife, has been very ill."],
     "Please delete the bit about Mel. Just forget it.", "Dale Rovers", "ill"),
])
def test_forget_it_beside_a_named_part_takes_that_part(tmp_path, said, asked, kept, gone):
    active = _active_after(tmp_path, said, asked)
    assert any(kept in t for t in active), active
    assert not any(gone in t for t in active), active


@pytest.mark.parametrize("said,asked,kept,gone", [
    (["I bought a Brompton folding bike last week. I paid £1,650 for it, don't tell my husband."],
     "Could you forget what I paid for the Brompton?", "Brompton", "1,650"),
    (["I got a new road bike in May. I spent £3,100 on it."],
     "Delete how much I spent on the bike, please.", "road bike", "3,100"),
    (["We bought a caravan from a dealer in Exeter. We paid £14,000 for the caravan."],
     "Forget what we paid for the caravan, please.", "Exeter", "14,000"),
])
def test_what_is_said_of_a_thing_goes_and_the_thing_stays(tmp_path, said, asked, kept, gone):
    active = _active_after(tmp_path, said, asked)
    assert any(kept in t for t in active), active
    assert not any(gone in t for t in active), active



def test_forget_it_beside_a_topic_no_memory_holds_takes_nothing_else(tmp_path):
    # the therapy is a health detail the engine keeps no memory of; "it" is that, not the move
    active = _active_after(tmp_path, ["I just moved to Bristol, I started a new job at Airbus, and I'm seeing a therapist."],
                           "Actually, drop the part about the therapist. Just forget it.")
    assert any("Bristol" in t for t in active), active
