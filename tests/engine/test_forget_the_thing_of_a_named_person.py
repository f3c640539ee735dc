"""A request to forget a thing of a named person ("the name of Ama's nursery", "Raf's bank details")
takes the statement that holds the thing, not one that only names the person: the person's other
records stay ("Ama is 3 and loves dinosaurs"). Before, the statement naming the person read closer
to the request than the one about the thing (which says "her nursery"), and was taken instead. And
"I'd rather you didn't hold on to ..." is a request however the classifier reads it."""
from __future__ import annotations

import re

import pytest

from two_sessions import texts_after

DAYS = ("2026-04-06", "2026-04-10")


@pytest.mark.parametrize("said, asked, gone, kept", [
    ("My daughter Ama is 3 and mad about dinosaurs. She's at nursery four days a week. Her nursery, Little Acorns "
     "on Fenwick Road, has been brilliant with her.",
     "Actually I'd rather you didn't hold on to the name of Ama's nursery. Please remove it.", "Acorns", "dinosaur"),
    ("My brother Raf is 41 and a plumber in Leeds. He banks with Monzo and his sort code is in my phone somewhere. "
     "His van got broken into last month.",
     "Could you forget Raf's bank details?", "Monzo", "plumber"),
    ("My daughter Zara is 7 and has a peanut allergy. Her school, Broomhill Infants, keeps an EpiPen for her.",
     "Please forget the name of Zara's school.", "Broomhill", "peanut"),
    ("My son Idris is 4 and loves trains. His nursery, Busy Bees on Clarke Street, is great.",
     "Could you erase the name of Idris's nursery?", "Busy Bees", "trains"),
])
def test_the_thing_goes_and_the_person_stays(tmp_path, said, asked, gone, kept):
    texts = texts_after(tmp_path, said, asked, None, speaker="Olu", days=DAYS)
    assert not any(gone in t for t in texts), texts
    assert any(re.search(kept, t) for t in texts), texts


@pytest.mark.parametrize("asked", [
    "I'd rather you didn't remember my ex's new number.",
    "I'd prefer it if you didn't keep my ex's new number.",
    "would rather u didn't hang on to my ex's new number tbh",
])
def test_rather_you_did_not_keep_it_is_a_request(tmp_path, asked):
    texts = texts_after(tmp_path, "My ex Dami's new number is 07700 900461, and I walk the dog at 7am.", asked, None,
                        speaker="Olu", days=DAYS)
    assert not any("900461" in t for t in texts), texts
    assert any("dog" in t for t in texts), texts
