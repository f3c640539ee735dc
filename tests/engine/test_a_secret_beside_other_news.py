"""A secret said beside other news ("my wifi password is ... and the router is in the hall
cupboard"): the secret never reaches a record, and what else the sentence says is still kept,
less the clause that held the secret, instead of the whole sentence being dropped with it."""
from __future__ import annotations

import pytest

from tests.conftest import engine_after


def _records(tmp_path, said: str) -> list[str]:
    with engine_after(tmp_path, [said], "Noa", "2026-05-04", 1) as engine:
        return [r.text for r in engine.records("t", "u", include_inactive=True)]


@pytest.mark.parametrize("said,secret,kept", [
    ("My wifi password is Tangerine!Owl42 and we keep the router in the hall cupboard.", "Tangerine!Owl42", "router"),
    ("notes for the boat: berth number 17, padlock code is 3862, the pump is switched off in winter.", "3862",
     "berth number 17"),
    ("The alarm code is 5521 - the spare key is under the blue pot by the shed.", "5521", "spare key"),
])
def test_what_a_sentence_says_beside_a_secret_is_kept_without_it(tmp_path, said, secret, kept):
    texts = _records(tmp_path, said)
    assert not any(secret in t for t in texts), texts
    assert any(kept in t for t in texts), texts
    assert not any("REDACTED" in t for t in texts), texts
