"""A request to forget "my address" or "where we live" names a street address, however the
statement holding it was worded ("deliveries go to Via Roma 3, Milano, that's us"): the statement
that holds one goes, and a phone number or an email address beside it is not what was named.
Street addresses written street first ("Calle Mayor 12", "Hauptstraße 5") are addresses too."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.meaning import contact_values
from tests.engine.two_sessions import after_forget

CELLO = "I'm learning the cello, grade 4 this summer."


def _after(tmp_path: Path, request: str, statements: list[str]) -> list[str]:
    return after_forget(tmp_path, request, statements, speaker="Mira")


@pytest.mark.parametrize("request_,statement,gone", [
    ("please don't keep where we live on file, I've been a bit paranoid lately",
     "Deliveries go to Via Roma 3, Milano, that's us.", "roma"),
    ("Forget my home address please.", "Send the parcel to Calle Mayor 12, 3B, Madrid.", "mayor"),
    ("Forget my address.", "Ship it to Hauptstraße 5, Berlin, that's home.", "hauptstra"),
])
def test_the_statement_holding_the_address_goes(tmp_path, request_, statement, gone):
    texts = _after(tmp_path, request_, [statement, CELLO, "Text me on 07700 900123 when it ships, or email me at mira@example.org."])
    assert not any(gone in t.lower() for t in texts), texts
    assert any("cello" in t for t in texts), texts
    assert any("07700" in t for t in texts), texts  # a number is no address


@pytest.mark.parametrize("text,address", [
    ("Ship it to Rua das Flores 42, apt 3, Porto", "rua das flores 42"),
    ("home is 7 rue des Lilas, Lyon", "7 rue des lilas"),
    ("the office is at Keizersgracht 123", "keizersgracht 123"),
    ("I live at 14 Harrow Close, Leeds", "14 harrow close"),
])
def test_addresses_written_street_first_are_addresses(text, address):
    assert contact_values(text)["address"] == frozenset({address})


@pytest.mark.parametrize("text", ["I walked via the park 3 times", "the rue is 5 euros", "we went via Paris 2 days ago",
                                  "Plaza del Sol was packed, 3 of us got lost", "I joined the Fire Brigade 2 years ago",
                                  "My therapist sees me Via Zoom 3 times a month", "Piazza Navona, 3 of us went",
                                  "I live at " + "A-" * 2000])
def test_words_that_only_look_like_a_street_are_not(text):
    assert "address" not in contact_values(text)


@pytest.mark.parametrize("request_,street,email,gone", [
    ("please forget my home address", "Post goes to 9 Orchard Way, Bath.", "My work email address is ada@example.org.", "orchard"),
    ("don't keep my postal address please", "Letters go to Calle Mayor 12, Madrid.",
     "The address for my newsletter is ada@example.com, use that.", "mayor"),
    ("forget my address", "Deliveries come to Via Roma 3, Milano.", "My backup email address is ada.r@example.it.", "roma"),
])
def test_an_email_address_is_not_the_address_asked_for(tmp_path, request_, street, email, gone):
    texts = _after(tmp_path, request_, [street, email])
    assert not any(gone in t.lower() for t in texts), texts
    assert any("@example" in t for t in texts), texts


def test_a_phone_that_is_no_number_names_none(tmp_path):
    texts = _after(tmp_path, "Please forget that my phone got stolen.",
                   ["My landlord's number is 07700 900456 if the boiler breaks."])
    assert any("07700" in t for t in texts), texts


@pytest.mark.parametrize("request_,said", [
    ("forget where we live", "Flat 3, 22 Kings Road, Brighton is where we live."),
    ("forget where we live please", "Number 9 Orchard Way, Bath - that's where we live since May."),
])
def test_the_address_goes_with_the_words_saying_it_is_home(tmp_path, request_, said):
    texts = _after(tmp_path, request_, [said, CELLO])
    assert not any(("kings road" in t.lower() or "orchard" in t.lower() or "flat 3" in t.lower()) for t in texts), texts
    assert any("cello" in t for t in texts), texts
