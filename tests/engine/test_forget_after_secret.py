""""Forget that" right after a secret: the secret was redacted and kept nowhere, so the request is
about it, and no older memory may be erased in its place."""
from __future__ import annotations

import pytest

from conftest import make_turn
from engine import MemoryEngine

SECRET_THEN_FORGET = [
    ("The deploy token is ghp_Zq81mXc04LrTt7Vb2NnKa9WeP3sYd6HfJ0uQ, keep it for me.",
     "Actually, forget that, please don't hold on to it."),
    ("Our alarm code is 7 3 9 1 4 if you ever need it.", "Hmm, forget that, I shouldn't have shared it."),
    ("My password for the bank is Lanyard!Otter58.", "Please forget that last thing I told you."),
]


@pytest.mark.parametrize("secret, request_", SECRET_THEN_FORGET)
def test_forget_that_after_a_secret_erases_no_older_memory(tmp_path, secret, request_):
    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest_many([make_turn("I prefer green tea over coffee in the mornings.", 1),
                            make_turn(secret, 2), make_turn(request_, 3)])
        engine.flush()
        texts = [r.text or "" for r in engine.records("acme", "u1")]
    assert any("green tea" in t for t in texts), texts


def test_forget_that_after_a_plain_statement_still_forgets_it(tmp_path):
    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest_many([make_turn("I prefer green tea over coffee in the mornings.", 1),
                            make_turn("Actually, forget that, please don't hold on to it.", 2)])
        engine.flush()
        texts = [r.text or "" for r in engine.records("acme", "u1")]
    assert not any("green tea" in t for t in texts), texts
