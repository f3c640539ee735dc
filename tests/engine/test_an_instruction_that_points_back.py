"""An instruction for a period that points back to what the turn told for the same period ("Our
power is out today. Keep that in mind if I ask for cooking ideas today.", "Tonight we're trying a
house rule: ... If I ask you about setup later tonight, factor that in.") is one instruction with
what it points to, and lapses with it. Before, "factor that in" was no request at all, and what it
pointed to stayed an episode served in later sessions; "keep that in mind" was an instruction that
said nothing. A sentence told of another time ("I broke my wrist last week") stays a record, and
the instruction for the day says what it points to."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engine import MemoryEngine
from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("Our power is out today. Keep that in mind if I ask for cooking ideas today.", "power"),
    ("This evening we're using my nan's recipe for the gravy, with extra onion. Factor that in if I ask "
     "about timings tonight.", "onion"),
    ("The kids are off school today with a bug. If I ask for a plan for the day, take it into account "
     "for today.", "bug"),
    ("We're playing with a short deck tonight, 36 cards. Bear that in mind tonight if I ask about odds.", "36"),
])
def test_what_an_instruction_points_back_to_lapses_with_it(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Ines", text)
    assert any(k == "temporary_instruction" and word in t for k, t in kept), kept
    assert not any(k != "temporary_instruction" and word in t for k, t in kept), kept


def test_it_is_not_recalled_in_a_later_session(tmp_path):
    turns = [
        {"tenant_id": "t", "user_id": "u", "session_id": "s1", "turn_id": "a", "role": "user", "speaker": "Ines",
         "text": "The power in our street is out today. Keep that in mind if I ask for cooking ideas today.",
         "occurred_at": "2026-03-02T10:00:00Z"},
        {"tenant_id": "t", "user_id": "u", "session_id": "s2", "turn_id": "b", "role": "user", "speaker": "Ines",
         "text": "Any quick dinner ideas for a rainy night?", "occurred_at": "2026-03-05T18:00:00Z"},
    ]
    with MemoryEngine.open(tmp_path / "d") as e:
        e.ingest_many(turns)
        e.flush()
        hits = e.recall(tenant_id="t", user_id="u", query="is the power out in our street", k=10,
                        now=datetime(2026, 3, 5, 18, 5, tzinfo=timezone.utc), record_use=False)
    assert not any("power" in h.text for h in hits), hits


@pytest.mark.parametrize("text, word", [
    ("I broke my wrist last week. Keep that in mind for today's workout.", "wrist"),
    ("My mum moved to Leeds in May. Factor that in today if I ask about visits.", "Leeds"),
    ("My sister is staying with us this weekend. Keep that in mind today if I ask for dinner ideas.", "sister"),
    ("My brother Tom has been vegan since 2019. Keep that in mind when I ask for recipes today.", "vegan"),
    # news of the day, and a lasting thing found out today, outlive the instruction
    ("I found out today that I'm allergic to shellfish. Keep that in mind if I ask about dinner tonight.", "shellfish"),
    ("My mum was diagnosed with diabetes today. Keep that in mind if I ask about meals today.", "diabetes"),
])
def test_a_statement_of_another_time_stays_a_record(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Ines", text)
    assert any(k != "temporary_instruction" and word in t for k, t in kept), kept
    # and the instruction says what it points to, not "keep that in mind" alone
    assert all(word in t for k, t in kept if k == "temporary_instruction"), kept


@pytest.mark.parametrize("text, word", [
    ("I'm running on three hours of sleep today. Keep that in mind if I ask you to plan my afternoon.", "sleep"),
    ("My sister arrives tonight. Bear that in mind when I ask about dinner.", "sister"),
    ("The lifts in our building are out of order today. Factor that in if I ask for a route to the car.", "lifts"),
])
def test_an_instruction_with_no_period_of_its_own_holds_for_the_one_it_points_to(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Ines", text)
    assert any(k == "temporary_instruction" and word in t for k, t in kept), kept
    assert not any(k != "temporary_instruction" and word in t for k, t in kept), kept


def test_pointing_back_to_a_past_period_makes_no_instruction(tmp_path):
    kept = kept_of_one_turn(tmp_path, "Ines", "I broke my wrist last week. Keep that in mind.")
    assert any(k != "temporary_instruction" and "wrist" in t for k, t in kept), kept
    assert not any(k == "temporary_instruction" for k, _ in kept), kept
