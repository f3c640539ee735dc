"""A statement told again for a new conversation behind an opener of context ("Bit of context since
this is a fresh chat: ...", "some context for this thread - ...") is the memory said again, not a
second one: the opener is read as "for context" and "quick reminder" were, and the statement is
compared without it. Before, the opener's words kept the two apart."""
from __future__ import annotations

import pytest

from two_sessions import active_after


@pytest.mark.parametrize("said, again, word", [
    ("My tortoise Brutus hibernates in the garage fridge every winter.",
     "Quick context since we're starting over: Brutus spends the winter hibernating in a fridge in the garage.",
     "Brutus"),
    ("Our daughter Maali is severely allergic to sesame.",
     "some context for this thread - Maali has a serious sesame allergy", "Maali"),
    ("My mum Grace has early-stage dementia.",
     "Quick context as we're starting fresh: Mum (Grace) has early-stage dementia.", "Grace"),
    ("Our dog Pepper is terrified of fireworks.",
     "context for this new thread: Pepper, our dog, is absolutely terrified of fireworks.", "Pepper"),
])
def test_a_statement_told_again_for_context_is_one_memory(tmp_path, said, again, word):
    texts = active_after(tmp_path, "Kemi", [said, again])
    assert len([t for t in texts if word in t]) == 1, texts


@pytest.mark.parametrize("said, news, word", [
    # news behind the opener is kept beside what it is news of
    ("My tortoise Brutus hibernates in the garage fridge every winter.",
     "Some context: Brutus has a vet appointment on Friday about his shell.", "Brutus"),
])
def test_news_behind_the_opener_is_kept(tmp_path, said, news, word):
    texts = active_after(tmp_path, "Kemi", [said, news])
    assert len([t for t in texts if word in t]) == 2, texts


@pytest.mark.parametrize("said, again, word", [
    ("I teach Year 9 maths at Hillcrest.",
     "To give you some context as this is a new conversation, I teach Year 9 maths at Hillcrest.", "Hillcrest"),
    ("I work nights as a porter at the General.",
     "to give you a bit of background since it's a new chat, I work nights as a porter at the General", "porter"),
])
def test_a_statement_told_again_after_a_comma_opener_is_one_memory(tmp_path, said, again, word):
    texts = active_after(tmp_path, "Kemi", [said, again])
    assert len([t for t in texts if word in t]) == 1, texts
    assert not any("context" in t or "background" in t for t in texts), texts


@pytest.mark.parametrize("said, again, word", [
    ("Our cat Miso is diabetic and needs insulin twice a day.",
     "Quick recap of where things stand, so you're up to speed: Miso, our cat, is diabetic and needs insulin twice "
     "a day.", "Miso"),
    ("My husband Tariq has sleep apnoea.",
     "Brief recap of the situation so far - Tariq, my husband, has sleep apnoea.", "Tariq"),
    ("My son Ezra is autistic and hates loud places.",
     "short recap for this new chat - Ezra (my son) is autistic and hates loud places", "Ezra"),
    ("My grandad Wilf is 94 and lives in a care home in Rhyl.",
     "Recap of the basics so we're on the same page: Grandad Wilf, 94, lives in a care home in Rhyl.", "Wilf"),
])
def test_a_statement_told_again_after_a_recap_opener_is_one_memory(tmp_path, said, again, word):
    texts = active_after(tmp_path, "Kemi", [said, again])
    assert len([t for t in texts if word in t]) == 1, texts
