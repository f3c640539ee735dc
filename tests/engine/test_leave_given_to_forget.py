"""Leave given to forget ("you can forget what I said about pottery", "feel free to forget the stuff
about my rabbit's diet", "you can delete my old address now") asks as plainly as "please forget
...": what it names is forgotten, the rest stays. Before, none of these was read as a request,
and what they named stayed. The idiom of what will not happen ("you can forget about getting a
refund") forgets nothing."""
from __future__ import annotations

import pytest

from two_sessions import texts_after

DAYS = ("2026-10-05", "2026-10-08")


@pytest.mark.parametrize("said, asked, gone", [
    ("I do pottery on Thursdays at the arts centre.", "You can forget what I said about pottery.", "pottery"),
    ("My old address was 12 Fern Road, Hexham.", "you can delete my old address now, I've moved", "Fern"),
    ("My rabbit Clover is on a special diet of timothy hay.", "feel free to forget the stuff about my rabbit's diet",
     "timothy"),
    ("I hurt my knee skiing in January.", "Oh, you can drop the part about my knee injury, it's healed.", "knee"),
])
def test_leave_given_to_forget_forgets_it(tmp_path, said, asked, gone):
    texts = texts_after(tmp_path, said, asked, "I sing alto in a community choir.", speaker="Fenna", days=DAYS)
    assert not any(gone in t for t in texts), texts
    assert any("choir" in t for t in texts), texts


@pytest.mark.parametrize("said, asked, word", [
    ("I'm waiting on a refund from Currys for the kettle.", "You can forget about getting a refund, the shop's closed.",
     "Currys"),
    ("I'm vegetarian.", "you can forget about me eating meat again lol", "vegetarian"),
])
def test_what_will_not_happen_forgets_nothing(tmp_path, said, asked, word):
    texts = texts_after(tmp_path, said, asked, "I sing alto in a community choir.", speaker="Fenna", days=DAYS)
    assert any(word in t for t in texts), texts
