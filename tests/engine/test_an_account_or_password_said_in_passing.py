"""A bank account number said after whose account it is ("it left my account 53019862 on the 1st"),
and a password given as a value in the sentence after the one that names it ("... my passcode had
expired. Old one was Lime$Tree44 and ..."), are redacted before anything is written. An account
spoken of with a count, a year or an amount, and a name or a version in the sentence after a login,
stay as they were."""
from __future__ import annotations

import pytest

from engine.redaction import redact


@pytest.mark.parametrize("said, value", [
    ("the refund finally went back into my account 40817263 yesterday", "40817263"),
    ("Paid the deposit from our joint account 11223344 last Friday, can you check the receipt wording?", "11223344"),
    ("send it to his savings account 8812004455 please", "8812004455"),
    ("my bank account 99887766 got frozen and the branch is closed till Monday", "99887766"),
    ("my account number: 12 345 678", "12 345 678"),
    # whose it is, told by name or kin, and what kind of account
    ("send the deposit to my mum's account 44556677 please", "44556677"),
    ("Priya's account 11029384 got the refund", "11029384"),
    ("the loan came out of my Monzo account 82736455 yesterday", "82736455"),
    ("Their business account 30-11-2209-77 was debited twice", "30-11-2209-77"),
])
def test_an_account_number_after_whose_account_it_is_is_redacted(said, value):
    clean, kinds = redact(said)
    assert value not in clean
    assert "bank_account" in kinds


@pytest.mark.parametrize("said", [
    "I've had my account 12 years and never missed a payment",
    "my account 2023 summary looks odd",
    "my account was charged 149.99 twice",
    "I think my account has 3 devices on it",
    "our account manager 'll call back at 4",
    # a date, a span of years, an amount in thousands
    "my account 14/02/2024 statement is missing",
    "my account 2015-2023 statements are in the loft",
    "my new account 2024-25 budget is tight",
    "my account was 250.000 euros in the red at one point",
    "my savings account is 4 500 000 dong now",
    # a count or an amount by its unit, a date written whole
    "I topped up my account 100000 won at the ATM",
    "my account 250000 points expire next month",
    "my account 20240115 export looks empty",
])
def test_an_account_spoken_of_without_its_number_stays(said):
    assert redact(said) == (said, [])


@pytest.mark.parametrize("said, value", [
    ("My wifi password stopped working after the router reset. The one printed on the box was Xq7!mRt2vB "
     "but it won't take it anymore, any idea why?", "Xq7!mRt2vB"),
    ("I got locked out of the portal again, they said my passcode had expired. Old one was Lime$Tree44 and "
     "honestly I liked it, what's a good replacement?", "Lime$Tree44"),
    ("Need to reset my login for the school's parent app. Previously it was Kestrel%88wing and I'd like "
     "something similar but stronger please.", "Kestrel%88wing"),
    ("can't sign in to the pension site since tuesday. what I used before: Orchid^2291bay, and it says "
     "wrong credentials every time now", "Orchid^2291bay"),
])
def test_a_password_given_as_a_value_after_the_sentence_naming_it_is_redacted(said, value):
    clean, kinds = redact(said)
    assert value not in clean
    assert "password" in kinds


@pytest.mark.parametrize("said", [
    "I couldn't log in this morning. The new shop down the road is called Dolce&Gabbana2024 or something "
    "like that, weird name for a bakery.",
    "My password expired again. The release they pushed is v2.1.4-beta and the ticket number was 88123 if "
    "that matters to anyone.",
    "I logged in fine. The score at half time was 2-1 and the crowd was loud the whole way through.",
    # named as what it is: a user name, a playlist, a merchant's line on a statement
    "I logged in to the forum. My username is Dark~Knight99 if you want to add me.",
    "Logged into Spotify at last. The playlist is called Chill~Vibes2024 and it's great.",
    "Signed in to the bank app. The charge was listed as AMZN*Mktp2UK and I don't recognise it.",
    # a price, a formula, a span: no capitals and small letters and digits together
    "I signed in again. The phone was HK$12800 in the end, pricey.",
    "I logged in at last. The question was 3x^2+5x-7 and I got it wrong, sadly.",
    "Logged in to book. The slot was 10am~12pm on Friday which suits me fine really.",
    "I logged in. My team name is Goal!Diggers11 for the quiz tonight, come along.",
])
def test_values_that_are_no_password_after_a_login_stay(said):
    assert redact(said) == (said, [])
