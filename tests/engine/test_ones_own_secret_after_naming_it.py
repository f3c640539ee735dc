"""A secret named as one that people have, then the speaker's own given as "mine is" / "ours is"
later in the sentence or in the next one ("the bank wants a security word on the phone and mine is
bluebell-42", "They gave everyone a password. Mine is Tulip2024") is redacted as the secret said
after its name was. What is no secret stays: a dress code, a zip code, a password manager's name,
a word about one's own password."""
from __future__ import annotations

import pytest

from engine.redaction import redact


@pytest.mark.parametrize("text,value", [
    ("the alarm people ask for a verbal passcode and ours is kiwi-lemon-52", "kiwi-lemon-52"),
    ("the bank wants a security word on the phone and mine is bluebell-42", "bluebell-42"),
    ("the school uses a pickup password and ours is purple-kite-8, don't tell the kids", "purple-kite-8"),
    ("the gate needs a code when you arrive and ours is 4471", "4471"),
    ("They gave everyone a password. Mine is Tulip2024", "Tulip2024"),
    ("the gym gives every member a door code and mine is 8832", "8832"),
    ("the bank asks for a memorable word and mine is Gatsby1925", "Gatsby1925"),
    # the sentence before, however it ends (found by a review helper)
    ("They gave everyone a password.\nMine is Tulip2024", "Tulip2024"),
    ("They gave everyone a password... Mine is Tulip2024", "Tulip2024"),
    ("They issued all the volunteers a PIN!!\n\nMine is 2468.", "2468"),
    ("the club has a safe word and ours is kiwi-lemon-52", "kiwi-lemon-52"),
])
def test_ones_own_secret_after_naming_it_is_redacted(text, value):
    redacted, kinds = redact(text)
    assert value not in redacted and kinds, redacted


@pytest.mark.parametrize("text", [
    "the office has a dress code and ours is smart casual",
    "the zip code is different for us and ours is 90210",
    "my sister has a password manager and mine is 1Password",
    "everyone has a PIN for the printer and mine is easy to remember",
    "The gate code changed last week. Mine is a 2019 model.",
    "I love long passwords. Mine is longer than yours.",
    "my sister has a password-manager and mine is 1Password",
    "his passwords are weak and mine is much-much-better",
])
def test_what_is_no_secret_stays(text):
    assert redact(text) == (text, [])
