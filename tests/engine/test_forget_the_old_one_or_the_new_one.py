"""A request to forget the one of a thing before ("forget the old number", "please forget my
previous address", "forget the old gp") takes what was said of that one ("old one was 07700
900123", "my previous address was 4 Orchard Way"), not what was said of the one now, which shares
its word ("new number is 07700 900456", "my current address is 19 Castle Street"). Before, the
one now went instead, or both went."""
from __future__ import annotations

import pytest

from tests.conftest import record_texts


@pytest.mark.parametrize("told, ask, gone, kept", [
    ("new number is 07700 900456. old one was 07700 900123, in case anyone calls it", "forget the old number",
     "900123", "900456"),
    ("my current address is 19 Castle Street. my previous address was 4 Orchard Way, for the forms",
     "please forget my previous address", "Orchard", "Castle"),
    ("my new gp is Dr Amin at Riverside. old gp was Dr Shore, in case they ask for records", "forget the old gp",
     "Shore", "Amin"),
])
def test_the_one_of_that_time_goes_and_the_other_stays(tmp_path, told, ask, gone, kept):
    active = record_texts(tmp_path, [told, ask], "Robin", "2026-03-02", 2)
    assert any(kept in t for t in active), active
    assert not any(gone in t for t in active), active

