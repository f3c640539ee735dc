"""A limit or a deadline said with a modal of obligation or prohibition ("the thesis must stay under
80 pages", "I can only take calls before 11am", "the deposit has to reach them by 14 July"), a
prohibition of anything with something in it, and a statement labelled as a rule ("Coach's rule:
...") are constraints, whatever the classifier makes of their wording. An inference ("must have
left it before 6"), a feeling ("can't wait until June") and one occasion ("I have to leave by 5
today") are no rule."""
from __future__ import annotations

import pytest

from engine import MemoryEngine
from engine.extractor import states_a_rule


def _records(tmp_path, text: str) -> list:
    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s", "turn_id": "1", "role": "user",
                       "speaker": "Rhea", "text": text, "occurred_at": "2026-05-04T09:00:00Z"})
        engine.flush()
        return engine.records("t", "u")


@pytest.mark.parametrize("text,word", [
    ("My supervisor was firm about it: the thesis must stay under 80 pages including appendices.", "80"),
    ("I can only take calls before 11am on weekdays because of the school run.", "11am"),
    ("The deposit has to reach the letting agent by 14 July or we lose the flat.", "14 july"),
    ("Went to the dentist on Monday and she said I must keep to less than 2 sugary drinks a week.", "sugary"),
    ("Our rabbit Clover can't have anything with avocado in it, the vet was strict.", "avocado"),
    ("Coach's rule: nobody misses two sessions in a row and still starts on Saturday.", "sessions"),
    ("House policy - shoes off at the door, always.", "shoes"),
    # a limit named with its amount, and a rule labelled with a few words before its colon
    ("My cardiologist put me on a salt limit of 2 grams a day.", "salt"),
    ("The kids are limited to two hours of screens on weekdays.", "screens"),
    ("Since the stress fracture I'm capped at 20 km a week until the scan.", "20 km"),
    ("House rules, for the record: shoes off and no phones at dinner.", "phones"),
])
def test_a_rule_in_its_form_is_a_constraint(tmp_path, text, word):
    records = _records(tmp_path, text)
    kinds = [r.kind for r in records if word in r.text.lower()]
    assert kinds and all(k == "constraint" for k in kinds), [(r.kind, r.text) for r in records]


@pytest.mark.parametrize("text", [
    "I must have left my keys at the office before 6.",
    "I have to leave by 5 today for the dentist.",
    "I can't believe it's been over 10 years since uni.",
    "She must be exhausted after a 12 hour shift.",
    "We can't wait until June, the wedding will be amazing.",
    "I can only imagine how hard that was for you.",
    "You have to try the ramen at Kizuki, it's under 15 dollars.",
    "There's no limit to how much I love pasta.",
    "I went over my data limit again this month.",
    "Our policy renewal came through yesterday.",
    "The rules of cricket are confusing, even after 20 years.",
])
def test_inferences_feelings_and_one_occasion_are_no_rule(text):
    assert not states_a_rule(text)
