"""Told to forget something of their own ("pls forget my shoe size", "can you delete what I said
about my tattoo"), the engine forgets that memory and keeps the others, however the classifier
reads the sentence (it takes many short requests for chatter). "Forget the beach, let's hike"
forgets nothing: the thing is not the speaker's."""
from __future__ import annotations

import pytest

from engine import MemoryEngine

KEPT = "I'm allergic to kiwi."


def _texts_after(tmp_path, said: str, asked: str) -> list[str]:
    with MemoryEngine.open(tmp_path / "d") as engine:
        for i, (text, day) in enumerate(((said, "2026-04-06"), (KEPT, "2026-04-06"), (asked, "2026-04-12"))):
            engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": f"s{day}", "turn_id": str(i),
                           "role": "user", "speaker": "Ayla", "text": text, "occurred_at": f"{day}T10:0{i}:00Z"})
        engine.flush()
        return [r.text for r in engine.records("t", "u")]


@pytest.mark.parametrize("said,asked,word", [
    ("My shoe size is 42.", "Please forget my shoe size.", "42"),
    ("My bike frame size is 54cm.", "pls forget my frame size entirely", "54"),
    ("My car reg is a silver Golf, plate KX19 TRB.", "can you delete what I said about my car", "KX19"),
    ("My gym locker is number 118.", "plz erase everything about my gym locker", "118"),
    ("I have a tattoo of a swallow on my wrist.", "Forget the bit about my tattoo.", "swallow"),
])
def test_a_request_to_forget_their_own_thing_forgets_it_and_keeps_the_rest(tmp_path, said, asked, word):
    texts = _texts_after(tmp_path, said, asked)
    assert not any(word in t for t in texts), texts
    assert any("kiwi" in t for t in texts), texts


@pytest.mark.parametrize("asked", [
    "Forget the beach, let's go hiking instead.",
    "I always forget my shoe size when I order online.",
    "Don't forget my shoe size when you suggest boots.",
])
def test_forgetting_in_other_senses_forgets_nothing(tmp_path, asked):
    texts = _texts_after(tmp_path, "My shoe size is 42.", asked)
    assert any("42" in t for t in texts), texts


@pytest.mark.parametrize("said,asked,word", [
    ("I'm thinking of doing a pottery course at Clayworks in May.",
     "Ignore what I told you about the pottery course, it's full anyway.", "Clayworks"),
    ("We're planning a loft conversion with Hartley Builders.",
     "ok scrap the bit about our loft conversion, we're not doing it", "Hartley"),
    ("My left knee has a torn meniscus from netball.",
     "Strike what I mentioned about my knee, it was nothing.", "meniscus"),
])
def test_scrapping_or_ignoring_what_was_said_forgets_it(tmp_path, said, asked, word):
    texts = _texts_after(tmp_path, said, asked)
    assert not any(word in t for t in texts), texts
    assert any("kiwi" in t for t in texts), texts


@pytest.mark.parametrize("asked", [
    "Ignore my typos lol, on my phone.",
    "ignore the noise in the background, the neighbours are drilling",
    "strike the part about the budget from the email draft",
])
def test_ignoring_something_else_forgets_nothing(tmp_path, asked):
    texts = _texts_after(tmp_path, "My shoe size is 42.", asked)
    assert any("42" in t for t in texts), texts
