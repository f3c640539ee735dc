"""A request to forget shreds, with the memory, the readable turns that name what it forgets by a
word the request names and no kept memory holds: the assistant's "we can look at a plan for the
loans whenever you like" repeats too little of "9,000 in payday loans, my wife teaches, we keep
chickens" to be linked as its echo, yet it still said the loans after the user asked to forget
them. A turn about a kept memory stays readable, though it shares a word ("loan") with the
forgotten one."""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest

AT = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)


def _after(tmp_path, speaker: str, turns: list[str]) -> tuple[list[str], list[str]]:
    """(active record texts, readable turns of the session) after `turns` ("A: " marks the assistant's)."""
    from engine import MemoryEngine

    with MemoryEngine.open(tmp_path / "d") as eng:
        for i, text in enumerate(turns):
            mine = text.startswith("A: ")
            eng.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s1", "turn_id": str(i),
                        "role": "assistant" if mine else "user", "speaker": None if mine else speaker,
                        "text": text[3:] if mine else text,
                        "occurred_at": (AT + timedelta(minutes=i)).strftime("%Y-%m-%dT%H:%M:%SZ")})
        eng.flush()
        return ([r.text or "" for r in eng.records("t", "u")],
                [t.text or "" for t in eng.session_turns("t", "u", "s1")])


@pytest.mark.parametrize("speaker, turns, gone", [
    ("Ewan", ["I've got about 9,000 in payday loans, my wife Carys teaches at the primary school, and we keep chickens.",
              "A: Thanks. Chickens are great fun! We can look at a plan for the loans whenever you like.",
              "Please forget about the payday loans. I'm ashamed of it and would rather you didn't keep it."],
     r"loans"),
    ("Sade", ["My residence permit runs out in March and I'm appealing a refusal from immigration, my partner Tomas is "
              "Danish, and I teach yoga.",
              "A: That sounds stressful. Happy to help with the appeal or with yoga class plans.",
              "Delete what I said about the permit appeal please, it's sensitive."], r"appeal"),
    ("Leah", ["We inherited 60,000 from my uncle, plus my husband got a new job at the hospital, and our daughter starts "
              "school in September.",
              "A: Congratulations on the new job! Let me know if you'd like help thinking about the inheritance.",
              "Forget the inheritance, please. I don't want that figure written down."], r"inherit"),
    ("Nadim", ["I'm on a debt management plan with StepChange, my son plays cricket for the county, and I volunteer at "
               "the lifeboat station.",
               "A: Lovely about the cricket! If you ever want to go over the StepChange plan, just say.",
               "Could you forget what I said about StepChange? It's a bit private."], r"stepchange"),
])
def test_a_turn_naming_what_is_forgotten_is_shredded_with_it(tmp_path, speaker, turns, gone):
    records, said = _after(tmp_path, speaker, turns)
    assert not any(re.search(gone, t, re.IGNORECASE) for t in records + said), (records, said)


def test_a_turn_about_a_kept_memory_stays_readable(tmp_path):
    records, said = _after(tmp_path, "Ivo", [
        "I'm paying off a car loan with Santander.", "A: Noted, the Santander car loan.",
        "I've also got 4,000 in payday loans, and I keep bees.",
        "A: We can look at the payday loans whenever you like.",
        "Please forget the payday loans."])
    assert not any("payday" in t.lower() for t in records + said), (records, said)
    assert any("Santander" in t for t in records)
    assert said == ["I'm paying off a car loan with Santander.", "Noted, the Santander car loan."]
