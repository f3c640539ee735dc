"""A credential's value need not follow its name: in the sentence that names a key, token, secret or
password (also "pw", "pwd", "passcode"), a plainly machine-made string is its value, wherever it
stands ("it wants an api key so I pasted ...", "gonna change the pw but for now it's ...").
Plainly machine-made: letters and digits change places three times or more, so a product name with
a number ("iPhone15Pro", "WH-1000XM4") beside the word "password" stays.
"""
from __future__ import annotations

import pytest

from engine.redaction import redact


@pytest.mark.parametrize("text, secret, kind", [
    ("the portal wants an api key so I pasted qv_prod_8HnT27xLmQ4cWzR9 and it still says 401",
     "qv_prod_8HnT27xLmQ4cWzR9", "api_key"),
    ("gonna change the pw soon but for now its b4ttle_Sh1p77, is that ok", "b4ttle_Sh1p77", "password"),
    ("the router pwd got reset, the installer set it to Kp9wZ2mQ7x", "Kp9wZ2mQ7x", "password"),
    ("for my passcode on the locker app I went with Gr33nT34_Pot9", "Gr33nT34_Pot9", "password"),
    ("the deploy token leaked so we rotated: old one was tk9A2bX7cQ3dV5", "tk9A2bX7cQ3dV5", "token"),
])
def test_a_machine_made_string_in_the_sentence_of_a_credential_is_redacted(text, secret, kind):
    out, kinds = redact(text)
    assert secret not in out
    assert kind in kinds


@pytest.mark.parametrize("text", [
    "I changed my password on my iPhone15Pro yesterday",
    "the WH-1000XM4 app asks for a password every time",
    "the token limit for gpt-4o-2024-08-06 is 128k",
    "pw reset done lol, all good now",
    "my key ring has the number 4417 on it",
])
def test_names_and_ordinary_words_beside_a_credential_stay(text):
    assert redact(text) == (text, [])
