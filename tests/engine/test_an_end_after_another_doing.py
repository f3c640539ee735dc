"""The speaker's own end told after what someone else did ("My boss redid the rota and I've left the
Saturday shift", "Mum got ill so I quit the Thursday pottery class") ends the speaker's record of
it. Before, the statement was read as of the other person alone (the boss, the landlord, Mum), whose
records it could not end, so the old record stood beside the news that it was over. Another
person's end still ends nothing of the speaker's, and the speaker's end ends nothing of theirs."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds


@pytest.mark.parametrize("said, new, old", [
    ("I work the Friday night shift at the depot.",
     "My boss changed everyone's hours and I've left the Friday night shift.", "works"),
    ("I go to the Monday ceramics class at the community hall.",
     "My brother needed help with the kids so I quit the Monday ceramics class.", "goes"),
    ("I'm in the Thursday quiz team at the Fox.",
     "My husband started nights and I dropped out of the Thursday quiz team.", "is in"),
])
def test_the_speakers_end_after_anothers_doing_ends_the_record(tmp_path, said, new, old):
    texts = active_after(tmp_path, "Ines", [said, new])
    assert not any(t.startswith(f"Ines {old}") for t in texts), texts
    assert holds(texts, r"left|quit|dropped out"), texts


@pytest.mark.parametrize("said, new, kept", [
    # someone else's end: the speaker's record stands
    ("I go to the Monday ceramics class at the community hall.",
     "My sister quit the Monday ceramics class and I'm carrying on.", "Ines goes"),
    # the speaker's end, of another thing than a relative's record
    ("My son Rafa is in the Saturday swim squad at Ponds Forge.",
     "Rafa's coach reorganised the squads and I've left the parents' committee.", "swim squad"),
])
def test_another_thing_or_another_persons_end_ends_nothing(tmp_path, said, new, kept):
    texts = active_after(tmp_path, "Ines", [said, new])
    assert any(kept in t and not holds([t], r"quit|left") for t in texts), texts
