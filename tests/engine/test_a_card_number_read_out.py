"""A card number read out after the card is named with "it's" between ("reading it off my card,
it's 4539 ...", "my visa, it's ...") or before its expiry said with "is" ("..., expiry is 09/28")
is redacted when it is laid out as a card, even when it fails the Luhn check (made up or
mistyped). Before, the "it's" and the "is" kept the card word and the expiry from counting. A
number laid out the same way with no card named stays."""
from __future__ import annotations

import pytest

from engine.redaction import redact


@pytest.mark.parametrize("text, number", [
    ("hang on, reading it off my card, it's 4539 2211 8765 0011", "4539 2211 8765 0011"),
    ("the number on the front of my visa, it's 4024 0071 2345 6788 ok", "4024 0071 2345 6788"),
    ("it's 5412 7534 1234 5679, expiry is 09/28", "5412 7534 1234 5679"),
    ("card's in my hand, it is 4929 1837 5520 6615, exp is oh nine", "4929 1837 5520 6615"),
])
def test_a_card_number_read_out_is_redacted(text, number):
    out, kinds = redact(text)
    assert number not in out and "card_number" in kinds, out


def test_a_number_laid_out_as_a_card_with_no_card_named_stays():
    out, kinds = redact("our order ref is 4111 2222 3333 4445 for the sofa")
    assert "4111 2222 3333 4445" in out and not kinds, out
