"""Ends read in more of the ways people say them:
- a group known by what it does ("left the rowing crew" ends "rows with the Tyne crew");
- an end whose thing is in no other record of the speaker's, however little else the two share
  ("gave up the beehives" / "keeps two beehives and sells the honey at the market");
- a household's record ("We get a veg box from Riverford") ended by the speaker;
- "no more X for me", "X and I have split up", a pet "put to sleep", a named thing "has been sold";
- an event still going on ("has been seeing Ilan for a year") ended by a breakup.
Someone else's end, or a plan to end, still ends nothing."""
from __future__ import annotations

import pytest

from two_sessions import assert_ended, records_after

DAYS = ("2026-08-04", "2026-08-11")


def _after(tmp_path, old, new):
    return records_after(tmp_path, old, new, speaker="Wren", days=DAYS, at="09:30:00")


@pytest.mark.parametrize("old, new, word", [
    # a group, by what it does
    ("I row with the Tyne Amateur crew on Sunday mornings.", "I've quit the rowing club, my shoulder needs a rest.", "row"),
    ("I'm learning Welsh with an online tutor twice a week.", "Stopped the Welsh lessons last month, too much on at work.", "welsh"),
    ("I play five-a-side football with colleagues on Wednesdays.", "I left the football team after the reorganisation.", "football"),
    # the thing in no other record
    ("I keep two beehives at the end of the orchard and sell the honey at the market.",
     "gave up the beehives in the end, the varroa got too much", "beehive"),
    ("We rent a beach hut at Whitstable every summer, it's our happy place.",
     "We've given up the beach hut, the fees doubled", "beach hut"),
    ("I volunteer at the food bank on Saturday mornings sorting donations.",
     "quit the food bank volunteering, the new manager was impossible", "food bank"),
    # a household's record
    ("We get an organic veg box from Riverford every Friday.", "Just cancelled Riverford, the veg kept arriving bruised.", "riverford"),
    ("We have a cleaner, Magda, who comes on Thursdays.", "we let Magda go last month, money's tight", "magda"),
    ("Our broadband is with Plusnet, it's been fine.", "Cancelled Plusnet today, moving in with my partner.", "plusnet"),
])
def test_the_end_supersedes_the_record(tmp_path, old, new, word):
    recs = _after(tmp_path, old, new)
    assert_ended(recs, word)


@pytest.mark.parametrize("old, new, word", [
    ("I'm seeing a sculptor called Ilan, it's been about a year now.", "Ilan and I have split up, it was coming.", "ilan"),
    ("I've been dating Ruairi since the spring, he's a chef.", "ruairi and i have broken up, I'm fine honestly", "ruairi"),
    ("We have an old collie called Bramble who sleeps all day.", "We had to have Bramble put to sleep on Tuesday.", "bramble"),
    ("We own a narrowboat called the Kingfisher, moored at Braunston.", "The Kingfisher's been sold, finally!", "kingfisher"),
    ("I referee under-12 rugby on Saturday mornings.", "Hung up my whistle: no more refereeing for me.", "referee"),
    ("I eat meat most days, mostly chicken.", "No more meat for me, I've watched too many documentaries.", "meat"),
])
def test_more_ways_of_saying_an_end(tmp_path, old, new, word):
    recs = _after(tmp_path, old, new)
    assert_ended(recs, word)


@pytest.mark.parametrize("old, new, word", [
    ("I row with the Tyne Amateur crew on Sunday mornings.", "My brother quit his rowing club last week.", "row"),
    ("I keep two beehives at the end of the orchard and sell the honey at the market.",
     "thinking about giving up the beehives, the varroa is bad this year", "beehive"),
    ("We get an organic veg box from Riverford every Friday.", "My sister cancelled her Riverford box, too pricey.", "riverford"),
    ("I'm seeing a sculptor called Ilan, it's been about a year now.", "My friends Ana and Joe have split up.", "ilan"),
    ("I eat meat most days, mostly chicken.", "no more than two coffees a day for me now", "meat"),
])
def test_no_end_of_the_speakers_record(tmp_path, old, new, word):
    recs = _after(tmp_path, old, new)
    assert any(r.tier == "active" and word in (r.text or "").lower() for r in recs), [(r.text, r.tier) for r in recs]
