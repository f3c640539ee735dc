"""A request to forget said in words the request forms did not list: asked with "can you" and a verb
of dropping ("can you scrap what I ...", "could you strike what I ..."), of what was said with a verb
of unburdening ("what I vented", "ranted", "moaned", "blurted out"), or of a thing named with whom it
is for ("forget the party plans for him"). Before, each was kept as a memory of its own and the
thing it named stayed. The fear of it lingering ("I don't want that floating around") is part of
the asking, not a memory. Not requests: editing a draft ("can you scrap the second paragraph"), a
thing set aside for a while ("forget the diet stuff for tonight"), someone else's venting."""
from __future__ import annotations

import pytest

from engine.embedder import shared_embedder
from engine.meaning import Meaning
from engine.processor import forget_requests
from engine.settings import Settings
from two_sessions import kept_of_one_turn, texts_after

DAYS = ("2026-05-03", "2026-05-10")


@pytest.mark.parametrize("said, other, asked, gone, kept", [
    ("My landlord Mr Osei still hasn't fixed the boiler and I'm fuming about it.", "I play five-a-side on Thursdays.",
     "Could you scrap what I ranted about the landlord last week?", "Osei", "five-a-side"),
    ("I'm honestly thinking of leaving the book club, Priya dominates every meeting.", "I grow chillies on the balcony.",
     "Can you strike what I moaned about the book club? It was a bad evening.", "Priya", "chillies"),
    ("My brother borrowed 2,000 pounds from me and never paid it back.", "I'm learning Portuguese on Duolingo.",
     "please ditch what I blurted out about my brother and the money", "2,000", "Portuguese"),
    ("I think my manager Dev is going to get sacked soon.", "We're repainting the hallway green.",
     "would you delete what I vented about my manager on Monday?", "Dev", "hallway"),
    ("My neighbour Gary plays drums at 2am and I want to report him.", "I cycle to work along the canal.",
     "Could you get rid of what I whinged about Gary?", "drums", "canal"),
    ("I still have feelings for my ex Marco, honestly.", "I'm training for a half marathon in October.",
     "can u scrap what I confessed about Marco", "feelings", "marathon"),
])
def test_what_was_said_with_a_verb_of_unburdening_is_forgotten(tmp_path, said, other, asked, gone, kept):
    texts = texts_after(tmp_path, said, asked, other, speaker="Jo", days=DAYS)
    assert not any(gone in t for t in texts), texts
    assert any(kept in t for t in texts), texts


@pytest.mark.parametrize("said, other, asked, gone, kept", [
    ("I'm planning a surprise trip to Lisbon for my husband's 40th in May.", "My allotment is plot 12 at Hyde Lane.",
     "He found out, so can you forget the birthday plans for him?", "Lisbon", "allotment"),
    ("For my sister's wedding I'm making a three-tier lemon cake.", "I teach piano on Saturdays.",
     "They called the wedding off. Could you forget the cake plans for my sister, please?", "lemon", "piano"),
    ("I want to get Nana a tablet and set up video calls for her birthday.", "I run the 5k parkrun most weeks.",
     "Would you forget the gift ideas for Nana?", "tablet", "parkrun"),
    ("I'm organising a hen do in Bath for my friend Kezia, spa day and cocktails.", "My car is a blue Skoda Fabia.",
     "Kezia eloped! Could you forget the hen do plans for her?", "Bath", "Skoda"),
])
def test_a_thing_named_with_whom_it_is_for_is_forgotten(tmp_path, said, other, asked, gone, kept):
    texts = texts_after(tmp_path, said, asked, other, speaker="Jo", days=DAYS)
    assert not any(gone in t for t in texts), texts
    assert any(kept in t for t in texts), texts


@pytest.fixture(scope="module")
def meaning():
    return Meaning(lambda: shared_embedder())


@pytest.mark.parametrize("text", [
    "Can you scrap the second paragraph and start the letter again?",
    "Could you strike the last line of the poem?",
    "Forget the diet stuff for tonight, it's my birthday.",
    "My flatmate vented about her boss all evening.",
    "Can you scrap the plan for Monday and suggest something for Tuesday?",
    "Forget the weather for Saturday, we're going anyway.",
    # editing a draft, or set aside for one search, one day
    "Could you scrap the part about my divorce from the best man speech draft?",
    "Can you strike the part about my salary from the cover letter?",
    "Could you just ignore the part about my budget for this one search?",
    "Could you forget the workout for Tues?",
    "Could you forget the plans for Halloween?",
])
def test_what_is_no_request_to_forget_stays_none(meaning, text):
    requests, _ = forget_requests(meaning, text, Settings())
    assert requests == [], requests


@pytest.mark.parametrize("text", [
    "Nothing's settled yet and I don't want it floating around.",
    "I'd hate for that to be lying around in your notes.",
    "It was a bad day and I don't want that sitting in my notes.",
    "Nobody at work knows yet so I don't want it kicking around.",
    "I'd really rather that not be hanging about.",
    "The diagnosis isn't confirmed and I just don't want that lying about.",
])
def test_the_fear_of_it_lingering_is_no_memory(tmp_path, text):
    assert kept_of_one_turn(tmp_path, "Jo", "Can you wipe what I said about my sister? " + text) == []


def test_a_thing_lying_about_in_a_place_beside_a_request_is_still_a_memory(tmp_path):
    kept = kept_of_one_turn(tmp_path, "Jo", "Can you wipe what I said about my sister? I bought a rowing machine in "
                                             "March but I leave it sitting around in the garage.")
    assert any("rowing machine" in t for _, t in kept), kept


@pytest.mark.parametrize("said, asked, gone", [
    ("I'm giving a talk at the conference in Lisbon in June.", "Please forget what I said about the conference.",
     "Lisbon"),
    ("I made a complaint to the council about the bins.", "Can you delete what I told you about the complaint?",
     "bins"),
])
def test_a_topic_that_shares_its_start_with_a_verb_of_unburdening_is_still_named(tmp_path, said, asked, gone):
    """"Conference" begins as "confessed" does, "complaint" as "complained": the topic stays."""
    texts = texts_after(tmp_path, said, asked, "I'm learning Portuguese on Duolingo.", speaker="Jo", days=DAYS)
    assert not any(gone in t for t in texts), texts
    assert any("Portuguese" in t for t in texts), texts
