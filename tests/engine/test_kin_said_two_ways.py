"""One relative said in two words ("my gran" / "my grandmother", "my hubby" / "my husband") is one
holder: a new value said of them with the other word updates what was kept, as it does with the
same word. Two relatives ("my mum" / "my dad", "my gran" / "my mum") stay two."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from engine import MemoryEngine
from engine.meaning import holder
from engine.textnorm import terms

AT = datetime(2026, 1, 5, 10, tzinfo=timezone.utc)


def _tiers_after(tmp_path, first: str, then: str) -> dict[str, str]:
    with MemoryEngine.open(tmp_path / "d") as eng:
        for i, text in enumerate([first, then]):
            eng.ingest({"tenant_id": "t", "user_id": "u", "session_id": f"s{i}", "turn_id": str(i), "role": "user",
                        "speaker": "Ilse", "text": text,
                        "occurred_at": (AT + timedelta(days=20 * i)).strftime("%Y-%m-%dT%H:%M:%SZ")})
            eng.flush()
        return {r.text: r.tier for r in eng.records("t", "u", include_inactive=True)}


def _tier_of(tiers: dict[str, str], word: str) -> str:
    found = [tier for text, tier in tiers.items() if word.lower() in text.lower()]
    assert len(found) == 1, tiers
    return found[0]


@pytest.mark.parametrize("first, then, old, new", [
    ("My granny lives in a flat in Dundee.", "My grandmother lives in Perth now.", "Dundee", "Perth"),
    ("My daddy's car is a red Fiat Panda.", "My father's car is a grey Toyota Yaris now.", "Panda", "Yaris"),
    ("My mum's email is ann.roe@example.org", "My mother's email is now ann.roe@newmail.example", "example.org", "newmail"),
    ("My hubby's gym is PureGym in Salford.", "My husband switched his gym to The Gym Group.", "PureGym", "Gym Group"),
])
def test_a_relative_in_other_words_updates_what_was_kept(tmp_path, first, then, old, new):
    tiers = _tiers_after(tmp_path, first, then)
    assert _tier_of(tiers, old) == "superseded" and _tier_of(tiers, new) == "active"


@pytest.mark.parametrize("first, then, a, b", [
    ("My mum lives in Leeds.", "My dad lives in York.", "Leeds", "York"),
    ("My gran lives in Cork.", "My mum lives in Galway now.", "Cork", "Galway"),
    ("My grandmother is 91.", "My mother is 64.", "91", "64"),
])
def test_two_relatives_stay_two(tmp_path, first, then, a, b):
    tiers = _tiers_after(tmp_path, first, then)
    assert _tier_of(tiers, a) == "active" and _tier_of(tiers, b) == "active"


def test_kin_words_are_one_term_and_one_holder():
    assert terms("my mum's garden") == terms("my mother's garden")
    assert terms("Granny") == terms("grandmother") and terms("grandad") == terms("grandfather")
    assert terms("mum") != terms("dad")
    assert holder("Ilse's mam works at the chemist", "Ilse") == holder("Ilse's mother works at the chemist", "Ilse")
    assert holder("Ilse's gran lives in Cork", "Ilse") != holder("Ilse's mum lives in Cork", "Ilse")
