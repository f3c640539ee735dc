"""A request to forget may name someone by what they do for the speaker ("who I rent from", "who
does my taxes", "which school the twins go to") where the records name them by role or kind ("my
landlord Mr Bell", "my accountant Priya Shah", "Oakfield Primary"): the request names the role's
words too, and that record (or that statement of a narrative) is forgotten. Before, nothing was.
What else the speaker said stays."""
from __future__ import annotations

import pytest

from two_sessions import active_after, active_after_days, holds


@pytest.mark.parametrize("said, gone, kept", [
    (["I play cello in the Harrow Sinfonia on Tuesdays. My landlord Mr Bell complains when I practise late.",
      "please forget who I rent from, I'd rather his name wasn't kept"], "Bell", "cello"),
    (["My accountant is Priya Shah at Ledgerline, she's brilliant. I also volunteer at the Oxfam shop on Fridays.",
      "could you forget who does my taxes"], "Priya", "Oxfam"),
    (["Our twins started at Oakfield Primary in September, reception class.",
      "I sing in a community choir on Wednesday nights.",
      "Can you forget what school the twins go to? I'm being careful online."], "Oakfield", "choir"),
    (["I'm growing my hair out for charity. Tamsin at Snip is my hairdresser and she's been great about it.",
      "I also run the parkrun most Saturdays.", "forget who cuts my hair please"], "Tamsin", "parkrun"),
    (["Our childminder Bev has the kids on Mondays and Tuesdays. I work from home on Fridays.",
      "forget who looks after my kids, please"], "Bev", "Fridays"),
])
def test_a_person_named_by_what_they_do_is_forgotten(tmp_path, said, gone, kept):
    days = ["2026-03-02", "2026-03-03", "2026-03-09"][-len(said):] if len(said) == 3 else ["2026-03-02", "2026-03-09"]
    active = active_after_days(tmp_path, "Hollis", list(zip(said, days)))
    assert not holds(active, gone) and holds(active, kept), active


def test_nothing_of_that_role_leaves_the_rest(tmp_path):
    active = active_after(tmp_path, "Hollis", ["I play cello in the Harrow Sinfonia on Tuesdays.",
                                               "please forget who I rent from"])
    assert holds(active, "cello"), active


def test_what_they_do_is_not_itself_forgotten(tmp_path):
    active = active_after_days(tmp_path, "Hollis", [("Our landlady is Mrs Novak, she lives downstairs.", "2026-03-02"),
                                                     ("Our rent is £1,100 a month, due on the 1st.", "2026-03-03"),
                                                     ("forget who I rent from", "2026-03-09")])
    assert not holds(active, "Novak") and holds(active, "1,100"), active
