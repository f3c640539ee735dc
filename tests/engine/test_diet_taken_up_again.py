"""A diet said by its name denies what it leaves out: eating one of those foods again ends it, as "I
eat fish again" ends "doesn't eat fish". Other things taken up again, foods the diet allows, and a
relation's eating leave it."""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest

AT = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)


def _active(tmp_path, speaker: str, said: list[str]) -> list[str]:
    from engine import MemoryEngine

    with MemoryEngine.open(tmp_path / "d") as eng:
        for i, text in enumerate(said):
            eng.ingest({"tenant_id": "t", "user_id": "u", "session_id": f"s{i}", "turn_id": str(i), "role": "user",
                        "speaker": speaker, "text": text,
                        "occurred_at": (AT + timedelta(days=7 * i)).strftime("%Y-%m-%dT%H:%M:%SZ")})
        eng.flush()
        return [r.text or "" for r in eng.records("t", "u")]


def _holds(records: list[str], pattern: str) -> bool:
    return any(re.search(pattern, r, re.IGNORECASE) for r in records)


@pytest.mark.parametrize("speaker, diet, again, old, new", [
    ("Noor", "I'm vegetarian.", "I've started eating chicken again on doctor's advice.", r"^(?!.*chicken).*vegetarian",
     "chicken"),
    ("Ella", "I'm vegan, so no animal products in recipes please.",
     "Good news, I'm having cheese again, the vegan thing didn't suit me.", "no animal products", "cheese"),
    ("Gus", "I'm teetotal.", "I'm drinking wine again, just at weekends.", "teetotal", "wine"),
    ("Liv", "I'm pescatarian, so fish is fine but no meat.", "I've gone back to eating bacon again, can't resist it.",
     "pescatarian", "bacon"),
    # passed before too
    ("Rhys", "I'm veggie, have been for years.", "I eat fish again now, my iron was low.", "veggie", "fish"),
])
def test_eating_again_what_a_diet_leaves_out_ends_it(tmp_path, speaker, diet, again, old, new):
    records = _active(tmp_path, speaker, [diet, again])
    assert not _holds(records, old) and _holds(records, new), records


@pytest.mark.parametrize("speaker, diet, again, kept, new", [
    ("Noor", "I'm vegetarian.", "I've started doing yoga again after the holidays.", "vegetarian", "yoga"),
    ("Kim", "I'm vegetarian.", "I'm eating cheese again after a dairy-free month.", "vegetarian", "cheese"),
    ("Liv", "I'm pescatarian.", "I'm eating salmon again now that the fishmonger reopened.", "pescatarian", "salmon"),
    ("Ade", "I'm vegetarian.", "My sister is eating meat again after years off it.", "vegetarian", "sister"),
])
def test_what_the_diet_allows_or_another_eats_leaves_it(tmp_path, speaker, diet, again, kept, new):
    records = _active(tmp_path, speaker, [diet, again])
    assert _holds(records, kept) and _holds(records, new), records
