"""Without a word of change, a new value updates an old one only where the two statements share a
word of their frame ("my manager is ..." / "my manager is ..."), or read much closer than that with
their values masked: "my therapist sees me via <x> <n> times a month" and "I live at <x>" read
alike once masked, and are two memories."""
from __future__ import annotations

import pytest

from tests.engine.two_sessions import active_after, holds


@pytest.mark.parametrize("speaker,old,new,kept", [
    ("Ada", "My therapist sees me via Zoom 3 times a month.", "I live at 4 Elm Road, Leeds.", "therapist"),
    ("Ivy", "My counsellor sees me via Teams twice a month.", "I live at 22 Mill Lane, Frome.", "counsellor"),
    ("Lou", "My mentor calls me over Skype once a fortnight.", "I'm based at 5 Quay Road, Hull.", "mentor"),
])
def test_statements_of_nothing_in_common_are_two_memories(tmp_path, speaker, old, new, kept):
    texts = active_after(tmp_path, speaker, [old, new])
    assert holds(texts, kept), texts
    assert len(texts) == 2, texts


def test_a_new_value_in_the_same_frame_still_updates(tmp_path):
    texts = active_after(tmp_path, "Ola", ["My line manager is Tom Reed.", "My line manager is Jane Okoro."])
    assert holds(texts, "okoro") and not holds(texts, "reed"), texts
