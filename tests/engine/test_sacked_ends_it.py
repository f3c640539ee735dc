"""Sacking a provider ends it ("we sacked Sparkle Maids last week", "finally sacked Hollis &
Partners", "sacked off CrossFit Harbour, too pricey"): the record that the speaker has them, or
goes there, no longer holds. Before, "sacked" was no word of an end and the old record stayed
beside the news. Someone else's sacking ("the manager sacked two of the kitchen staff") ends
nothing of the speaker's."""
from __future__ import annotations

import pytest

from two_sessions import active_after


@pytest.mark.parametrize("old, new, gone", [
    ("Our cleaner is Sparkle Maids, they come on Thursdays.",
     "We sacked Sparkle Maids last week, they kept missing the bathroom.", "come on Thursdays"),
    ("My accountant is Hollis & Partners in Leeds.", "Finally sacked Hollis & Partners - three missed deadlines.",
     "in Leeds"),
    ("I go to CrossFit Harbour three times a week.", "Sacked off CrossFit Harbour, too pricey.", "three times"),
])
def test_a_sacked_provider_is_no_longer_held(tmp_path, old, new, gone):
    texts = active_after(tmp_path, "Rosa", [old, new])
    assert not any(gone in t for t in texts), texts


def test_someone_elses_sacking_ends_nothing_of_the_speaker(tmp_path):
    texts = active_after(tmp_path, "Rosa", ["I work as a line cook at the Harbour bistro.",
                                            "The manager sacked two of the kitchen staff yesterday."])
    assert any("line cook" in t for t in texts), texts
