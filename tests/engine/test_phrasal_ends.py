"""Ends said with a phrasal verb: coming off a medicine, calling off a plan, pulling (backing,
opting, bowing) out of something, packing or jacking something in, scrapping it, weaning oneself
off it, pulling the plug on it. Said as done by the speaker, each ends the record it names. Their
other senses end nothing: said of someone else, as a near miss or an obligation, as a break
("for a couple of weeks", "today"), or literally (coming off a bike or a road, pulling out of a
car park, scraping a knee, draining a pool, fitting a swim in)."""
from __future__ import annotations

import pytest

from two_sessions import assert_ended, records_after, said_first

DAYS = ("2026-09-07", "2026-09-15")


def _after(tmp_path, old, new):
    return records_after(tmp_path, old, new, speaker="Noor", days=DAYS, at="18:10:00")


@pytest.mark.parametrize("old, new, word", [
    # coming off a medicine
    ("I take propranolol before presentations and most mornings.", "I've come off the propranolol, the anxiety is manageable now.", "propranolol"),
    ("I'm on omeprazole for my stomach, one capsule a day.", "came off omeprazole in August and the heartburn hasn't come back", "omeprazole"),
    ("I use a steroid inhaler, Clenil, every night.", "Finally came off Clenil this week, breathing is fine.", "clenil"),
    # calling off a plan
    ("We're hosting Diwali at ours this year for the whole family.", "We called off hosting Diwali, the kitchen isn't finished.", "diwali"),
    ("I've booked a stag weekend in Riga for my brother in October.", "Called off the Riga weekend, half the lads dropped out.", "riga"),
    # out of
    ("I'm doing the Three Peaks walk in June with work.", "I pulled out of the Three Peaks walk, my ankle is still swollen.", "three peaks"),
    ("I play in the pub quiz league with the Crown team.", "Bowed out of the pub quiz league, Tuesdays don't work any more.", "quiz"),
    ("I'm on the rota for the church flower arranging.", "opted out of the church flower rota, too much on", "flower"),
    ("We're buying the cottage at Hebden Bridge, exchange is soon.", "We've backed out of the Hebden Bridge cottage, the survey found subsidence.", "hebden"),
    # packed in, scrapped, weaned off, parted ways, pulled the plug
    ("I do a Saturday shift at the Oxfam bookshop.", "I've packed in the Oxfam shifts, weekends are too precious.", "oxfam"),
    ("I have a Disney+ subscription for the kids.", "Scrapped Disney+ this month, nobody watched it.", "disney"),
    ("I have two sugars in every tea.", "I've weaned myself off sugar in tea, took about a month.", "sugar"),
    ("I run a small Etsy shop selling ceramic mugs.", "Pulled the plug on the Etsy shop, fees ate every penny.", "etsy"),
])
def test_a_phrasal_end_supersedes_the_record(tmp_path, old, new, word):
    assert_ended(_after(tmp_path, old, new), word)


@pytest.mark.parametrize("old, new, word", [
    # someone else's end
    ("I take amlodipine for my blood pressure.", "My mum came off her amlodipine after the review.", "amlodipine"),
    ("I'm doing the Great North Run in September.", "My cousin pulled out of the Great North Run yesterday.", "great north"),
    # a near miss, or a wish
    ("I sing with the Leeds Festival Chorus on Wednesdays.", "I almost packed in the Leeds Festival Chorus last spring, glad I stayed.", "chorus"),
    ("I sit on the allotment society committee.", "Thinking of bowing out of the allotment committee next year.", "allotment"),
    ("I'm doing the Edinburgh Marathon in May.", "I very nearly pulled out of the Edinburgh Marathon, but I'm still in.", "edinburgh"),
    # an obligation, or a near miss told in two clauses
    ("I take warfarin every evening.", "I have to come off the warfarin before the operation.", "warfarin"),
    ("I'm running the Leeds 10k in June.", "I nearly went and pulled out of the Leeds 10k, my hip is sore.", "leeds"),
    # a break, or a one-off
    ("I work at Boots on the tills.", "Called off work today with a migraine, Boots were fine about it.", "boots"),
    ("I post on TikTok most days.", "Came off TikTok for a couple of weeks, needed a detox.", "tiktok"),
    ("I go to the pub quiz at the Anchor on Thursdays.", "Backed out of tonight's pub quiz at the Anchor, too tired.", "quiz"),
    # a break kept for a season, a one-off on its day, a word of someone else's, a round of a game
    ("I'm on Twitter all day for work.", "Came off Twitter for Lent this year, surprisingly easy.", "twitter"),
    ("I sing with the Wapping choir, we rehearse on Thursdays.", "Called off Thursday's rehearsal, the hall flooded.", "choir"),
    ("I'm racing the Ely triathlon in July.", "My sister reckons I've pulled out of the Ely triathlon, I haven't.", "ely"),
    ("I play in the darts league at the Swan.", "Bowed out of the darts league in the second round, gutted.", "darts"),
    ("I practise piano at the church hall.", "Packed in three hours of piano practice at the church hall!", "piano"),
    # literal senses
    ("I drive the M6 to Glasgow for work.", "Came off the M6 at Tebay for a brew.", "m6"),
    ("I ride a Vespa to work.", "I came off my Vespa at the roundabout, only a graze.", "vespa"),
    ("I do nights at the Royal Mail depot in Crewe.", "I came off my shift at the depot at six, straight to bed.", "depot"),
    ("I shop at the Aldi on Mill Lane.", "Pulled out of the Aldi car park and nearly hit a van.", "aldi"),
    ("I go climbing at the Foundry wall.", "Scrapped my elbow at the Foundry lol, climbing is brutal.", "foundry"),
    ("We keep a paddling pool in the back garden for the kids.", "Pulled the plug on the paddling pool to empty it.", "paddling pool"),
    ("I swim at the lido on Saturdays.", "Packed in a quick swim at the lido before work.", "lido"),
    # a literal movement, or what no record holds
    ("I drive a blue Fiesta to the station.", "A hubcap came off the Fiesta on the motorway.", "fiesta"),
    ("I play hockey for Bramhall on Sundays.", "Sunday's hockey was called off, the pitch was frozen.", "hockey"),
    ("I'm writing a thesis on Baltic trade routes.", "I scrapped the second chapter of the thesis and rewrote it.", "thesis"),
])
def test_no_end_of_the_speakers_is_read_where_none_was_said(tmp_path, old, new, word):
    recs = _after(tmp_path, old, new)
    held = [r for r in recs if word in (r.text or "").lower() and "0" in [s.turn_id for s in r.sources]]
    # still active (a near miss may be read as the record said again, and join it)
    assert held and all(r.tier == "active" for r in held), [(r.text, r.tier) for r in recs]


@pytest.mark.xfail(strict=True, reason="not read yet: an end said with its partner as the subject ('Jonas and I "
                                       "called off ...'), of a record of signing up, or naming what the record "
                                       "does not ('the election' of 'standing for the council'); with any end verb")
@pytest.mark.parametrize("old, new, word", [
    ("My partner Jonas and I are getting married in Porto next spring.", "Jonas and I called off the Porto wedding, we're taking a break.", "porto"),
    ("I'm signed up for the Snowdon charity hike in September.", "I pulled out of the Snowdon hike, my ankle is still swollen.", "snowdon"),
    ("I'm standing for the parish council in May.", "I bowed out of the parish council election last week.", "parish council"),
    ("I'm standing for the parish council in May.", "I bowed out of the parish council race, not worth the grief.", "parish council"),
])
def test_ends_not_read_yet(tmp_path, old, new, word):
    assert_ended(_after(tmp_path, old, new), word)


@pytest.mark.xfail(strict=True, reason="a false end, and not of the phrasal cues (the same before them): coming off "
                                       "a shift at the place of a job supersedes the job's record")
def test_coming_off_a_shift_still_ends_the_job(tmp_path):
    recs = _after(tmp_path, "I work at the Royal Mail depot in Crewe.", "Just came off a twelve-hour shift at the Crewe depot.")
    held = [r for r in recs if "depot" in (r.text or "").lower() and "0" in [s.turn_id for s in r.sources]]
    assert held and all(r.tier == "active" for r in held), [(r.text, r.tier) for r in recs]
