"""A request to forget can say where the thing should be gone from rather than name a verb of
forgetting: "I'd really like every trace of that interview gone from what you remember about me",
"cleared out of whatever you've got on me". Before, a sentence without a word of forgetting, or
one whose form was not a request's, was not asked of the classifier or fell under the bar of a
sentence in no request's form, and the thing stayed. Something gone from somewhere else ("the dust
gone from the shelves") asks nothing."""
from __future__ import annotations

import pytest

from tests.engine.two_sessions import after_forget

KEPT = "I play five-a-side football on Wednesday nights."

CASES = [
    ("I had a disciplinary hearing at work in May over a missed deadline.",
     "That's all settled now, so I want every trace of that hearing gone from what you know about me.", "disciplinary"),
    ("My old bank was Harlow Mutual before I switched to an online one.",
     "I'd like my old bank gone from whatever you've got on me, please.", "Harlow"),
    ("We were on the waiting list for a two-bed flat on Kenton Road.",
     "It fell through, so I'd like that Kenton Road flat cleared out of what you remember about me.", "Kenton"),
    ("I took out a payday loan of 400 pounds in March to cover the rent.",
     "It's paid off and I want that payday loan gone from what you have on me.", "400"),
]


@pytest.mark.parametrize("said, request_, gone", CASES)
def test_a_thing_asked_gone_from_what_is_kept_goes(tmp_path, said, request_, gone):
    texts = after_forget(tmp_path, request_, [said, KEPT], speaker="Ines")
    assert not any(gone in t for t in texts), texts
    assert any("five-a-side" in t for t in texts), texts


@pytest.mark.parametrize("request_", [
    "I want the mould gone from the bathroom ceiling before the inspection.",
    "Tell me what you remember about my Wednesday football.",
    "My ex moved out of the flat you know about.",
])
def test_something_gone_from_elsewhere_asks_nothing(tmp_path, request_):
    texts = after_forget(tmp_path, request_, [CASES[0][0], KEPT], speaker="Ines")
    assert any("disciplinary" in t for t in texts), texts
    assert any("five-a-side" in t for t in texts), texts
