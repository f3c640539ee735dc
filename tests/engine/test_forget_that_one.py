"""A request to forget "that one", right after the statement it points at, forgets that statement:
"one" points at a thing and names none, nor do "ugh" or "oops", and a request typed the short way
("dont", "wasnt", "pls") is read as the same words typed carefully. Before, "one" or "ugh" was
taken for the topic of the request, nothing was about it, and the statement stayed. An earlier
statement stays. Right after the assistant suggested something the user had not named ("Maybe try
the lentil lasagne recipe?"), "forget that one" turns the suggestion down and forgets nothing."""
from __future__ import annotations

import pytest

from engine import MemoryEngine
from engine.processor import _topic_words


def _active_after(tmp_path, said: list[str]) -> list[str]:
    with MemoryEngine.open(tmp_path / "d") as engine:
        for i, text in enumerate(said):
            engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s", "turn_id": str(i), "role": "user",
                           "speaker": "Robin", "text": text, "occurred_at": f"2026-03-02T09:{i:02d}:00Z"})
        engine.flush()
        return [r.text or "" for r in engine.records("t", "u")]


@pytest.mark.parametrize("said, gone", [
    (["my mechanic does everything cash in hand, no receipts", "hmm scratch that, dont keep that one"], "cash"),
    (["I owe my brother 2 grand for the deposit", "actually pls delete that one"], "brother"),
    (["my payslip says 3,100 after tax this month", "ugh, forget that one"], "3,100"),
    (["my neighbour Dev parks on my drive every night", "on second thoughts, please wipe that one"], "Dev"),
])
def test_that_one_is_the_statement_just_made(tmp_path, said, gone):
    active = _active_after(tmp_path, ["I have a cat called Miso."] + said)
    assert not any(gone in t for t in active), active
    assert any("Miso" in t for t in active), active


@pytest.mark.parametrize("asked, topic", [
    ("oh wait, dont keep that one", []),
    ("ugh, forget that one", []),
    ("pls dont keep where my allotment is, rather that wasnt stored", ["allotment"]),
    ("forget the one about my sister", ["sister"]),
])
def test_pointing_words_and_short_spellings_name_no_topic(asked, topic):
    assert _topic_words(asked) == topic


def _active_after_turns(tmp_path, turns: list[tuple[str, str]]) -> list[str]:
    with MemoryEngine.open(tmp_path / "d") as engine:
        for i, (role, text) in enumerate(turns):
            engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s", "turn_id": str(i), "role": role,
                           "speaker": "Robin" if role == "user" else "Assistant", "text": text,
                           "occurred_at": f"2026-03-02T09:{i:02d}:00Z"})
        engine.flush()
        return [r.text or "" for r in engine.records("t", "u")]


@pytest.mark.parametrize("said, offered, asked, kept", [
    ("I'm vegetarian", "Maybe try the lentil lasagne recipe?", "Forget that one.", "vegetarian"),
    ("I love the Hilton in Rome", "Shall I also note the Marriott near Termini?", "no, forget that one", "Hilton"),
    ("I cycle to work most days", "How about the canal towpath route? It avoids the ring road.", "nah, scratch that one",
     "cycle"),
])
def test_that_one_after_a_suggestion_is_the_suggestion(tmp_path, said, offered, asked, kept):
    active = _active_after_turns(tmp_path, [("user", said), ("assistant", offered), ("user", asked)])
    assert any(kept in t for t in active), active


def test_that_one_after_a_question_is_the_statement(tmp_path):
    active = _active_after_turns(tmp_path, [("user", "I owe my brother 2 grand"),
                                            ("assistant", "That's a lot! Do you have a repayment plan?"),
                                            ("user", "actually, forget that one")])
    assert not any("brother" in t for t in active), active
