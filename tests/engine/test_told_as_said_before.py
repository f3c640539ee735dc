"""A statement told as known to the listener ("Quick reminder: ...", "For context, ...", "Remember
we're in ...") repeats the record it names, whatever kind each was read as: "we bought a semi in
Chorlton last year" is an event, "remember we're in that semi in Chorlton" a standing fact, and
before both stayed active as two memories. A marked statement that brings a new value (another
city) is no repeat; "remember to ..." asks for something and marks nothing."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds


@pytest.mark.parametrize("speaker, said, word", [
    ("Dov", ["My sister Talia got married in Lisbon back in June.",
             "Quick reminder: Talia, my sister, had her wedding in Lisbon. What's a nice anniversary gift idea?"],
     "Lisbon"),
    ("Ruairi", ["I started volunteering at the Millbrook food bank back in October.",
                "Just a reminder that I volunteer at the Millbrook food bank. Can you draft a sign-up sheet for the "
                "Christmas rota?"], "Millbrook"),
    ("Odile", ["My partner and I bought a 1930s semi in Chorlton last year.",
               "Remember we're in that 1930s semi in Chorlton. Is it worth insulating under the floorboards?"],
     "Chorlton"),
    ("Benedek", ["My dad moved into sheltered housing in March, a flat at Wyvern Court in Taunton.",
                 "For context: dad's at Wyvern Court in Taunton. What hobbies suit someone who's lost some mobility?"],
     "Wyvern"),
])
def test_a_statement_told_as_said_before_is_the_record_said_again(tmp_path, speaker, said, word):
    active = active_after(tmp_path, speaker, said)
    assert sum(word.lower() in t.lower() for t in active) == 1, active


def test_a_marked_statement_with_a_new_value_is_kept(tmp_path):
    active = active_after(tmp_path, "Dov", ["My sister Talia got married in Lisbon back in June.",
                                            "For context, Talia is moving to Porto next month with her husband."])
    assert holds(active, "Porto") and holds(active, "Lisbon"), active


def test_remember_to_asks_and_marks_nothing(tmp_path):
    active = active_after(tmp_path, "Ruairi", ["I volunteer at the Millbrook food bank on Saturdays.",
                                               "Remember to remind me that the Millbrook food bank needs tins "
                                               "of soup this week."])
    assert holds(active, r"volunteers? at (the )?Millbrook food bank on Saturdays"), active


@pytest.mark.parametrize("text, word", [
    ("As you know, I speak Welsh at home with my kids.", "Welsh"),
    ("As you know I work nights at the depot.", "nights"),
])
def test_a_statement_told_as_known_is_kept(tmp_path, text, word):
    from two_sessions import kept_of_one_turn

    kept = kept_of_one_turn(tmp_path, "Dov", text)
    assert any(word in t for _, t in kept), kept
