""""Forget I mentioned X" asks to forget X as plainly as "forget that I mentioned X" does: the
"that" is often left out in chat, after an "ugh" or a "pls". Before, such a sentence in a longer
turn was judged by the classifier alone, which read it as chatter, and it was kept as a fact of
its own while the thing stayed. Forgetting told of oneself ("I forget I said that"), asked to be
kept ("don't forget I mentioned ...") or foretold ("you'll forget I said this") asks nothing."""
from __future__ import annotations

import pytest

from tests.engine.two_sessions import after_forget

KEPT = "I coach the under-12s hockey team on Saturday mornings."

CASES = [
    ("I had a second interview at Corvane Logistics on Tuesday.",
     "ugh please forget i mentioned the interview, it went nowhere and i'd rather not think about it", "Corvane"),
    ("My landlord is threatening to take me to the small claims court over the deposit.",
     "argh forget I ever brought up the small claims thing, my partner reads over my shoulder", "small claims"),
    ("Brightwell Partners offered me a senior analyst job last week.",
     "ah forget I mentioned the job offer from Brightwell, I turned it down and don't want it coming up", "Brightwell"),
    ("My brother owes about 9,000 pounds on credit cards and is hiding it from his wife.",
     "hmm actually forget I mentioned my brother's debts, he wouldn't want that out there", "9,000"),
]


@pytest.mark.parametrize("said, request_, gone", CASES)
def test_forget_i_mentioned_it_forgets_it(tmp_path, said, request_, gone):
    texts = after_forget(tmp_path, request_, [said, KEPT], speaker="Aino")
    assert not any(gone in t for t in texts), texts
    assert any("hockey" in t for t in texts), texts


@pytest.mark.parametrize("request_", [
    "I forget I said that sometimes, my memory is awful.",
    "Don't forget I mentioned the interview when we plan next week.",
    "You'll forget I told you any of this by tomorrow anyway.",
])
def test_forgetting_told_or_asked_to_keep_asks_nothing(tmp_path, request_):
    texts = after_forget(tmp_path, request_, [CASES[0][0], KEPT], speaker="Aino")
    assert any("Corvane" in t for t in texts), texts
    assert any("hockey" in t for t in texts), texts


@pytest.mark.parametrize("request_", [
    # a correction: the thing said is wrong, not to be forgotten
    "ah forget I said it was Tuesday, it was actually Wednesday",
    "hmm forget I said Saturday mornings for hockey, it's Sunday mornings now",
    # a thing set aside, not a memory: the leads of the form alone make no request
    "ugh forget my hockey, I'm having a lazy weekend",
])
def test_a_correction_or_a_thing_set_aside_forgets_nothing(tmp_path, request_):
    texts = after_forget(tmp_path, request_, [CASES[0][0], KEPT], speaker="Aino")
    assert any("hockey" in t for t in texts), texts


@pytest.mark.parametrize("request_", [
    "forget I mentioned Saturday, the hockey is on Sunday mornings",
    "forget I mentioned Saturday - it's Sunday mornings now",
])
def test_a_correction_told_after_a_dash_or_of_the_thing_forgets_nothing(tmp_path, request_):
    texts = after_forget(tmp_path, request_, [CASES[0][0], KEPT], speaker="Aino")
    assert any("hockey" in t for t in texts), texts
