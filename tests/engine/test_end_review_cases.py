"""Edges of the end and change rules: an end beside a wish in another clause still ends; "moved
here to be near ..." names no new value; "too" of degree ("too touristy") adds no second value;
an interjection or a name addressed before an appositive is still dropped; and forgetting clears
the end rule's cache of the forgotten text."""
from __future__ import annotations

import pytest

from engine import MemoryEngine
from engine.meaning import ended
from two_sessions import records_after


def _records(tmp_path, old: str, new: str) -> list:
    return records_after(tmp_path, old, new, speaker="Rhea", days=("2026-03-02", "2026-03-10"), at="08:00:00")


@pytest.mark.parametrize("old,new", [
    ("I play squash on Tuesdays.", "I gave up squash and I'm hoping to try padel."),
    ("I drive a Mazda hatchback.", "I sold the Mazda and I want to get an e-bike."),
    ("I take Spanish evening classes.", "I quit the Spanish classes, but I'd love to pick up Italian."),
])
def test_an_end_beside_a_wish_still_ends(tmp_path, old, new):
    records = _records(tmp_path, old, new)
    before = [r for r in records if r.source_turn_ids == ["0"]]
    assert before and all(r.tier == "superseded" for r in before), [(r.tier, r.text) for r in records]


@pytest.mark.parametrize("old,new", [
    ("I live in Galway.", "I moved here in 2019 to be near my sister."),
    ("I live in Ghent.", "We moved over a decade ago to get away from the city."),
    ("I work at Fernhill Labs.", "I moved into this role to learn more about chemistry."),
])
def test_moving_for_a_purpose_names_no_new_value(tmp_path, old, new):
    records = _records(tmp_path, old, new)
    before = [r for r in records if "0" in r.source_turn_ids]
    assert before and all(r.tier == "active" for r in before), [(r.tier, r.text) for r in records]


@pytest.mark.parametrize("old,new,now", [
    ("I live in Porto.", "I live in Lisbon now, Porto was too touristy.", "Lisbon"),
    ("I work as a nurse.", "I work as a teacher now, nursing was too stressful.", "teacher"),
    ("I live in Bristol.", "I live in Bath these days, Bristol got too pricey.", "Bath"),
])
def test_too_of_degree_is_no_second_value(tmp_path, old, new, now):
    active = [r for r in _records(tmp_path, old, new) if r.tier == "active"]
    assert len(active) == 1 and now in active[0].text, [r.text for r in active]


@pytest.mark.parametrize("text,dropped", [
    ("Thanks, my friend, I moved to Berlin last month.", "Thanks"),
    ("Anna, my dear, I got a new job at Google.", "Anna"),
])
def test_an_addressed_word_before_an_appositive_is_dropped(tmp_path, text, dropped):
    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s", "turn_id": "0", "role": "user",
                       "speaker": "Rhea", "text": text, "occurred_at": "2026-03-02T08:00:00Z"})
        engine.flush()
        texts = [r.text for r in engine.records("t", "u")]
    assert texts and not any(dropped in t for t in texts), texts


def test_forgetting_clears_the_end_rule_cache(tmp_path):
    with MemoryEngine.open(tmp_path / "d") as engine:
        for i, text in enumerate(("I work as a porter at Quillon Hospital.", "I quit my job at Quillon Hospital.")):
            engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s", "turn_id": str(i), "role": "user",
                           "speaker": "Rhea", "text": text, "occurred_at": f"2026-03-0{2 + i}T08:00:00Z"})
        engine.flush()
        assert ended.cache_info().currsize > 0
        engine.forget(tenant_id="t", user_id="u", query="Quillon Hospital")
        assert ended.cache_info().currsize == 0
