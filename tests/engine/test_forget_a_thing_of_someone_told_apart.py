"""A request naming a thing of someone ("my brother's drinking") where no statement holds a word
of the thing: a statement that holds no word of the request but reads plainly closer to the thing
("he's been hitting the bottle hard since the divorce") is it, and the statement that only names
the person ("my brother Sam is a chef in Bristol") stays. Where the person's own statement is the
closest ("my ex lives at 12 Elm Road" for "my ex's address"), that one goes as before."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.two_sessions import after_forget



OTHER = "I'm learning the cello, grade 4 this summer."


def _after(tmp_path: Path, request: str, statements: list[str]) -> list[str]:
    texts = after_forget(tmp_path, request, statements + [OTHER], speaker="Ada")
    return [t.lower() for t in texts]


@pytest.mark.parametrize("request_,person,thing,kept,gone", [
    ("scrap the stuff about my brother's drinking", "My brother Sam is a chef in Bristol.",
     "He's been hitting the bottle hard since the divorce.", "chef", "bottle"),
    ("please delete my cousin's court case", "My cousin Lina works at a bank in Frankfurt.",
     "She's being sued by her old landlord, hearing is in May.", "frankfurt", "sued"),
    ("can you drop my dad's money troubles", "My dad retired from the railways last year.",
     "He's got about 20k of credit card debt he hides from mum.", "railways", "debt"),
    ("please wipe that bit about my great-uncle's trouble with the police", "My great-uncle Bert emigrated to Canada in 1952.",
     "He was arrested twice for poaching in the 40s, proper family scandal.", "canada", "arrested"),
])
def test_the_thing_goes_and_the_person_stays(tmp_path, request_, person, thing, kept, gone):
    texts = _after(tmp_path, request_, [person, thing])
    assert any(kept in t for t in texts), texts
    assert not any(gone in t for t in texts), texts
    assert any("cello" in t for t in texts), texts


def test_the_persons_own_statement_that_is_the_thing_goes(tmp_path):
    texts = _after(tmp_path, "forget my ex's address", ["My ex lives at 12 Elm Road, Leeds."])
    assert not any("elm road" in t for t in texts), texts
    assert any("cello" in t for t in texts), texts
