"""Asked to get rid of a thing named as told to the assistant ("get rid of Dave's number you
saved", "ditch my old work email that you've got on file", "get rid of my ex's address I gave
you"), the engine forgets that memory and keeps the others; a thing in the world the user told of
("get rid of the sofa I told you about", "we finally got rid of the old car I told you about") is
no request. And a clause that names who fills a role ("..., and the dentist is Dr Okoye on Mill
Lane") is a thing of its own: forgetting the clause before it keeps it, though a record drops its
article. Before, these requests forgot nothing, and the named clause went with the one before."""
from __future__ import annotations

import pytest

from engine.embedder import shared_embedder
from engine.meaning import Meaning
from engine.processor import forget_requests
from engine.settings import Settings
from two_sessions import texts_after

KEPT = "I'm allergic to kiwi."


@pytest.mark.parametrize("said, asked, word", [
    ("My plumber Dave's number is 07911 123456.", "could you get rid of Dave's number you saved? he retired", "123456"),
    ("My work email is jo.baxter@fenwick-legal.co.uk for anything urgent.",
     "Could you ditch my old work email that you've got on file?", "fenwick"),
    ("My ex lives at 14 Orchard Row, Didsbury.", "please get rid of my ex's address I gave you", "Orchard"),
    ("Priya's birthday is 14 August.", "hey, get rid of Priya's birthday you saved, I got it wrong", "August"),
    ("My son Eli is allergic to sesame.", "can you get rid of the allergy note you've got for my son", "sesame"),
    ("The gate code at the allotment is 4471.", "Please get rid of the old gate code you saved for me.", "allotment"),
])
def test_getting_rid_of_a_thing_told_forgets_it(tmp_path, said, asked, word):
    texts = texts_after(tmp_path, said, asked, KEPT, speaker="Ayla", days=("2026-05-03", "2026-05-09"))
    assert not any(word in t for t in texts), texts
    assert any("kiwi" in t for t in texts), texts


@pytest.mark.parametrize("text", [
    "get rid of the sofa I told you about, we sold it",
    "We finally got rid of the old car I told you about.",
    "I need to get rid of the boxes I told you about before the move.",
    # an edit asked for, not a memory: what the assistant kept doing, what it noted in a draft
    "Can you ditch the British spellings you've kept using in this report? The client is in Ohio.",
    "Get rid of the typos you noted in my essay and send it back.",
    "Can you ditch the puns you've kept making all morning?",
])
def test_a_thing_in_the_world_told_of_is_no_request(text):
    requests, _ = forget_requests(Meaning(lambda: shared_embedder()), text, Settings())
    assert requests == []


@pytest.mark.parametrize("said, asked, gone, kept", [
    ("My accountant's number is 0161 555 0192, and the dentist is Dr Okoye on Mill Lane.",
     "can you get rid of my accountant's number you saved?", "0192", "Okoye"),
    ("The babysitter's mobile is 07700 900123, and the nursery is Little Acorns on Park Road.",
     "please forget the babysitter's mobile", "900123", "Acorns"),
    ("My old landline was 01632 960001, and our GP is Dr Hale at Riverside.",
     "forget my old landline number", "960001", "Hale"),
    ("My dad's phone is 0117 496 0000, and the care home is Beechwood House in Clifton.",
     "please forget my dad's phone number", "496", "Beechwood"),
])
def test_a_clause_naming_who_fills_a_role_stays(tmp_path, said, asked, gone, kept):
    texts = texts_after(tmp_path, said, asked, KEPT, speaker="Ayla", days=("2026-05-03", "2026-05-09"))
    assert not any(gone in t for t in texts), texts
    assert any(kept in t for t in texts), texts


@pytest.mark.parametrize("said, asked, gone", [
    ("My hernia surgery is booked for next month, and the surgeon is Mr Patel at the Nuffield.",
     "please forget the hernia surgery, I'd rather it wasn't stored", "Patel"),
    ("My cousin Leah's wedding is in June, and the venue is Oakley Manor.", "please forget Leah's wedding", "Oakley"),
    ("I had a biopsy last week, and the consultant is Dr Shah at St Mary's.", "forget about the biopsy please", "Shah"),
])
def test_a_role_in_what_is_forgotten_goes_with_it(tmp_path, said, asked, gone):
    """Only after someone's number or address is a named role the next of a list: after an event,
    it may be part of it, and a request to forget the event takes it too."""
    texts = texts_after(tmp_path, said, asked, KEPT, speaker="Ayla", days=("2026-05-03", "2026-05-09"))
    assert not any(gone in t for t in texts), texts
    assert any("kiwi" in t for t in texts), texts
