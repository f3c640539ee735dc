"""What the speaker is, said in a few words ("I'm on dialysis.", "I am pre-diabetic."), is a standing
fact: in so short a sentence the classifier is seldom sure of anything, yet ranks a standing state
as a fact first, and a passing one ("I'm in the car.", "I'm on my way.") as chatter or a
request for now, which are not kept."""
from __future__ import annotations

import pytest

from tests.conftest import record_texts


def _texts(tmp_path, said: str) -> list[str]:
    return record_texts(tmp_path, [said], "Bea", "2026-05-02", 1)


@pytest.mark.parametrize("said,word", [
    ("I'm on dialysis.", "dialysis"),
    ("I'm type 1 diabetic.", "diabetic"),
    ("I am pre-diabetic.", "pre-diabetic"),
    ("I'm 42.", "42"),
    ("I'm divorced.", "divorced"),
])
def test_a_state_said_in_a_few_words_is_kept(tmp_path, said, word):
    assert any(word in t for t in _texts(tmp_path, said)), said


@pytest.mark.parametrize("said", ["I'm in the car.", "I'm out of office.", "I'm on my way.",
                                  "I'm starving.", "I'm so excited!", "I'm all ears.", "I'm almost there.",
                                  # what the speaker is doing, or where they are, for now
                                  "I'm on the train.", "I'm driving.", "I'm at the dentist."])
def test_a_passing_state_in_a_few_words_is_not_kept(tmp_path, said):
    assert _texts(tmp_path, said) == []
