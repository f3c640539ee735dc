"""A turn of life told of someone of the speaker's in a few words ("my sister had her baby!", "my dad
retired", "my son graduated!") is kept, as a name would make it worth keeping. Before, in so few
words, none of these was kept ("our dog died" was, as a fact of the speaker's)."""
from __future__ import annotations

import pytest

from tests.conftest import record_texts


@pytest.mark.parametrize("said, words", [
    ("my sister had her baby!", "baby"),
    ("my dad retired", "retired"),
    ("my son graduated!", "graduated"),
    ("our dog died", "died"),
])
def test_the_turn_of_life_is_kept(tmp_path, said, words):
    active = record_texts(tmp_path, [said], "Robin", "2026-03-02", 1)
    assert any(words in t for t in active), active


@pytest.mark.parametrize("said", ["my dad is so annoying", "our dog is asleep"])
def test_a_passing_remark_about_them_is_not(tmp_path, said):
    assert record_texts(tmp_path, [said], "Robin", "2026-03-02", 1) == []
