"""Forgetting that the user tells of is not forgetting asked of the assistant: "my nan keeps
forgetting what I told her", "my husband deleted what I wrote", "I told my cousin to erase it" are
things that happened, and forget nothing the assistant holds. A request in the same words said to
the assistant still forgets ("I'd like you to forget ...", "could we delete ...?", "what if we
deleted ...?"); asking whether it forgot ("did you forget what I told you about ...?") forgets
nothing. And the words a
request is said in ("I'd like you to", "I'd love you to", "let me say this") name no topic: where
no memory is about the topic, a memory that merely shares those words stays."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from conftest import active_before_and_after, holds

AT = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)


_SPEAKER = "Ines"


def _forgets_nothing(tmp_path, said: list[str], asked: str) -> None:
    """Both memories `said` leaves are still held after `asked`."""
    before, after = active_before_and_after(tmp_path, said, asked, _SPEAKER, AT)
    assert len(before) == 2
    assert all(text in after for text in before)


@pytest.mark.parametrize("said, told", [
    (["I'm training for the Dublin marathon in October.", "I've been on antidepressants since the spring."],
     "My nan keeps forgetting what I told her about the antidepressants."),
    (["I do volunteer shifts at the hospice on Thursdays.", "I'm on a payment plan for my credit card debt."],
     "My husband deleted what I wrote about the debt from our shared notes."),
    (["I sing alto in a community choir.", "I'm seeing a psychiatrist for my OCD."],
     "I told my cousin to erase what I said about the psychiatrist from her phone."),
    (["I play five-a-side football on Mondays.", "I'm behind on my mortgage payments."],
     "My accountant asked me to remove what I said about the mortgage from the email."),
    (["I keep bees on the allotment.", "I was diagnosed with endometriosis in June."],
     "Honestly I always forget what I said about the endometriosis to my boss."),
    (["I keep bees on the allotment.", "I owe my landlord two months' rent."],
     "She wiped everything I said about the rent from the group chat."),
    # someone brought in with "the", the speaker's plans and efforts, two verbs of one doer
    (["I keep bees on the allotment.", "I wear a hearing aid in my right ear."],
     "The receptionist forgot what I told her about my hearing aid."),
    (["I keep bees on the allotment.", "I was made redundant in January."],
     "I'll delete what I posted about the redundancy from LinkedIn tomorrow."),
    (["I keep bees on the allotment.", "I had a breakdown in 2022."],
     "I'm trying to forget what I told the interviewer about my breakdown."),
    (["I keep bees on the allotment.", "I owe my brother three grand."],
     "My old flatmate Dom forgot and then deleted what I sent him about the money I owe my brother."),
    (["I keep bees on the allotment.", "I took out a loan from my brother."],
     "I asked my brother to scrub what I said about the loan from his phone."),
])
def test_forgetting_told_of_forgets_nothing(tmp_path, said, told):
    _forgets_nothing(tmp_path, said, told)


@pytest.mark.parametrize("said, asked, gone", [
    (["I sing alto in a community choir.", "I'm seeing a psychiatrist for my OCD."],
     "I'd like you to forget what I told you about the psychiatrist.", "psychiatrist"),
    (["I'm training for the Dublin marathon in October.", "I've been on antidepressants since the spring."],
     "We want you to delete what I said about the antidepressants.", "antidepressants"),
    (["I play five-a-side football on Mondays.", "I'm behind on my mortgage payments."],
     "Could we delete what I said about the mortgage?", "mortgage"),
    (["I keep bees on the allotment.", "I owe my landlord two months' rent."],
     "My sister always forgets stuff, so please delete what I told you about the rent.", "rent"),
    # "we" as the user with the assistant; a request beside a told-of forgetting, in other verbs
    (["I keep bees on the allotment.", "I'm four months behind on my overdraft."],
     "What if we just deleted what I told you about the overdraft?", "overdraft"),
    (["I keep bees on the allotment.", "I'm having a hernia operation in May."],
     "My dad forgets everything anyway, so just drop what I told you about the hernia.", "hernia"),
    # "scrub" asks as "delete" does
    (["I keep bees on the allotment.", "I took out a payday loan last month."],
     "Scrub what I told you about the payday loan.", "payday"),
    (["I keep bees on the allotment.", "I'm being evicted from my flat in March."],
     "Please scrub everything I told you about the eviction.", "evicted"),
    (["I keep bees on the allotment.", "I'm two thousand pounds into my overdraft."],
     "Scrub the bit about my overdraft, please.", "overdraft"),
])
def test_a_request_to_the_assistant_still_forgets(tmp_path, said, asked, gone):
    before, after = active_before_and_after(tmp_path, said, asked, _SPEAKER, AT)
    assert holds(before, gone)
    assert not holds(after, gone)
    assert len(after) == 1


@pytest.mark.parametrize("said, asked", [
    (["I really like jazz piano.", "I walk my dog at seven every morning."],
     "I'd like you to delete the bit about my surgery."),
    (["I love sailing on the lough.", "I work as a pharmacist in Derry."],
     "I'd love you to forget what I said about my divorce."),
    (["I always say yes to overtime.", "I grow chillies on the balcony."],
     "Let me say this clearly: forget what I told you about the arrest."),
])
def test_the_words_of_the_request_name_no_topic(tmp_path, said, asked):
    before, after = active_before_and_after(tmp_path, said, asked, _SPEAKER, AT)
    assert len(before) == 2
    assert after == before


@pytest.mark.parametrize("said, asked", [
    (["I keep bees on the allotment.", "I have epilepsy."], "Did you forget what I told you about my epilepsy?"),
    (["I keep bees on the allotment.", "I'm going through a divorce."], "Have you deleted what I said about the divorce?"),
    (["I keep bees on the allotment.", "I'm behind on my mortgage payments."],
     "Do you still remember what I told you about the mortgage?"),
])
def test_asking_whether_it_was_forgotten_forgets_nothing(tmp_path, said, asked):
    _forgets_nothing(tmp_path, said, asked)


@pytest.mark.parametrize("said, asked", [
    (["I grow carrots and leeks on my allotment.", "I have a payday loan."], "Scrub the carrots but don't peel them."),
    (["I keep a few hens in the garden.", "I sell eggs from the hens at the gate."], "Scrub the eggs before you sell them."),
    (["I cook mussels every Friday.", "I work nights at the depot."], "Scrub the mussels and pull the beards off."),
])
def test_scrubbing_a_thing_in_the_world_forgets_nothing(tmp_path, said, asked):
    """"Scrub what I told you about ..." asks; "scrub the carrots" is cooking."""
    _forgets_nothing(tmp_path, said, asked)
