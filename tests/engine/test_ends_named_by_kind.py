"""An end that names the thing by its kind, or leaves the partner unnamed: "our cat passed away" ends
"we have a cat called Miso"; "we had to put our old dog down" ends the dog's record; "we broke up last
week" ends the record of the speaker's partner or of whom they were seeing. A neighbour's pet, a
bill split, or a breakup beside a record of no partner end nothing."""
from __future__ import annotations

import pytest

from two_sessions import assert_ended, records_after

DAYS = ("2026-04-06", "2026-04-13")


def _after(tmp_path, old, new):
    return records_after(tmp_path, old, new, speaker="Jun", days=DAYS, at="19:30:00")


@pytest.mark.parametrize("old, new, word", [
    ("We have a tortoiseshell cat called Miso, she's 15.", "Our cat passed away in her sleep on Sunday.", "miso"),
    ("I have a rescue greyhound called Dash.", "We had to put our old dog down yesterday, I'm wrecked.", "dash"),
    ("We have two rabbits, Pip and Moss, in the garden hutch.", "Sad news, our rabbits died in the heatwave.", "pip"),
    ("I've been seeing a guy called Theo since January.", "We broke up last week, it just wasn't working.", "theo"),
    ("My girlfriend Ama is a midwife at the Royal.", "we've split up, it was mutual honestly", "ama"),
    ("I'm dating a nurse called Sol, it's going well.", "So we called it off on Friday. I'm ok.", "sol"),
])
def test_the_end_reaches_the_record(tmp_path, old, new, word):
    recs = _after(tmp_path, old, new)
    assert_ended(recs, word)


@pytest.mark.parametrize("old, new, word", [
    ("We have a tortoiseshell cat called Miso, she's 15.", "My neighbour's cat died, the kids are sad.", "miso"),
    ("My girlfriend Ama is a midwife at the Royal.", "We split the bill at dinner with her parents.", "ama"),
    ("My physio is Bram, he sorts my back out every Tuesday.", "We broke up last week, it just wasn't working.", "bram"),
])
def test_no_end(tmp_path, old, new, word):
    recs = _after(tmp_path, old, new)
    assert any(r.tier == "active" and word in (r.text or "").lower() for r in recs), [(r.text, r.tier) for r in recs]
