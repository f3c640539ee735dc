"""A complaint that something was not kept ("why can u not hang onto my blood type", "why do you
not remember my kids names") asks the assistant to keep it: no request to forget, whatever the
classifier makes of its words of keeping ("can you not hang on to ..." is a request said alone).
Before, these were taken for requests, and what they named was forgotten. A "why" beside a request ("please
don't keep my address, why would you need it") leaves the request as it is."""
from __future__ import annotations

import pytest

from engine import MemoryEngine
from engine.meaning import Meaning
from engine.processor import forget_requests
from engine.settings import Settings
from engine.textnorm import plain_chat


@pytest.fixture(scope="module")
def meaning(tmp_path_factory):
    engine = MemoryEngine.open(tmp_path_factory.mktemp("m") / "d")
    yield Meaning(lambda: engine.runtime.embedder)
    engine.close()


@pytest.mark.parametrize("text", [
    "ugh why can u not hang onto my blood type, I told you last week",
    "why can you not keep hold of my postcode, seriously",
    "why could u not hang on to my bank details",
    "honestly why do you not remember my kids names",
    "why didn't you save my allergy list? I gave it to you on Monday",
])
def test_a_complaint_that_it_was_not_kept_asks_nothing_to_go(meaning, text):
    assert forget_requests(meaning, plain_chat(text), Settings())[0] == []


@pytest.mark.parametrize("text", [
    "please don't keep my address, why would you need it",
    "could you not hang onto my ex's address",
    "why do you keep bringing up my divorce, I don't want it remembered",
])
def test_a_request_beside_a_why_is_still_one(meaning, text):
    assert forget_requests(meaning, plain_chat(text), Settings())[0]
