"""A national identifier introduced by its name ("my SIN is ...", "TFN: ...", "my BSN is ...") is
redacted when it has the identifier's shape though its check digit is wrong or a part of it was
never issued: a number typed with a slip, or made up, is still written as the user's own. A number
of another length or form after the name, or the name's letters as a word, stay as they are."""
from __future__ import annotations

import pytest

from engine.redaction import redact


@pytest.mark.parametrize("text, value", [
    ("filling in the tax form, my SIN is 739 218 504 if that helps", "739 218 504"),
    ("employer wants my TFN: 123 456 789 before friday", "123 456 789"),
    ("for the gemeente my BSN is 123456789, can you check the letter", "123456789"),
    ("new bank asked for my CPF, it's 123.456.789-00", "123.456.789-00"),
    ("my DNI is 12345678A for the rental form", "12345678A"),
])
def test_the_number_is_redacted(text, value):
    out, kinds = redact(text)
    assert value not in out, out
    assert "national_id" in kinds, kinds


@pytest.mark.parametrize("text", [
    "my SIN is 739 218 50, the last digit rubbed off the card",  # too short for one
    "the sin is 3 times worse if you lie about it",  # a word, not the acronym
    "my NHS number is 12345",  # too short
    "SIN bin for 10 minutes after that tackle",
])
def test_the_text_stays(text):
    out, kinds = redact(text)
    assert "national_id" not in kinds, (out, kinds)


@pytest.mark.parametrize("text", [
    # joined to its name by "it's" / "which is", a number no check tells from an amount or a year
    "my savings account, which is 150000 now",
    "our joint account, it's 320000 since we sold the flat",
    "my tax code, it's 1257L this year",
    "renewed my driving licence, it's 2035 expiry now",
])
def test_an_amount_or_a_year_said_of_the_thing_stays(text):
    out, kinds = redact(text)
    assert not kinds, (out, kinds)


def test_an_account_number_joined_by_its_is_redacted():
    out, kinds = redact("my account number, it's 40128833 if you need it")
    assert "40128833" not in out and "bank_account" in kinds, (out, kinds)


def test_a_sort_code_joined_by_its_is_redacted():
    out, kinds = redact("my sort code, it's 20-00-00 and the account is with Barclays")
    assert "20-00-00" not in out and "routing_number" in kinds, (out, kinds)
