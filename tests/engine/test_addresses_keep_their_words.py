"""An address, a domain or a handle keeps its words when a statement is put in the third person:
"me" in "ana@proton.me" is no pronoun (it was rewritten as the speaker's name)."""
from __future__ import annotations

import pytest

from engine.extractor import to_third_person


@pytest.mark.parametrize("said, kept", [
    ("you can reach me at lena@fastmail.me if the phone is off", "lena@fastmail.me"),
    ("my portfolio lives at my.works.dev now", "my.works.dev"),
    ("send it to i.novak@firm.cz please, I check it daily", "i.novak@firm.cz"),
    ("my handle is @me_and_the_sea on most apps", "@me_and_the_sea"),
])
def test_an_address_keeps_its_words(said, kept):
    out = to_third_person(said, "Lena")
    assert kept in out, out


def test_the_pronouns_around_an_address_are_still_rewritten():
    out = to_third_person("My email is lena@fastmail.me, I check it every morning.", "Lena")
    assert out.startswith("Lena's email is lena@fastmail.me") and "Lena checks it" in out, out


@pytest.mark.parametrize("said, verb", [
    ("My email is lena@fastmail.me and I read it every morning.", "Lena reads it"),
    ("my site is my.works.dev and I update it weekly", "Lena updates it"),
    ("The shop is at shop.example.org and I run it with my aunt.", "Lena runs it"),
])
def test_an_address_before_and_i_is_no_half_of_a_plural_subject(said, verb):
    out = to_third_person(said, "Lena")
    assert verb in out, out
