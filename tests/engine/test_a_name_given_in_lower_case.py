"""A name given in lower case, as chat writes it ("her name is biscuit", "his name is mochi"), is a
name: the sentence that gives it is kept with what it follows. Before, with no capital to tell it
by, the sentence read as too little to keep and the name was lost."""
from __future__ import annotations

import pytest

from tests.conftest import record_texts


@pytest.mark.parametrize("said, name", [
    ("got a puppy! her name is biscuit", "biscuit"),
    ("adopted a cat last week. his name is mochi", "mochi"),
    ("my sister had her baby! his name is theo", "theo"),
])
def test_the_name_is_kept(tmp_path, said, name):
    active = record_texts(tmp_path, [said], "Robin", "2026-03-02", 1)
    assert any(name in t for t in active), active


@pytest.mark.parametrize("said", ["he called me back", "I was called in for jury duty",
                                  "my boss called everyone into a meeting", "I got called into work.", "Called my bank."])
def test_a_call_gives_no_name(tmp_path, said):
    assert record_texts(tmp_path, [said], "Robin", "2026-03-02", 1) == []
