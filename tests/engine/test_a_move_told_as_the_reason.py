"""A move told as the reason for something else ("Since I moved over to the night shift I sleep
terribly", "Now that we've moved to Swansea Marina the mooring fees are lower") replaces the record
of where that was: before, "since" was read as the thing moved, which no record names, and the
old record stayed active. A move "here" with no place named, and a move of something else,
change nothing."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds


@pytest.mark.parametrize("said, new, old", [
    (["I teach Spanish at Holloway Adult College on Monday evenings.",
      "Since I moved over to Kentish Town Library my classes are much smaller. Any icebreakers for six adults?"],
     "Kentish", "Holloway"),
    (["We keep our boat at Penarth Marina over the winter.",
      "Now that we've moved to Swansea Marina the mooring fees are lower, which is nice. How do I winterise an outboard?"],
     "Swansea", "Penarth"),
    (["I work the day shift at the Fenwick depot, six till two.",
      "Since I moved over to the night shift I sleep terribly, any tips?"], "night shift", "day shift"),
    (["Our choir rehearses at St Anne's church hall.",
      "Ever since we moved to the Quaker meeting house the acoustics are so much better. Warm-up ideas?"],
     "Quaker", "St Anne"),
])
def test_a_move_told_as_the_reason_replaces_the_old_place(tmp_path, said, new, old):
    active = active_after(tmp_path, "Odalys", said)
    assert holds(active, new) and not holds(active, old), active


@pytest.mark.parametrize("said, kept", [
    (["We live in Didsbury, near the park.", "Since we moved here the garden has grown a lot, what should I prune?"],
     "Didsbury"),
    (["I work the day shift at the Fenwick depot, six till two.",
      "Since the depot moved its deliveries to Thursdays the car park is chaos."], "day shift"),
])
def test_no_place_of_theirs_moved_leaves_the_record(tmp_path, said, kept):
    assert holds(active_after(tmp_path, "Odalys", said), kept)
