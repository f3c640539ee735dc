"""A code named, then the digits it was set or changed to ("I've set her PIN as 739164", "we changed
the gate code to 4471"), is a secret: redacted before anything is kept. Before, "as" or "to" between
the code's name and its digits let the value through to the records. A number that is no code's
value ("moved the meeting to 1500 hours", "set the thermostat to 2100") stays."""
from __future__ import annotations

import pytest

from engine.redaction import redact
from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, value", [
    ("I set up online banking for my dad and made his PIN as 480213 so he won't forget it.", "480213"),
    ("we changed the garage code to 7731 after the break-in", "7731"),
    ("Reset the key safe code to 90417 this morning, the cleaner has it.", "90417"),
    ("finally changed my phone pin to 265108, the old one was my birthday", "265108"),
])
def test_the_value_a_code_was_set_to_is_redacted(tmp_path, text, value):
    redacted, kinds = redact(text)
    assert value not in redacted and kinds, redacted
    found = kept_of_one_turn(tmp_path, "Anjali", text)
    assert not any(value in t for _, t in found), found


@pytest.mark.parametrize("text", [
    "We moved the meeting to 1500 hours.",
    "I set the thermostat to 2100 by mistake, oops.",
    "Changed the bin collection code to match the new postcode.",
])
def test_other_numbers_stay(text):
    redacted, kinds = redact(text)
    assert redacted == text and not kinds


@pytest.mark.parametrize("text", [
    "I dropped a pin to 1600 Pennsylvania Avenue for the meetup.",
    "We changed the building code to 2021 last year.",
    "Move the pin to 2025 on the roadmap slide.",
])
def test_a_pin_on_a_map_or_a_year_is_no_code(text):
    """(Found by a probe helper: each number was redacted.)"""
    redacted, kinds = redact(text)
    assert redacted == text and not kinds
