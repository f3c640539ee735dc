"""A diet said by its name denies what it leaves out: eating one of those foods again ends it, as "I
eat fish again" ends "doesn't eat fish". Other things taken up again, foods the diet allows, and a
relation's eating leave it."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds


@pytest.mark.parametrize("speaker, diet, again, old, new", [
    ("Noor", "I'm vegetarian.", "I've started eating chicken again on doctor's advice.", r"^(?!.*chicken).*vegetarian",
     "chicken"),
    ("Ella", "I'm vegan, so no animal products in recipes please.",
     "Good news, I'm having cheese again, the vegan thing didn't suit me.", "no animal products", "cheese"),
    ("Gus", "I'm teetotal.", "I'm drinking wine again, just at weekends.", "teetotal", "wine"),
    ("Liv", "I'm pescatarian, so fish is fine but no meat.", "I've gone back to eating bacon again, can't resist it.",
     "pescatarian", "bacon"),
    # passed before too
    ("Rhys", "I'm veggie, have been for years.", "I eat fish again now, my iron was low.", "veggie", "fish"),
])
def test_eating_again_what_a_diet_leaves_out_ends_it(tmp_path, speaker, diet, again, old, new):
    records = active_after(tmp_path, speaker, [diet, again])
    assert not holds(records, old) and holds(records, new), records


@pytest.mark.parametrize("speaker, diet, again, kept, new", [
    ("Noor", "I'm vegetarian.", "I've started doing yoga again after the holidays.", "vegetarian", "yoga"),
    ("Kim", "I'm vegetarian.", "I'm eating cheese again after a dairy-free month.", "vegetarian", "cheese"),
    ("Liv", "I'm pescatarian.", "I'm eating salmon again now that the fishmonger reopened.", "pescatarian", "salmon"),
    ("Ade", "I'm vegetarian.", "My sister is eating meat again after years off it.", "vegetarian", "sister"),
])
def test_what_the_diet_allows_or_another_eats_leaves_it(tmp_path, speaker, diet, again, kept, new):
    records = active_after(tmp_path, speaker, [diet, again])
    assert holds(records, kept) and holds(records, new), records
