"""A thing said to open or unlock with a number ("the key safe round the side opens with 7093", "our
shed padlock unlocks with 4471") has the number redacted as its code: it reached records in clear.
What opens at an hour, with a fob, or with a number of turns keeps its words."""
from __future__ import annotations

import pytest

from engine.redaction import redact
from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, code", [
    ("For the dog sitter: the key safe round the side opens with 6158.", "6158"),
    ("our allotment shed padlock unlocks with 4471, don't tell the committee", "4471"),
    ("The back gate opens using code 90210 if the bell's broken.", "90210"),
    ("Mum's safe is opened with 330412 apparently.", "330412"),
    ("the safe under the stairs unlocks with 4-8-1-5", "4-8-1-5"),
    ("my work phone unlocks with 771203, IT set it", "771203"),
    ("shed door opens w/ 2291", "2291"),
])
def test_a_number_a_thing_opens_with_is_redacted(text, code):
    clean, kinds = redact(text)
    assert code not in clean and "access_code" in kinds, clean


@pytest.mark.parametrize("text", [
    "The pharmacy opens at 0830 on weekdays.",
    "The car park gate opens with a fob; we're in bay 214.",
    "The stiff door opens with 3 shoves and a kick.",
])
def test_what_opens_otherwise_keeps_its_numbers(text):
    assert redact(text) == (text, [])


def test_the_code_never_reaches_a_record(tmp_path):
    kept = kept_of_one_turn(tmp_path, "Ailsa", "We rent out the bothy from May; the lockbox by the porch opens with 2718.")
    assert kept and not any("2718" in text for _, text in kept), kept
