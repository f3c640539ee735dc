"""A record says its negations plainly: a negation typed without its apostrophe ("dont") and an
idiom of avoiding that holds no word of negation ("steer clear of", "give X a miss", "off-limits")
are written so that whoever reads the record cannot miss that it forbids."""
from __future__ import annotations

import re

import pytest

from engine.textnorm import plain_negations
from tests.conftest import engine_after

NEGATION = re.compile(r"\b(?:no|not|never|avoids?|avoiding|avoided|without)\b|n't\b", re.IGNORECASE)


@pytest.mark.parametrize("said, plain", [
    ("please dont book me anything before 9", "please don't book me anything before 9"),
    ("Tavi cant have gluten", "Tavi can't have gluten"),
    ("it isnt allowed here", "it isn't allowed here"),
    ("steer clear of dairy", "avoid dairy"),
    ("she is steering clear of caffeine", "she is avoiding caffeine"),
    ("he steers clear of motorways", "he avoids motorways"),
    ("I give pork a miss", "I avoid pork"),
    ("she gives shellfish a miss", "she avoids shellfish"),
    ("Nuts are off-limits in the kitchen", "Nuts are not allowed in the kitchen"),
    ("red meat is a no-go for Dad", "red meat is not allowed for Dad"),
    ("we quit the weedkiller, so that's off the table", "we quit the weedkiller, so that is not an option"),
    ("shellfish are off the table at the wedding", "shellfish are not an option at the wedding"),
    ("pyro is totally off the table this season", "pyro is not an option this season"),
    ("there can be zero fog machines in the hall", "there can be no fog machines in the hall"),
    ("the coach allows zero phones on the bus", "the coach allows no phones on the bus"),
    ("it has to be with zero nuts", "it has to be with no nuts"),
])
def test_negations_written_plainly(said, plain):
    assert plain_negations(said) == plain


@pytest.mark.parametrize("text", ["I don't eat meat", "the sun is out", "I gave Ana a lift", "a near miss on the bike",
                                  "I can't wait", "it was zero degrees at dawn", "a cola with zero sugar",
                                  "the books are on the table", "he has zero patience"])
def test_other_text_is_left_as_it_is(text):
    assert plain_negations(text) == text


@pytest.mark.parametrize("said, key", [
    ("Please dont suggest recipes with mushrooms for my son Ola, he hates them.", "mushroom"),
    ("I steer clear of dairy, it makes me ill.", "dairy"),
    ("My doctor says I should give alcohol a miss while I'm on these antibiotics.", "alcohol"),
    ("Shellfish is strictly off-limits for Remi, he's allergic.", "shellfish"),
])
def test_a_record_of_an_avoided_thing_carries_a_negation(tmp_path, said, key):
    with engine_after(tmp_path, [said], "Wanjiru", "2026-05-04", 0) as engine:
        texts = [(r.text or "") for r in engine.records("t", "u") if key in (r.text or "").lower()]
    assert texts and all(NEGATION.search(t) for t in texts), texts
