"""Two things of one kind, each named by a word the other's name lacks ("the optician appointment"
/ "the physio appointment", "my Spanish class" / "my French class"), are two memories: a new value
or a correction said of one leaves the other as it was. The same thing named in another form ("my
swim lesson" / "my swimming lesson") or by its kind alone is still the one thing."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds


@pytest.mark.parametrize("speaker, first, later, first_word, later_word", [
    ("Odile", "The physio appointment is on Friday at 3pm.", "The optician appointment is Monday, not Friday.",
     "physio", "optician"),
    ("Odile", "My hair appointment is on Friday at 3pm.", "My nail appointment is Monday, not Friday.",
     "hair", "nail"),
    ("Bo", "My piano lesson is on Wednesdays at 4.", "My swimming lesson has moved to Thursdays at 4.",
     "piano", "swimming"),
    ("Bo", "The book club is on the first Tuesday of the month.",
     "The film club has moved to the first Thursday of the month.", "book", "film"),
    ("Bo", "The gas bill is 60 a month.", "The water bill has gone up to 45 a month.", "gas", "water"),
    ("Ines", "My French class is on Tuesday evenings.", "My Spanish class has moved to Wednesday evenings.",
     "French", "Spanish"),
    ("Ines", "My main job is at the Co-op, 30 hours a week.", "My weekend job has changed to 12 hours a week.",
     "main job", "weekend job"),
])
def test_a_change_of_one_thing_leaves_another_of_its_kind(tmp_path, speaker, first, later, first_word, later_word):
    records = active_after(tmp_path, speaker, [first, later])
    assert holds(records, first_word) and holds(records, later_word), records


@pytest.mark.parametrize("speaker, first, later, old, new", [
    ("Bo", "My dentist appointment is on Friday at 3pm.", "My dental appointment is Monday now, not Friday.",
     r"Friday.*3pm", "Monday"),
    ("Ines", "My swimming lesson is on Mondays at 6.", "My swim lesson has been moved to Fridays at 6.",
     "Monday", "Friday"),
    ("Ines", "My French class is on Tuesday evenings.", "My French class has moved to Wednesday evenings.",
     "Tuesday", "Wednesday"),
    ("Bo", "Our team meeting is on Mondays at 10.", "The weekly meeting has moved to Tuesdays at 10.",
     "Monday", "Tuesday"),
    # one thing in British and American words
    ("Tess", "My flat viewing is on Saturday at 11.", "The apartment viewing got moved to Sunday at 11.",
     "Saturday", "Sunday"),
    ("Jody", "My son's football practice is on Tuesdays.", "My son's soccer practice is on Thursdays now.",
     "Tuesday", "Thursday"),
])
def test_the_same_thing_named_again_takes_the_new_value(tmp_path, speaker, first, later, old, new):
    records = active_after(tmp_path, speaker, [first, later])
    assert not holds(records, old) and holds(records, new), records


@pytest.mark.parametrize("a, b, another", [
    ("The vet appointment is Monday", "The dentist appointment is on Friday", True),
    ("Sam's Spanish class moved to Wednesday", "Sam's French class is on Tuesday", True),
    ("Sam's swim lesson is on Friday", "Sam's swimming lesson is on Monday", False),
    ("The appointment is Monday now", "Sam's physio appointment is on Friday", False),
    ("The weekly meeting has moved to Tuesday", "Sam's team meeting is on Monday", False),
    ("Sam's son's dentist appointment is on Friday", "The dentist appointment is on Monday", False),
    ("Sam moved the appointment to Monday", "Sam's physio appointment is on Friday", False),
])
def test_another_thing_of_one_kind(a, b, another):
    from engine.meaning import another_thing

    assert another_thing(a, b, "Sam") is another and another_thing(b, a, "Sam") is another
