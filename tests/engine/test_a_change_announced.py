"""A change announced ("there's been a change", "as of this month ...") with the new value beside it
supersedes the standing record, though the sentences share few words; the speaker's "our" after a
fronted time ("as of this week my sessions are ...") is the speaker's thing, as "our standup" is.
A change said to last a while only ("this week only", "just for this week") leaves the record."""
from __future__ import annotations

import pytest

from tests.conftest import assert_first_left_alone, assert_new_value_replaced_old


@pytest.mark.parametrize("first, change, old, new", [
    ("The club meets in the back room of the Crown pub.",
     "There has been a small change, the club meets at the Anchor on Quay Street as of this month.", "Crown", "Anchor"),
    ("Our team standup is at 9:15 every morning.",
     "As of this month our team standup is at 10:00.", "9:15", "10:00"),
    ("My physio appointments are at the clinic on Grove Lane.",
     "As of this week my physio sessions are at the sports centre by the park.", "Grove Lane", "sports centre"),
    ("The choir rehearses in the school music room.",
     "As of this term the choir rehearses in the cathedral crypt.", "music room", "crypt"),
    # a known miss: a new source named apart from the change
    pytest.param("We buy our coffee beans from Ritual Roasters in town.",
                 "There's been a change, our beans come from a small roaster in Leeds called Northern Bloc.",
                 "Ritual", "Northern Bloc",
                 marks=pytest.mark.xfail(reason="the two statements read under the change bar", strict=True)),
])
def test_a_change_announced_supersedes_the_standing_record(tmp_path, first, change, old, new):
    assert_new_value_replaced_old(tmp_path, first, change, old, new, "Ilse", "2026-05-04", 12)


@pytest.mark.parametrize("first, passing", [
    ("My yoga class is on Wednesday evenings at the studio.",
     "There has been a change, this week only the yoga class is on Thursday."),
    ("The dog walker comes at noon on weekdays.",
     "As of this week, just for this week, the dog walker comes at 3pm."),
    ("Our team standup is at 9:15 every morning.",
     "Our standup is at 11 next week only because of the offsite."),
    ("I walk the dog at 7 every evening.",
     "There's been a change of plans tonight, I'm walking him at 9."),
])
def test_a_change_for_a_while_leaves_the_standing_record(tmp_path, first, passing):
    assert_first_left_alone(tmp_path, first, passing, "Ilse", "2026-05-04", 12)


@pytest.mark.parametrize("first, change, old, new", [
    ("Choir practice is on Mondays at 7.", "Choir practice is moving to Tuesdays from next week.", "Monday", "Tuesday"),
    ("My shift starts at 6am at the depot.", "My shift is changing to 8am starting next month.", "6am", "8am"),
    ("Our newsletter goes out on the 1st of every month.", "The newsletter is moving to the 15th starting in March.",
     "1st", "15th"),
])
def test_a_change_set_to_start_supersedes_the_standing_record(tmp_path, first, change, old, new):
    """"Is moving to <new> from next week": the new value holds from then on, so it is the one kept."""
    assert_new_value_replaced_old(tmp_path, first, change, old, new, "Ilse", "2026-05-04", 12)


@pytest.mark.parametrize("first, other", [
    ("Our under-12s train on Mondays at the rec ground.",
     "My daughter's netball team is moving to Fridays from next week."),
    ("I work from the Leeds office on Tuesdays.",
     "I think the Leeds office might be moving to a new building from next year."),
])
def test_another_thing_set_to_move_leaves_the_record(tmp_path, first, other):
    assert_first_left_alone(tmp_path, first, other, "Ilse", "2026-05-04", 12)
