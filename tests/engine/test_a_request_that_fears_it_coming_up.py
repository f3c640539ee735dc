"""A request to forget that says why in words of a memory coming back ("I don't want it coming up
again", "don't want it popping up", "I'd hate for it to keep cropping up") names no topic by those
words: the request points back to the sentence before it ("the neighbour finally moved out!"),
which names what to forget. Before, "coming", "popping" or "hate" were read as its topic, so the
request found nothing, or the wrong thing."""
from __future__ import annotations

import pytest

from two_sessions import texts_after

DAYS = ("2026-05-03", "2026-05-09")
KEPT = "I'm allergic to kiwi."


@pytest.mark.parametrize("said, asked, gone", [
    ("My neighbour Gary keeps parking across my drive and won't move his van.",
     "Well, the neighbour finally moved out! Can you forget everything about him, I don't want it coming up again.",
     "Gary"),
    ("Our nanny, Beata, has been late every day this month.",
     "Update: the nanny quit. Please delete all that about her, don't want it popping up.", "Beata"),
    ("Lina from accounts keeps taking credit for my spreadsheets.",
     "Lina from accounts left at last! could you wipe what I said about her, I'd hate for it to keep cropping up",
     "Lina"),
])
def test_the_reason_names_no_topic(tmp_path, said, asked, gone):
    texts = texts_after(tmp_path, said, asked, KEPT, speaker="Jo", days=DAYS)
    assert not any(gone in t for t in texts), texts
    assert any("kiwi" in t for t in texts), texts


@pytest.mark.parametrize("said, asked, gone", [
    ("I hate my job at the call centre.", "Please forget what I said about how much I hate my job.", "call centre"),
    ("My cousin Ravi is coming to stay in June.", "Forget what I said about my cousin coming to stay, it fell through.",
     "Ravi"),
    ("Our wheat crops failed this year after the drought.", "Please forget what I said about the crops.", "wheat"),
])
def test_a_topic_said_with_those_words_is_still_forgotten(tmp_path, said, asked, gone):
    texts = texts_after(tmp_path, said, asked, KEPT, speaker="Jo", days=DAYS)
    assert not any(gone in t for t in texts), texts
    assert any("kiwi" in t for t in texts), texts


@pytest.mark.parametrize("fear", [
    "Don't want it popping up.",
    "I'd hate for it to keep cropping up.",
    "Really don't want it showing up later.",
    "Don't want him coming up in conversation.",
])
def test_the_fear_said_apart_is_no_memory(tmp_path, fear):
    texts = texts_after(tmp_path, "Our nanny, Beata, has been late every day this month.",
                        f"Please delete everything about the nanny. {fear}", KEPT, speaker="Jo", days=DAYS)
    assert not any("Beata" in t for t in texts), texts
    assert not any(w in t for t in texts for w in ("popping", "cropping", "showing", "coming up")), texts


def test_news_that_comes_up_beside_a_request_is_kept(tmp_path):
    texts = texts_after(tmp_path, "I live at 12 Elm Road.",
                        "Please forget my old address. My cousin is coming up to visit next week.", KEPT,
                        speaker="Jo", days=DAYS)
    assert not any("Elm Road" in t for t in texts), texts
    assert any("cousin" in t for t in texts), texts
