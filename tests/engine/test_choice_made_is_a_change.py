"""A choice made between offers says a change as plainly as "switched": "went with a Honda Civic in
the end", "in the end we went with Nationwide for the remortgage", "ported my number to Smarty"
give the attribute its new value. Going with a friend, a sister's choice, a question about porting
and "ended up staying late" change nothing."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds


@pytest.mark.parametrize("speaker, before, after, old, new", [
    ("Ben", "My mobile is on EE, 30 pounds a month.", "Ported my number to Smarty, it's 8 pounds now.", r"\bEE\b", "Smarty"),
    ("Ravi", "I drive a 2012 Ford Fiesta.", "In the end I went for a used Toyota Yaris hybrid, picked it up Saturday.",
     "Fiesta", "Yaris"),
    ("Abi", "Our mortgage is with Halifax, fixed till June.",
     "In the end we went with Nationwide for the remortgage, 4.1 percent fixed.", "Halifax", "Nationwide"),
    ("Dan", "I drive an old Vauxhall Astra.", "Went with a Honda Civic in the end, the Astra was costing a fortune.",
     "old Vauxhall", "Civic"),
    # passed before too
    ("Zoe", "Our broadband is Sky, 40 a month.", "Ended up going with Zen for the broadband, it's 28 a month.", "Sky", "Zen"),
])
def test_a_choice_made_gives_the_attribute_its_new_value(tmp_path, speaker, before, after, old, new):
    records = active_after(tmp_path, speaker, [before, after])
    assert not holds(records, old) and holds(records, new), records


@pytest.mark.parametrize("speaker, before, after, kept", [
    ("Ivy", "I go to the Odeon cinema most Fridays.", "Went with my friend Jo to the Everyman in the end, comfier seats.",
     "Odeon"),
    ("Sam", "My energy supplier is EDF.", "My sister went with Octopus in the end for her flat.", "EDF"),
    ("Tam", "My phone contract is with Three.", "Should I port my number to Giffgaff or stay with Three?", "Three"),
    ("Lea", "I work at Barclays in Canary Wharf.", "Ended up staying late at the office again, the release slipped.",
     "Barclays"),
])
def test_no_choice_of_the_speakers_leaves_the_record(tmp_path, speaker, before, after, kept):
    assert holds(active_after(tmp_path, speaker, [before, after]), kept)
