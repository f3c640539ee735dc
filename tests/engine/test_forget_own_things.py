"""Told to forget something of their own ("pls forget my shoe size", "can you delete what I said
about my tattoo"), the engine forgets that memory and keeps the others, however the classifier
reads the sentence (it takes many short requests for chatter). "Forget the beach, let's hike"
forgets nothing: the thing is not the speaker's, nor does a topic that no memory holds."""
from __future__ import annotations

import pytest

from two_sessions import texts_after

KEPT = "I'm allergic to kiwi."


def _texts_after(tmp_path, said: str, asked: str, kept: str | None = KEPT) -> list[str]:
    """The subject's records after `said` (and `kept`) in one session and `asked` a week later."""
    return texts_after(tmp_path, said, asked, kept, speaker="Ayla", days=("2026-04-06", "2026-04-12"))


@pytest.mark.parametrize("said,asked,word", [
    ("My shoe size is 42.", "Please forget my shoe size.", "42"),
    ("My bike frame size is 54cm.", "pls forget my frame size entirely", "54"),
    ("My car reg is a silver Golf, plate KX19 TRB.", "can you delete what I said about my car", "KX19"),
    ("My gym locker is number 118.", "plz erase everything about my gym locker", "118"),
    ("I have a tattoo of a swallow on my wrist.", "Forget the bit about my tattoo.", "swallow"),
    # scrap / ignore / strike what was said
    ("I'm thinking of doing a pottery course at Clayworks in May.",
     "Ignore what I told you about the pottery course, it's full anyway.", "Clayworks"),
    ("We're planning a loft conversion with Hartley Builders.",
     "ok scrap the bit about our loft conversion, we're not doing it", "Hartley"),
    ("My left knee has a torn meniscus from netball.",
     "Strike what I mentioned about my knee, it was nothing.", "meniscus"),
])
def test_a_request_to_forget_their_own_thing_forgets_it_and_keeps_the_rest(tmp_path, said, asked, word):
    texts = _texts_after(tmp_path, said, asked)
    assert not any(word in t for t in texts), texts
    assert any("kiwi" in t for t in texts), texts


@pytest.mark.parametrize("asked", [
    "Forget the beach, let's go hiking instead.",
    "I always forget my shoe size when I order online.",
    "Don't forget my shoe size when you suggest boots.",
    "Ignore my typos lol, on my phone.",
    "ignore the noise in the background, the neighbours are drilling",
    "strike the part about the budget from the email draft",
])
def test_forgetting_in_other_senses_forgets_nothing(tmp_path, asked):
    texts = _texts_after(tmp_path, "My shoe size is 42.", asked)
    assert any("42" in t for t in texts), texts



# A topic no memory holds forgets nothing, also when the subject has a single memory: that memory
# does not stand out from others by meaning, as there are none (and a forget cannot be undone).
@pytest.mark.parametrize("said, asked, word", [
    ("I prefer meetings in the morning, I'm useless after 3pm.",
     "Please wipe what I told you about my counselling sessions, I'd rather keep that private.", "morning"),
    ("My car is a blue Ford Fiesta.", "Can you forget what I said about my knee surgery?", "Fiesta"),
    ("I'm vegetarian, no fish either.", "delete what I told you about my ex, please", "vegetarian"),
    ("I work late on Wednesdays.", "delete what I told you about my night terrors", "Wednesdays"),
])
def test_a_topic_no_memory_holds_forgets_nothing(tmp_path, said, asked, word):
    texts = _texts_after(tmp_path, said, asked, kept=None)
    assert any(word in t for t in texts), texts


@pytest.mark.parametrize("said, asked, word", [
    ("I'm seeing a physio for my shoulder every Tuesday.", "forget what I said about the physio", "physio"),
    ("My sister Ama lives in Accra.", "please delete what I told you about my sister", "Accra"),
])
def test_a_topic_the_lone_memory_holds_is_forgotten(tmp_path, said, asked, word):
    texts = _texts_after(tmp_path, said, asked, kept=None)
    assert not any(word in t for t in texts), texts


# Told never to raise it again, or to get rid of what was said, or with a slip of the keys in
# "forget": the same request.
@pytest.mark.parametrize("said,asked,word", [
    ("My ex-husband is suing me over the house in Ramsgate.", "Never bring up the lawsuit again, please.", "Ramsgate"),
    ("I was fired from Harlow Logistics in March.", "don't ever mention the firing again", "Harlow"),
    ("My dad has early-stage dementia.", "Stop bringing up my dad's dementia, it upsets me.", "dementia"),
    # "get rid of the X stuff" is also said of documents and clutter: the classifier decides, and
    # it misses this one
    pytest.param("I spent 900 dollars on a slot machine binge in Reno.", "can you get rid of the slot machine stuff",
                 "Reno", marks=pytest.mark.xfail(reason="the classifier reads it as no request", strict=False)),
    ("My mortgage is in arrears by two months.", "please get rid of what I said about the mortgage", "arrears"),
    ("I failed the bar exam at my first attempt.", "pls forgt what I said about the bar exam", "bar exam"),
    ("I had a panic attack on the Tube last week.", "could you froget the panic attack thing", "panic"),
])
def test_never_raise_it_again_and_get_rid_of_it_are_requests(tmp_path, said, asked, word):
    texts = _texts_after(tmp_path, said, asked)
    assert not any(word in t for t in texts), texts
    assert any("kiwi" in t for t in texts), texts


@pytest.mark.parametrize("asked", [
    "Don't mention it, glad the boots fitted!",
    "I never mention my shoe size to shop staff, it's embarrassing.",
    "My mum never brings up my shoe size anymore.",
    "Get rid of the old trainers first, then order the new ones.",
    "Never bring up shoe sizes at a first date, trust me.",
    "I forgot the shoe shop closes early on Sundays.",
])
def test_mentioning_and_getting_rid_in_other_senses_forgets_nothing(tmp_path, asked):
    texts = _texts_after(tmp_path, "My shoe size is 42.", asked)
    assert any("42" in t for t in texts), texts


# The words a request names pick the memory: a record on another day of the week, or of another
# thing, is no closer for being like it in meaning.
@pytest.mark.parametrize("said,other,asked,gone,kept", [
    ("I see a therapist every Wednesday evening for my anxiety.", "I also do a pottery class on Saturdays.",
     "can you wipe what I said about my Wednesday appointments?", "therapist", "pottery"),
    ("I have physio on Tuesday mornings for my shoulder.", "I play squash on Thursday nights.",
     "please forget what I told you about my Tuesday sessions", "physio", "squash"),
    ("My AA meetings are on Monday evenings at the church hall.", "My book club meets on Friday evenings.",
     "delete what I said about the Monday meetings, please", "AA", "book club"),
])
def test_the_words_a_request_names_pick_the_memory(tmp_path, said, other, asked, gone, kept):
    texts = _texts_after(tmp_path, said, asked, kept=other)
    assert not any(gone in t for t in texts), texts
    assert any(kept in t for t in texts), texts


@pytest.mark.parametrize("said,asked,word", [
    ("My ex, Dario, moved to Lisbon last year.", "please don't keep anything about my ex", "Dario"),
    ("My ex and I share custody of our dog Biscuit.", "Can you delete what I said about my ex?", "custody"),
    ("I still have my ex's records in the loft, Mia never collected them.", "forget everything about my ex",
     "loft"),
    # "never mind" with the thing named is no dropping of the matter
    ("I collect vintage cameras, about thirty so far.", "never mind the camera thing, please forget it.", "cameras"),
    ("I'm thinking of learning the harp next year.", "nvm the harp stuff, forget it", "harp"),
    ("I had a bad fall skiing in Verbier last winter.", "never mind the skiing story, just forget it", "Verbier"),
])
def test_a_short_relation_and_a_named_thing_are_what_is_forgotten(tmp_path, said, asked, word):
    texts = _texts_after(tmp_path, said, asked)
    assert not any(word in t for t in texts), texts
    assert any("kiwi" in t for t in texts), texts


@pytest.mark.parametrize("asked", [
    "Oh never mind, the shoe thing is fine, forget it, I'll sort it myself.",
    "Never mind the shoe stuff, forget about it, it's fine.",
    "nvm the shoe size bit, doesn't matter, forget it",
])
def test_never_mind_with_the_matter_dropped_forgets_nothing(tmp_path, asked):
    texts = _texts_after(tmp_path, "My shoe size is 42.", asked)
    assert any("42" in t for t in texts), texts
