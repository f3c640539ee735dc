"""A statement that something is over ("gave up", "quit", "left", "sold", "used to", "unsubscribed
from", "no longer <diet>") names no new value, yet the standing record of what ended is no longer
true: the end supersedes it, and the end is kept. An end only wanted, planned or tried, an end of
something else that shares a word with the record, a trip, a visit or a day off supersede nothing;
nor does a change that is only wished for."""
from __future__ import annotations

import pytest

from engine.meaning import ended
from two_sessions import records_after


def _records(tmp_path, old: str, new: str) -> list:
    return records_after(tmp_path, old, new, speaker="Tomas", days=("2026-06-01", "2026-06-09"), at="09:30:00")


def _of(records: list, turn: str) -> list:
    return [r for r in records if r.source_turn_ids == [turn]]


@pytest.mark.parametrize("old,new", [
    ("I take a pottery class on Monday evenings.", "I gave up pottery, the studio got too expensive."),
    ("I'm the treasurer of the chess club.", "I resigned from the chess club in March."),
    ("I work as a barista at Blue Finch Coffee.", "I left Blue Finch Coffee to start a catering business."),
    ("I listen to the Hardcore History podcast on my commute.", "I unsubscribed from Hardcore History."),
    ("I meditate every morning before work.", "I stopped meditating over the summer."),
    ("I drive a Subaru Outback.", "I sold the Subaru last weekend."),
    ("My daughter takes ballet lessons.", "My daughter dropped ballet this term."),
    ("I go to the climbing gym after work.", "I used to go to the climbing gym after work."),
    # the job ended, named by where it was
    ("I'm a porter at St. Luke's Hospital.", "I quit my job at St. Luke's Hospital last month."),
    ("My wife works at Siemens.", "My wife quit her job at Siemens."),
    # said with a negation that it is over, or with other verbs of ending
    ("My landlord is Mr. Petrov.", "Mr. Petrov isn't my landlord anymore, the flat was sold."),
    ("I sing in a gospel choir.", "I don't sing in the choir anymore."),
    ("I have a membership at Anytime Fitness.", "I ended my Anytime Fitness membership in May."),
    ("I'm studying for a law degree at Leiden.", "I withdrew from the law degree at Leiden."),
    ("I work as a cashier at Aldi.", "I handed in my notice at Aldi yesterday."),
    ("I drive a Ford Fiesta.", "I traded in the Fiesta for an electric Kia."),
    ("I run a small pottery stall at the market.", "I closed my pottery stall in August."),
    # said without a subject: the name after the verb is what ended
    ("I drive a Kia Picanto.", "Sold the Picanto on eBay."),
    ("I pay for Spotify Premium.", "Cancelled Spotify last night."),
    ("I use Evernote for my recipes.", "Dropped Evernote, too slow."),
    # a tie to a named thing ended: its membership, account, pass
    ("I go to Orangetheory three times a week.", "I cancelled my Orangetheory membership."),
    ("I play padel at the Riverside Club on Sundays.", "I cancelled my Riverside Club membership."),
    ("I swim at the Lido every morning.", "I let my Lido season pass lapse."),
    # a named thing that is gone
    ("I have a cat named Juniper.", "Juniper died in her sleep last night."),
    ("I sing in a choir called The Harmonics.", "The Harmonics folded after the director moved away."),
    ("I get my coffee at Beanstalk Cafe every morning.", "Beanstalk Cafe shut down last week."),
])
def test_an_end_supersedes_the_standing_record_of_what_ended(tmp_path, old, new):
    records = _records(tmp_path, old, new)
    before, after = _of(records, "0"), _of(records, "1")
    assert before and all(r.tier == "superseded" for r in before), [(r.tier, r.text) for r in records]
    assert after and all(r.tier == "active" for r in after), [(r.tier, r.text) for r in records]


@pytest.mark.parametrize("old,new", [
    # only wanted, planned, tried or denied
    ("I meditate every morning before work.", "I'm planning to stop meditating when the baby arrives."),
    ("I work as a barista at Blue Finch Coffee.", "I'm thinking about leaving Blue Finch Coffee."),
    ("I take a pottery class on Monday evenings.", "I tried to give up pottery but missed it too much."),
    ("I drive a Subaru Outback.", "I would never sell the Subaru."),
    # the end of something else that shares a word with the record
    ("I drink coffee every morning.", "I gave up milk in my coffee."),
    ("I have a Spotify subscription.", "I cancelled my Audible subscription."),
    ("I'm a member of the Harbour Rowing Club.", "I left my oars at the Harbour Rowing Club."),
    # a trip, a day off, a habit grown used to
    ("I live in Utrecht.", "I left Utrecht for a week of hiking in Norway."),
    ("I work at the library on weekdays.", "I'm off work today with a cold."),
    ("I teach maths at a secondary school.", "I've grown used to teaching maths online."),
    ("I drink green tea every morning.", "I don't drink coffee anymore."),
    ("My neighbour is Mrs. Dlamini.", "I ended the call with Mrs. Dlamini early."),
    ("I work at Tesla as an engineer.", "I traded in my old bike for a new one."),
    # a tie to something else, or to nothing named
    ("I go to Orangetheory three times a week.", "I cancelled my Peloton subscription."),
    ("I bank with Santander.", "I closed my old PayPal account."),
    ("My gym buddy is Tom.", "I cancelled my gym membership."),
    # someone else's end
    ("I'm a member of the Westside running club.", "My mate Ola quit the Westside running club."),
    ("I play guitar in a band called The Static.", "Our drummer Sven quit The Static."),
    ("I work at Brightline Logistics.", "My flatmate Tariq left Brightline Logistics last month."),
    ("I have a dog named Pepper.", "My neighbour's dog Rex died last week."),
])
def test_what_is_not_an_end_of_the_record_leaves_it_standing(tmp_path, old, new):
    records = _records(tmp_path, old, new)
    before = _of(records, "0") or [r for r in records if "0" in r.source_turn_ids]
    assert before and all(r.tier == "active" for r in before), [(r.tier, r.text) for r in records]


@pytest.mark.parametrize("old,new", [
    ("I'm pescatarian.", "I'm no longer pescatarian."),
    ("We're vegetarian.", "We're not vegetarian anymore, we eat chicken again."),
    ("I'm keto.", "I am not keto any more, too many headaches."),
])
def test_a_diet_said_to_be_over_supersedes_the_diet_rule(tmp_path, old, new):
    records = _records(tmp_path, old, new)
    (rule,) = _of(records, "0")
    assert rule.kind == "constraint" and rule.tier == "superseded", [(r.tier, r.text) for r in records]
    (now,) = [r for r in records if r.tier == "active"]
    assert now.source_turn_ids == ["1"] and ("no longer" in now.text or "not" in now.text), now.text


@pytest.mark.parametrize("old,new", [
    ("Our team standup is at 9:30.", "I'd like to move our standup to 10:30."),
    ("My dentist appointment is on the 14th.", "I'm hoping to push my dentist appointment to the 21st."),
    ("My weekly piano lesson is on Tuesdays.", "I'm considering a switch of my piano lesson to Thursdays."),
])
def test_a_change_only_wished_for_updates_nothing(tmp_path, old, new):
    records = _records(tmp_path, old, new)
    before = _of(records, "0")
    assert before and all(r.tier == "active" for r in before), [(r.tier, r.text) for r in records]


@pytest.mark.parametrize("text,head", [
    ("Tomas stopped eating red meat in May", "meat"),
    ("Tomas quit smoking in the spring", None),     # the doing alone: when is no part of it
    ("Tomas let their Vogue subscription lapse", "subscription"),
    ("Tomas is off caffeine now", "caffein"),
])
def test_what_ended_is_the_thing_not_when(text, head):
    found = ended(text, "Tomas")
    assert found is not None and found.head == head, found


@pytest.mark.parametrize("text", [
    "Tomas stopped by the bakery on the way home",
    "Tomas wants to quit the band",
    "Tomas never left the village",
    "Tomas got used to the noise",
    "Tomas dropped their phone in the sink",
    "Tomas left for the airport at six",
])
def test_stops_departures_and_unmade_ends_are_not_ends(text):
    assert ended(text, "Tomas") is None


@pytest.mark.parametrize("old,new", [
    ("I work at Accenture as a consultant.", "I want to leave Accenture for a startup."),
    ("I rent an apartment in Porto.", "I'm hoping to move out of Porto next spring."),
    ("I shop at Carrefour every week.", "I'm trying to stop shopping at Carrefour."),
    ("I bank with Monzo.", "I'm thinking about leaving Monzo."),
])
def test_wanting_a_change_is_not_the_record_said_again(tmp_path, old, new):
    """The wish is a memory of its own; the record stands, not reinforced by it."""
    records = _records(tmp_path, old, new)
    (before,) = [r for r in records if "0" in r.source_turn_ids]
    assert before.tier == "active" and before.source_turn_ids == ["0"], [(r.source_turn_ids, r.text) for r in records]
    assert _of(records, "1"), [(r.source_turn_ids, r.text) for r in records]


def test_a_wish_said_again_is_one_memory(tmp_path):
    records = _records(tmp_path, "I want to learn Japanese before my trip to Osaka.",
                       "I still want to learn Japanese before my trip to Osaka.")
    (record,) = records
    assert record.source_turn_ids == ["0", "1"]
