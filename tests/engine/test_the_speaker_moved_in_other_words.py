"""The speaker moving, told with a word between them and the verb ("I've properly relocated to
Norwich", "I've officially moved to Cardiff"), is the speaker's new home: the record of the old one
is superseded. Another thing moved ("my office has moved to Katowice") leaves the home alone."""
from __future__ import annotations

import pytest

from tests.conftest import assert_new_value_replaced_old, record_texts


@pytest.mark.parametrize("then,new", [
    ("I've properly relocated to Norwich, the last box is gone.", "Norwich"),
    ("I've permanently relocated to Dundee for family reasons.", "Dundee"),
    ("I've basically relocated to Cardiff, I'm only back at weekends.", "Cardiff"),
    ("I've finally relocated to Glasgow for the new job.", "Glasgow"),
    ("I've more or less relocated to York.", 'York'),
    ("I've gradually relocated to Inverness over the summer.", 'Inverness'),
])
def test_the_speaker_moving_replaces_the_old_home(tmp_path, then, new):
    assert_new_value_replaced_old(tmp_path, "I live in Bristol, near the harbour.", then, "Bristol", new,
                                  "Priya", "2026-03-02", 30)


def test_another_thing_moved_leaves_the_home(tmp_path):
    active = record_texts(tmp_path, ["I live in Bristol, near the harbour.", "My office has moved to Katowice."],
                          "Priya", "2026-03-02", 30)
    assert any("Bristol" in t for t in active), active
