"""How to reach the speaker, given in any frame ("you can reach me on ...", "my email's ... btw",
"text me on ... rather than calling"), is a standing fact of theirs: a phone number, an email
address or a street address is known by its shape, however the sentence around it reads to the
classifier. A question or a request to send something elsewhere keeps no such fact; an email
address given again with a word of change supersedes the old one, as a number or street address does."""
from __future__ import annotations

import pytest

from tests.conftest import record_texts
from two_sessions import assert_one_active, records_after


def active_after(tmp_path, *texts: str) -> list[str]:
    """The active records after `texts`, a day apart."""
    return record_texts(tmp_path, list(texts), "Idris", "2026-06-03", 1)


@pytest.mark.parametrize("said,value", [
    ("You can reach me on 07700 900321 if the courier gets lost.", "07700 900321"),
    ("my email's idris.k@example.net btw", "idris.k@example.net"),
    ("I can be reached at idris@example.com most days.", "idris@example.com"),
    ("Text me on 07700 900654 rather than calling, I'm in meetings a lot.", "07700 900654"),
    ("Post for me goes to 18 Weaver Street now that the flat's sold.", "18 Weaver Street"),
    ("Best way to get hold of me is idris.work@example.org.", "idris.work@example.org"),
    ("Drop me a line at idris.k@example.net whenever the quote is ready.", "idris.k@example.net"),
    ("Anything urgent, ring me: 07700 900987.", "07700 900987"),
])
def test_how_to_reach_the_speaker_is_kept(tmp_path, said, value):
    kept = active_after(tmp_path, said)
    assert any(value in t for t in kept), kept


@pytest.mark.parametrize("said,value", [
    ("Is 07700 900222 still the number you have for me?", "900222"),
    ("Is support@example.com the right address for refunds?", "support@"),
    ("Could you email the invoice to accounts@example.com?", "accounts@"),
])
def test_a_number_or_address_not_the_speakers_keeps_nothing_of_it(tmp_path, said, value):
    kept = active_after(tmp_path, said)
    assert not any(value in t for t in kept), kept


@pytest.mark.parametrize("old,new,now", [
    ("my email's idris.k@example.net btw", "New email address: idris.khan@example.org, the old one is closing.",
     "idris.khan"),
    ("You can reach me on idris@example.com.", "I've changed my email, it's ik@example.co.uk now.", "ik@"),
    ("Best to email me at idris@example.com.", "Switched providers, so my email is now idris@example.io.",
     "example.io"),
    ("My number is 07700 900123.", "Here is my new number for you: 07700 900999.", "900999"),
])
def test_a_new_email_supersedes_the_old_one(tmp_path, old, new, now):
    records = records_after(tmp_path, old, new, speaker="Idris", days=("2026-06-03", "2026-06-20"), at="10:00:00")
    assert_one_active(records, now)


@pytest.mark.parametrize("old,new,word", [
    ("My email is idris@example.com.", "Got a new email for the book club: club.idris@example.net", "idris@example.com"),
    ("I live at 14 Larkspur Road, Bristol.", "We've moved offices, the new office is at 2 Temple Way.", "Larkspur"),
    ("My email is idris@example.com.", "The new email for the school run group is runs@example.org.", "idris@example.com"),
])
def test_an_address_for_another_purpose_leaves_the_speakers(tmp_path, old, new, word):
    records = records_after(tmp_path, old, new, speaker="Idris", days=("2026-06-03", "2026-06-20"), at="10:00:00")
    assert any(word in r.text and r.tier == "active" for r in records), [(r.text, r.tier) for r in records]


@pytest.mark.parametrize("first,second", [
    ("My phone number is 07700 900123.", "My email is idris@example.com."),
    ("I live at 12 Ash Grove.", "My mobile is 07700 900456."),
    ("My email is idris@example.com.", "Home is 3 Quarry Lane, Hexham."),
])
def test_one_kind_of_contact_gives_another_no_new_value(tmp_path, first, second):
    records = records_after(tmp_path, first, second, speaker="Idris", days=("2026-06-03", "2026-06-20"), at="10:00:00")
    assert [r.tier for r in records] == ["active", "active"], [(r.text, r.tier) for r in records]


def test_forgetting_one_contact_keeps_the_others(tmp_path):
    kept = active_after(tmp_path, "My phone number is 07700 900123.", "My email is idris@example.com.",
                        "Forget my phone number please.")
    assert kept and all("07700" not in t for t in kept) and any("idris@example.com" in t for t in kept), kept
