"""A sign-in given as a pair, a name then the password ("the login for my pension site: rpatel /
Kestrel!2024", "creds for the printer admin are admin and Xerox_991"), has its password redacted:
it reached records in clear before. Talk about signing in ("I sign in with Face ID / fingerprint",
"log in with SSO and then pick the team") redacts nothing."""
from __future__ import annotations

import pytest

from engine.redaction import redact
from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, secret", [
    ("the login for my pension site: rpatel / Kestrel!2024", "Kestrel!2024"),
    ("Creds for the office printer admin are admin and Xerox_991", "Xerox_991"),
    ("You can sign in as ana.m@mail.com / Bluebird2020 if you need the account.", "Bluebird2020"),
    ("gym app login is tmorgan|N1ghtjar77", "N1ghtjar77"),
])
def test_the_password_of_a_sign_in_pair_is_redacted(text, secret):
    clean, kinds = redact(text)
    assert secret not in clean and "password" in kinds, clean


@pytest.mark.parametrize("text", [
    "I sign in with Face ID / fingerprint most days.",
    "the login screen froze twice / crashed once",
    "Log in with SSO and then pick the team.",
    "My username on the forum is kate_w, say hi.",
])
def test_talk_about_signing_in_redacts_nothing(text):
    assert redact(text) == (text, [])


def test_a_sign_in_pair_never_reaches_a_record(tmp_path):
    kept = kept_of_one_turn(tmp_path, "Ivo", "the login for my pension site: rpatel / Kestrel!2024", inactive=True)
    assert not any("Kestrel" in text for _, text in kept), kept
