"""Updates the wording used to hide: a new value reported in someone else's words ("the gym told us
the fee goes up to 52"), said in the same frame as the old one though the classifier read the
sentence as an event ("the budget is 550 a month, prices went up"), said of someone by a pronoun
("She's moved up to the Under-12s"), or moved up rather than to ("moved up to Grade 6")."""
from __future__ import annotations

import pytest

from engine.meaning import holder, moved_thing
from tests.conftest import engine_after


def _engine(tmp_path, turns: list[str], speaker: str = "Ilse"):
    return engine_after(tmp_path, turns, speaker, "2026-07-01", 5)


def _check(engine, old: str, new: str, query: str) -> None:
    active = [(r.text or "").lower() for r in engine.records("t", "u") if r.tier == "active"]
    top = engine.recall(tenant_id="t", user_id="u", query=query, k=1)
    assert not any(old in t and new not in t for t in active), active
    assert new in top[0].text.lower(), (top[0].text, active)


@pytest.mark.parametrize("first, later, old, new, query", [
    ("Our water bill is $62 a quarter.", "The utility company wrote to say the water bill goes up to $75 a quarter.",
     "$62", "$75", "how much is the water bill"),
    ("The swim club fee is 30 pounds a term.", "The club secretary told us the fee is going up to 36 pounds a term.",
     "30 pounds", "36", "what is the swim club fee"),
    ("My train to work leaves at 7:40.", "The rail company emailed everyone that the train now leaves at 7:25.",
     "7:40", "7:25", "when does the train leave"),
])
def test_a_new_value_in_someone_elses_words(tmp_path, first, later, old, new, query):
    with _engine(tmp_path, [first, later]) as engine:
        _check(engine, old, new, query)


@pytest.mark.parametrize("first, later, old, new, query", [
    ("Our petrol budget is 120 pounds a month.",
     "Petrol budget is 150 pounds a month, fuel got pricier and we had to adjust.", "120", "150",
     "what is the petrol budget"),
    ("The kids' pocket money is 5 euros a week each.",
     "Pocket money is 7 euros a week each, they nagged us all summer until we gave in.", "5 euros", "7 euros",
     "how much pocket money do the kids get"),
    ("The allotment rent is 40 pounds a year.",
     "Allotment rent is 55 pounds a year, the council sent letters round last week.", "40 pounds", "55",
     "how much is the allotment rent"),
])
def test_the_same_frame_with_another_value_beside_an_event(tmp_path, first, later, old, new, query):
    with _engine(tmp_path, [first, later]) as engine:
        _check(engine, old, new, query)


@pytest.mark.parametrize("first, later, old, kept", [
    ("Nico's judo is at the leisure centre on Tuesdays, and he's in Kyu 6. We park behind the library.",
     "Nico passed his grading! He's moved up to Kyu 5 now.", "kyu 6", "park behind"),
    ("Amara plays for the Under-10s at Ferndale on Sundays, and her coach is Mr Lutz. We carpool with the Okonjos.",
     "Amara got picked for the Under-12s! She's moved up to the Under-12s squad, same coach.", "under-10s", "carpool"),
    ("Pip's piano lessons are with Ms Varga on Thursdays, and he's working on Grade 2. His sister Bea has flute "
     "lessons right after him.", "Pip passed the exam, so he's moved up to Grade 3 pieces now.", "grade 2", "flute"),
])
def test_a_pronoun_names_the_one_a_record_is_about(tmp_path, first, later, old, kept):
    with _engine(tmp_path, [first, later]) as engine:
        active = [(r.text or "").lower() for r in engine.records("t", "u") if r.tier == "active"]
    assert not any(old in t for t in active if "moved up" not in t), active
    assert any(kept in t for t in active), active


@pytest.mark.parametrize("text, teller, told", [
    ("Ilse: the landlord told us rent goes up to 900 in May", "landlord", frozenset()),
    ("Ilse: Jonah's school emailed to say Priya's class starts at 8:50", "school", frozenset({"priya"})),
    ("Ilse: my boss mentioned that my sister's firm is hiring", "boss", frozenset({"sister"})),
])
def test_the_holder_of_reported_words_is_what_they_report(text, teller, told):
    assert teller not in holder(text, "Ilse")
    assert holder(text, "Ilse") == told


def test_words_said_without_a_statement_are_the_sayers():
    assert holder("Ilse's sister said no", "Ilse") == frozenset({"sister"})


@pytest.mark.parametrize("text", ["He's moved up to Stage 5", "She moved up to the senior choir",
                                  "Ilse: he has moved up to the top set"])
def test_moving_up_moves_no_thing(text):
    assert moved_thing(text, "Ilse") == frozenset()


@pytest.mark.parametrize("turns", [
    # someone's own value in their reported words
    ["My rent is 700 a month.", "My friend Kai said his rent went up to 1200."],
    ["My gym fee is 30 a month.", "My sister told me her gym fee is 45 a month now."],
    # how it was, not how it is
    ["I weigh 82 kilos.", "I weighed 90 kilos when I was at uni."],
    ["Our council tax is 1800 this year.", "Our council tax was 1650 last year."],
    ["The commute takes 40 minutes.", "The commute was 25 minutes back when we lived in Hove."],
    # "he" / "she" with two people it could be
    ["My son Leo is on Stage 3 of swimming.", "My nephew Arlo came round yesterday.", "He's moved up to Stage 5 in reading."],
    ["My sister Mia works at Boots.", "My friend Zoe works at Lidl.", "She just started at Waitrose."],
])
def test_what_is_no_update_of_the_speakers_value_supersedes_nothing(tmp_path, turns):
    with _engine(tmp_path, turns) as engine:
        records = engine.records("t", "u", include_inactive=True)
    assert not [r.text for r in records if r.tier == "superseded"], [(r.text, r.tier) for r in records]
