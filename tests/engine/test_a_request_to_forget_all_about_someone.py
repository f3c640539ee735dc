"""A request to forget all that was said about someone, in so many words ("please forget everything
about Wojtek", "forget everything about Rose pls"), and telling regretted with forgetting asked
beside it ("I regret telling you about Jack's drinking, please forget", "I shouldn't have mentioned
Grace's affair, forget it"), forget what was said of them. Before, the classifier read some of them
as no request (a name that is also a word, a regret), and a regret was even kept as a memory of its
own naming the matter. Letting a topic go for a while, or what someone else forgot, asks nothing."""
from __future__ import annotations

import pytest

from two_sessions import texts_after

DAYS = ("2026-03-02", "2026-03-06")


@pytest.mark.parametrize("said, asked, word", [
    ("my colleague Wojtek is going through IVF", "please forget everything about Wojtek", "IVF"),
    ("my friend Rose had an abortion last year", "forget everything about Rose pls", "abortion"),
    ("my uncle Jack drinks a lot", "I regret telling you about Jack's drinking, please forget", "drink"),
    ("my sister Grace is having an affair", "I shouldn't have mentioned Grace's affair, forget it", "affair"),
    ("my colleague Kasia is on antidepressants", "please forget everything about Kasia", "antidepressants"),
    ("my friend Ingrid is in debt", "Forget everything I told you about Ingrid.", "debt"),
    ("my cousin Dario got arrested in Lisbon", "Forget everything I said about Dario.", "arrested"),
    ("my tutor Hiroshi is moving back to Osaka", "forget everything I mentioned about Hiroshi pls", "Osaka"),
    ("my friend Kasia had a breakdown at work", "I regret telling you about Kasia's breakdown, please forget", "breakdown"),
    ("my uncle Bogdan owes the bank 30k", "I shouldn't have mentioned Bogdan's debts, forget it", "bank"),
    ("my colleague Yusuf is waiting on his visa", "I shouldn't have brought up Yusuf's visa problems, please forget", "visa"),
])
def test_what_was_said_of_them_goes(tmp_path, said, asked, word):
    texts = texts_after(tmp_path, said, asked, "I love jazz", speaker="Ilse", days=DAYS)
    assert not any(word in t for t in texts) and any("jazz" in t for t in texts), texts


@pytest.mark.parametrize("said, asked, word", [
    ("my friend Rose runs a bakery", "I forgot everything about Rose's party, so embarrassing", "bakery"),
    ("my friend Rose runs a bakery", "I regret telling him about the job, he'll never forget it", "bakery"),
])
def test_no_request_to_forget(tmp_path, said, asked, word):
    texts = texts_after(tmp_path, said, asked, "I love jazz", speaker="Ilse", days=DAYS)
    assert any(word in t for t in texts), texts
