"""A new value said with the frame's word in another form ("my daily driver is a 2008 Ford Focus" /
"I'm driving a used 2018 Kia Ceed now", "I'm a lodger with ..." / "I'm lodging with ... now", "I swim
at ..." / "I'm swimming at ... now"): with "now", the frame the two share makes it one attribute,
and the new value replaces the old. Before, "driver" and "driving" were two words, no frame was
shared, and the old value stayed. Not the speaker's: someone else driving, swimming."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds


@pytest.mark.parametrize("old, new, gone, kept", [
    ("My daily driver is a 2008 Ford Focus, 150k miles and still going strong.",
     "I'm driving a used 2018 Kia Ceed estate now.", "Focus", "Ceed"),
    ("I'm a lodger with the Hendersons on Park Road, cheap but noisy.",
     "I'm lodging with the Patels on Mill Lane now, much quieter.", "Hendersons", "Patels"),
    ("I swim at the Leith Waterworld on Mondays.", "I'm swimming at Portobello baths now.", "Leith", "Portobello"),
    ("My daily driver is a 2006 VW Golf, rusty but reliable.", "I'm driving a 2020 Toyota Yaris hybrid now.", "Golf",
     "Yaris"),
])
def test_a_new_value_in_a_frame_said_in_another_form_replaces_the_old(tmp_path, old, new, gone, kept):
    texts = active_after(tmp_path, "Jo", [old, new])
    assert not holds(texts, gone), texts
    assert holds(texts, kept), texts


@pytest.mark.parametrize("old, new, kept", [
    ("My daily driver is a 2009 Honda Civic.", "My sister is driving a 2019 Skoda Octavia now.", "Civic"),
    ("I swim at the Leith Waterworld on Mondays.", "My son is swimming at Portobello baths now.", "Leith"),
])
def test_someone_elses_value_leaves_the_speakers(tmp_path, old, new, kept):
    texts = active_after(tmp_path, "Jo", [old, new])
    assert holds(texts, kept), texts
