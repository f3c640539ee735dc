"""A request to forget opened with chat's words ("lmao delete that last one", "idk, just delete that
last bit", "actually nvm, i don't want that stored anywhere pls") asks to forget as it would
without them. Before, "lol", "lmao", "tbh", "idk", "nvm" before the request hid its form, or were
read as its topic, so nothing was forgotten and the request itself was kept as a memory. A plan
dropped for another ("tbh forget about christmas, let's plan the spring trip") forgets nothing."""
from __future__ import annotations

import pytest

from two_sessions import one_session_texts


@pytest.mark.parametrize("said, kept, asked, gone", [
    ("my boss is called Priya", "we're doing a team quiz on Friday", "lmao delete that last one", "quiz"),
    ("I work at the bank on King St", "I'm training for a half marathon", "idk, just delete that last bit", "marathon"),
    ("I coach the under-9s on Sundays", "my sister is pregnant again", "lol forget that tbh, she hasn't told anyone yet",
     "pregnant"),
    ("I play five-a-side on Tuesdays", "I've been seeing a counsellor since March",
     "actually nvm, i don't want that stored anywhere pls", "counsellor"),
])
def test_a_request_opened_the_chat_way_forgets(tmp_path, said, kept, asked, gone):
    texts = one_session_texts(tmp_path, "Wanjiru", [said, kept, asked])
    assert not any(gone in t for t in texts) and any(said.split()[-1] in t for t in texts), texts
    assert not any(w in t.lower() for t in texts for w in ("delete", "forget", "stored")), texts


def test_a_plan_dropped_for_another_forgets_nothing(tmp_path):
    texts = one_session_texts(tmp_path, "Wanjiru", ["my cat knocked the tree over",
                                                  "tbh forget about christmas, let's plan the spring trip"])
    assert any("cat" in t for t in texts), texts



@pytest.mark.parametrize("said, asked, word", [
    ("I work at the bank", "ugh forget work, let's talk holidays", "bank"),
    ("my sister Jo lives in Cardiff", "omg forget my sister, she's being such a brat today", "Cardiff"),
    ("I use Notion for work", "honestly forget Notion for a minute, what's a good laptop?", "Notion"),
])
def test_a_topic_let_go_after_a_sigh_forgets_nothing(tmp_path, said, asked, word):
    # ("ugh", "omg", "honestly" open a topic let go, not a request about what is kept)
    assert any(word in t for t in one_session_texts(tmp_path, "Wanjiru", [said, asked]))
