"""Secrets given in passing, not after the words that usually introduce them: a password the
speaker says they are typing or entering at a sign-in ("I keep entering ... and nothing. that's
literally my password"), an account number after a bare "account" ("Kestrel Bank, account ...",
"cheque account ..."), and an identity number set off by a comma ("my ID number, ..., and proof of
address"). Each is redacted before anything is written. Before, each reached the records. Talk
about accounts, ids and typing that names no secret is left as it is.

The values are put together at run time, so the file holds no literal password or number.
"""
from __future__ import annotations

import pytest

from engine.redaction import REDACTION_MARK, redact
from tests.conftest import record_texts

PASSWORDS = ["Heron&" + "Moss2291", "Quill#" + "8830x", "Maple@" + "5512", "Birch&" + "Fern1907"]
ACCOUNT = "4091" + "7733512"
CHEQUE = "6201" + "1948273"
ID_13 = "730214" + "5800087"
PASSPORT = "AB" + "1234567"


@pytest.mark.parametrize("text, value", [
    ("the bank app won't let me log in. I keep entering {} and nothing. that's literally my password lol", 0),
    ("I typed in {} three times and now the login is locked", 1),
    ("can't sign in - typed {} like always", 2),
    ("I keep typing {} and it says wrong. thats my password btw", 3),
])
def test_a_password_typed_at_a_sign_in_is_redacted(text, value):
    secret = PASSWORDS[value]
    out, kinds = redact(text.format(secret))
    assert secret not in out and REDACTION_MARK in out and "password" in kinds


@pytest.mark.parametrize("text, value", [
    ("Send it to Kestrel Bank, account {}, please", ACCOUNT),
    ("the bank details are: Pine Bank, cheque account {}", CHEQUE),
    ("pay the deposit into account {} by friday", ACCOUNT),
])
def test_an_account_number_after_a_bare_account_is_redacted(text, value):
    out, kinds = redact(text.format(value))
    assert value not in out and "bank_account" in kinds


@pytest.mark.parametrize("text, value", [
    ("they asked for my ID number, {}, and proof of address", ID_13),
    ("the form wants my identity number, {}, plus payslips", ID_13),
    ("passport number, {}, expires 2031", PASSPORT),
])
def test_an_identifier_set_off_by_a_comma_is_redacted(text, value):
    out, _ = redact(text.format(value))
    assert value not in out and REDACTION_MARK in out


@pytest.mark.parametrize("text", [
    "I'm typing C#minor7 chords into the tab app",
    "I typed Office365+Teams into the search bar",
    "after signing in i typed FY24-Q3#final as the file name",
    "i logged in and kept typing Mum&Dad2024 into the photo album search",
    "account 2 of 3 is closed",
    "the account 100000 points are nearly gone",
    "account 2024-2025 review is due",
    "I opened the account 20240115 I think",
    "my ID number, which I don't have on me, is on the card",
    "ID number, 2 photos and a form",
    "the account, 250 quid in it",
    "My shift is 10am~12pm on Saturdays. I'll log in to the rota app later.",
    "Order ABC*12345 is delayed. Can't log in to check.",
    "I entered Dolce&Gabbana2024 in the search box, then signed in.",
    "I'm entering Hello&World2024 in the contest. My login works.",
    "My tax code, 1257L, is wrong and I need to call HMRC.",
    "My savings account, 150000 now, is with Nationwide.",
    "I need to pay the invoice for account 2024-03-15 by Friday.",
    "The support line for the account 0800 123 4567 is useless, I prefer email.",
    "bill for account 202403",
    "account 1234567 of 2000000 migrated",
    "Take into account 150000 in savings",
    "account 555-123-4567 is the helpline",
    "the account 15 03 2024 statement",
    "Meet at 10am~12pm. Remind me to change my password.",
    "I logged in and typed Office365+Teams, nothing came up.",
    "they asked for my ID number, 2024 changes mean new cards",
])
def test_talk_that_names_no_secret_is_left_alone(text):
    assert redact(text) == (text, [])


def test_a_number_after_whose_account_it_is_stays_redacted():
    out, kinds = redact(f"my account {ACCOUNT} of Kestrel Bank")
    assert ACCOUNT not in out and "bank_account" in kinds


def test_the_typed_password_never_reaches_the_records(tmp_path):
    secret = PASSWORDS[0]
    texts = record_texts(tmp_path, [f"trying to log into the pension portal and it keeps rejecting me. I'm typing "
                                    f"{secret} exactly as it is. oh no that's my actual password"], "Robin", "2026-03-02", 3)
    assert not any(secret in t or "Moss2291" in t for t in texts), texts
