"""A request to forget one thing of a sentence that says several ("I take lithium, I'm vegetarian, and
my dentist wants me to floss") erases the record and keeps, as a record of its own, the clauses that
name a new subject and that it does not name. A clause that points back ("I've seen her crying",
"so that's six points") goes with what it points to; a list is one clause; the kept record carries
no field or slot of the erased one (they may hold what was forgotten)."""
from __future__ import annotations

import re

import pytest

from engine.statements import clause_pieces, leaning_on
from tests.conftest import engine_after


def _engine(tmp_path, turns: list[str], speaker: str = "Bram"):
    return engine_after(tmp_path, turns, speaker, "2026-10-01", 3)


def _seen(engine, query: str) -> list[str]:
    """Every active record's text and fields, and the context and recall for `query`, lower-cased."""
    out = []
    for r in engine.records("t", "u"):
        out.append((r.text or "").lower())
        out.extend(v.lower() for v in r.fields.values())
        out.append((r.slot or "").lower())
    out.extend(h.text.lower() for h in engine.recall(tenant_id="t", user_id="u", query=query, k=10))
    out.append(engine.context(tenant_id="t", user_id="u", session_id="s9", query=query).text.lower())
    return out


@pytest.mark.parametrize("first, request_, gone, kept", [
    ("For meal planning: I take lithium 400 mg every night, I'm vegetarian, and my dentist wants less sugar.",
     "Please forget what I said about my lithium, I'd rather it wasn't stored.", r"lithium|\b400\b", "vegetarian"),
    ("I earn 61,000 a year as a site manager at Holloway Build, I want to move into estimating.",
     "Can you remove my salary from your notes? The job stuff is fine.", r"61,?000", "estimating"),
    ("Margo is off until Friday for her hernia operation, so I'm covering the Tuesday deliveries.",
     "Don't keep why Margo is off, that's her private business.", r"hernia|operation", "covering"),
])
def test_one_clause_forgotten_the_others_kept(tmp_path, first, request_, gone, kept):
    with _engine(tmp_path, [first, request_]) as engine:
        seen = _seen(engine, "what do you know about Bram")
        texts = [(r.text or "").lower() for r in engine.records("t", "u")]
    assert not any(re.search(gone, s) for s in seen), seen
    assert any(kept in t for t in texts), texts


@pytest.mark.parametrize("first, request_, gone", [
    ("My neighbour Ottilie is going through a rough patch, I've seen her sobbing on the steps twice.",
     "Please forget everything about Ottilie's private life.", r"ottilie|sobbing|steps"),
    ("I booked a surprise trip to Oslo for Lena's birthday, and she has no idea at all.",
     "Can you wipe the surprise trip from memory? She uses my laptop sometimes.", r"oslo|no idea"),
    ("The van's service is due in June, I got a parking fine on Monday, so that's 70 pounds gone.",
     "Forget the bit about the fine please.", r"fine|70 pounds"),
    # a statement whose subject is what the one before told of
    ("I had a miscarriage in spring. It was the worst month of my life. I'm training for a 10k.",
     "Please forget what I said about the miscarriage.", r"miscarriage|worst month"),
    ("My uncle Rob is on probation for theft. That's why I drive to Carlisle every month. I run a book club.",
     "Forget the part about Rob being on probation.", r"probation|carlisle"),
    # another name after a comma may tell of the same thing
    ("I've been seeing Tomas behind Eli's back, Eli has no clue, and Petra runs the choir with me.",
     "Forget what I said about Tomas.", r"tomas|no clue"),
    ("I take 30 mg of mirtazapine at night, Dr Okoye raised the dose in May, and I walk the dog at 7.",
     "Forget the mirtazapine bit.", r"mirtazapine|raised the dose"),
])
def test_a_clause_pointing_back_goes_with_it(tmp_path, first, request_, gone):
    with _engine(tmp_path, [first, request_]) as engine:
        seen = _seen(engine, "what do you know about Bram")
    assert not any(re.search(gone, s) for s in seen), seen


@pytest.mark.parametrize("text, leans", [
    ("Bram takes lithium, Bram is vegetarian, and Bram's dentist wants less sugar", [False, False, False]),
    ("Bram loves Lisbon, Porto and Braga, but not Faro", [False]),
    # a clause that points back is a piece of its own, which goes when the one before it goes
    ("Bram's coworker Ines is unwell, Bram has seen her at the clinic", [False, True]),
    ("The boiler is old, so the landlord is replacing it in May", [False, True]),
    ("Bram, his sister and their dad went to Leeds", [False]),
    # a conjunction before a clause of its own, whatever its subject; one of a thing already
    # spoken of ("the ...") leans on what comes before
    ("The ceremony is at 3pm at the chapel, and Bram's brother Ivo isn't invited", [False, False]),
    ("The wiki lives at wiki.example, and the old mail server gets retired in May", [False, True]),
    ("Bram plays chess, and Ada plays go", [False, False]),
    ("Bram bought bread, milk, and lots of eggs", [False]),
    # a bare comma before another name tells of the same thing
    ("Bram dented the car, Ada never noticed", [False]),
])
def test_the_clauses_a_request_may_name(text, leans):
    assert clause_pieces(text, "Bram")[1] == leans


def test_a_piece_leaning_on_a_named_one_goes_with_it_not_the_other_way():
    assert leaning_on({0}, [False, True, True, False]) == {0, 1, 2}
    assert leaning_on({1}, [False, True, True, False]) == {1, 2}
    assert leaning_on({3}, [False, True, True, False]) == {3}


@pytest.mark.parametrize("request_", ["Forget the lithium bit please.", "Please delete the lithium details.",
                                      "Can you erase the lithium info?"])
def test_a_named_part_of_what_was_said_is_a_request(tmp_path, request_):
    with _engine(tmp_path, ["I take lithium 400 mg every night for my mood.", request_]) as engine:
        seen = _seen(engine, "what does Bram take")
    assert not any("lithium" in s for s in seen), seen
