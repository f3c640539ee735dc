"""A request to forget that names nothing and points back ("delete that pls", "can you remove her
from your notes?") points at the sentence before it in the same message ("I really shouldn't have
told you about Fernhill Road."): that is forgotten, and the sentence is no memory of its own. A
request that names its topic, or a dismissal, is read as before."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds


@pytest.mark.parametrize("before, after, gone", [
    ("My PIN hint is my nan's maiden name, Hollis.",
     "Oh god, I shouldn't have shared the Hollis thing. Please delete that.", "Hollis"),
    ("We got a kitten called Pepper last week.",
     "Pepper went back to the breeder, it didn't work out with the dog. Can you remove her from your notes?", "Pepper"),
    ("My salary at Orbis is 52k.", "Actually what I earn at Orbis is private. Forget that, please.", "52k"),
])
def test_that_points_at_the_sentence_before(tmp_path, before, after, gone):
    records = active_after(tmp_path, "Juno", [before, after])
    assert not holds(records, gone), records


@pytest.mark.parametrize("before, after, kept", [
    ("We got a kitten called Pepper last week. Our dog is called Rolo.",
     "Pepper went back to the breeder, sadly. Can you remove her from your notes?", "Rolo"),
    ("I had sushi at Kibo last night, it was lovely.", "The service at Kibo was slow though. Forget it, not important.",
     "Kibo"),
])
def test_what_else_is_kept(tmp_path, before, after, kept):
    records = active_after(tmp_path, "Juno", [before, after])
    assert holds(records, kept), records
