"""Asked to take something as never said ("let's just pretend I never mentioned the payday loan",
"could you act as if I never said anything about my sister's IVF") is a request to forget it; what
else was said stays. Someone else acting as if something was unsaid ("my son acts like I never
said anything") asks nothing."""
from __future__ import annotations

import pytest

from two_sessions import active_after_days, holds


@pytest.mark.parametrize("said, asked, gone", [
    ("I have a payday loan with QuickCash that I'm struggling with.", "Let's just pretend I never mentioned the payday loan.",
     "payday"),
    ("My sister is going through IVF at the moment.", "Could you act as if I never said anything about my sister's IVF?",
     "IVF"),
    ("I failed my driving test twice last spring.", "Pretend I didn't tell you about the driving test, it's embarrassing.",
     "driving test"),
])
def test_asked_to_take_it_as_unsaid_forgets_it(tmp_path, said, asked, gone):
    records = active_after_days(tmp_path, "Lior", [(said, "2026-03-02"),
                                                   ("I volunteer at the food bank on Saturdays.", "2026-03-02"),
                                                   (asked, "2026-03-05")])
    assert not holds(records, gone) and holds(records, "food bank"), records


@pytest.mark.parametrize("said, after, kept", [
    ("I failed my driving test twice last spring.", "My son acts like I never said anything about his curfew.",
     "driving test"),
    ("My sister is going through IVF at the moment.", "I pretend I never heard the neighbours arguing.", "IVF"),
])
def test_someone_acting_as_if_unsaid_asks_nothing(tmp_path, said, after, kept):
    records = active_after_days(tmp_path, "Lior", [(said, "2026-03-02"), (after, "2026-03-05")])
    assert holds(records, kept), records
