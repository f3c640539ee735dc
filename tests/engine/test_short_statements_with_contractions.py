"""A short statement with a contraction ("I'm retired.") says as much as without it ("I am
retired."): it is weighed for keeping like any other three-word statement, not dropped as too short.
How someone feels for the moment ("I'm tired.", "I'm sorry.") is still no memory."""
from __future__ import annotations

import pytest

from tests.conftest import record_texts


def _texts(tmp_path, said: str) -> list[str]:
    return record_texts(tmp_path, [said], "Ayla", "2026-05-02", 1)


@pytest.mark.parametrize("said,word", [
    ("I'm retired.", "retired"),
    ("I'm married.", "married"),
    ("I'm widowed.", "widowed"),
])
def test_a_short_statement_with_a_contraction_is_kept(tmp_path, said, word):
    assert any(word in t for t in _texts(tmp_path, said)), said


@pytest.mark.parametrize("said", ["I'm tired.", "I'm sorry.", "I'm back.", "I'm fine.", "It's raining."])
def test_a_passing_state_is_not_kept(tmp_path, said):
    assert _texts(tmp_path, said) == []
