"""A request to forget "what I said about X" names its topic: where no memory is about X, nothing
is forgotten, not the last thing the user said (which has nothing to do with X). Only a request
that points at what was *just* said ("what I just said about my health", "that bit about ...")
falls back to the last statement when the topic's words match no memory, and "everything I just
told you" is what was just said (with what "that" would take: a sensitive thing said in the
last three turns)."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from conftest import active_before_and_after, active_texts_after, holds

AT = datetime(2026, 2, 16, 18, tzinfo=timezone.utc)


_SPEAKER = "Colm"


@pytest.mark.parametrize("first, last, asked", [
    ("I restore old Vespa scooters in my garage.", "My nephew Tobias starts university in October.",
     "Please forget what I told you about my divorce."),
    ("I'm learning Portuguese on weekday evenings.", "I take metformin for type 2 diabetes.",
     "Delete what I mentioned about my landlord."),
    ("We foster kittens for the local animal shelter.", "My brother runs a bakery in Lyon.",
     "Can you erase what I said about my salary?"),
    ("I swim at the lido before work most days.", "My daughter is allergic to peanuts.",
     "Forget what I wrote about the wedding."),
    # a "that" that points at nothing: what follows it says what is meant
    ("I repair antique clocks as a hobby.", "My flatmate Oona is moving to Galway.",
     "Forget that I mentioned my overdraft."),
    ("I have a season ticket at Anfield.", "My grandad turns ninety in May.",
     "Delete what I told you about the house move, that was private."),
])
def test_a_topic_no_memory_holds_forgets_nothing(tmp_path, first, last, asked):
    before, after = active_before_and_after(tmp_path, [first, last], asked, _SPEAKER, AT)
    assert len(before) == 2
    assert after == before


@pytest.mark.parametrize("first, last, asked, kept, gone", [
    ("I volunteer at a food bank on Sundays.", "My knees have been aching every morning.",
     "Forget what I just said about my health.", "food bank", "knees"),
    ("I coach an under-12 rugby team.", "I owe my cousin about £900.",
     "Actually, forget what I just told you about money.", "rugby", "cousin"),
])
def test_what_was_just_said_is_still_taken(tmp_path, first, last, asked, kept, gone):
    active = active_texts_after(tmp_path, [first, last, asked], "Colm", AT)
    assert holds(active, kept) and not holds(active, gone)


@pytest.mark.parametrize("first, last, asked, kept, gone", [
    ("My sister Ines is a pharmacist in Leeds.", "I keep a small sailboat at the marina in Howth.",
     "Scrap everything I just said.", "pharmacist", "sailboat"),
    ("My mother lives in Porto.", "I'm thinking about quitting my job at the council.",
     "Please delete everything I just told you.", "Porto", "council"),
    ("I play five-a-side football on Tuesdays.", "I've been seeing a counsellor about my anxiety.",
     "Wipe all I just mentioned.", "five-a-side", "counsellor"),
])
def test_everything_i_just_said_is_the_last_statement(tmp_path, first, last, asked, kept, gone):
    before, active = active_before_and_after(tmp_path, [first, last], asked, _SPEAKER, AT)
    assert holds(before, kept) and holds(before, gone)
    assert holds(active, kept) and not holds(active, gone)


def test_everything_i_just_said_takes_a_sensitive_statement_too(tmp_path):
    said = ["I was diagnosed with coeliac disease last year.", "I keep a small sailboat at the marina in Howth."]
    before, active = active_before_and_after(tmp_path, said, "Forget everything I just told you.", _SPEAKER, AT)
    assert holds(before, "coeliac") and holds(before, "sailboat")
    assert not holds(active, "coeliac") and not holds(active, "sailboat")


@pytest.mark.parametrize("first, last, asked", [
    # a "just" that only softens the request points at nothing
    ("I coach a girls' netball team.", "My uncle Bernard is a retired pilot.",
     "Could you just wipe what I said about my ex-husband?"),
    ("I grow orchids in the conservatory.", "My daughter Freya is at Exeter.",
     "Forget what I told you about my debts, it's just awkward."),
    ("I go bouldering on Wednesdays.", "My neighbour Aziz fixes bikes.",
     "I just want you to erase what I mentioned about my divorce."),
    # "that stuff I said about ...", "this stuff is private": what follows names it
    ("I keep ferrets.", "My cousin Delia lives in Oban.",
     "Please delete that stuff I said about my probation, this stuff is private."),
])
def test_a_softening_just_or_a_named_that_points_nowhere(tmp_path, first, last, asked):
    before, after = active_before_and_after(tmp_path, [first, last], asked, _SPEAKER, AT)
    assert len(before) == 2 and after == before


@pytest.mark.parametrize("said, asked, kept, gone", [
    (["My sister Ines is a pharmacist in Leeds.", "I keep a small sailboat at the marina in Howth."],
     "Please delete everything I've just told you.", "pharmacist", "sailboat"),
    (["I brew beer in the garage.", "My landlord is called Mr Okafor."],
     "Forget everything I said just now.", "beer", "Okafor"),
    (["I referee rugby on Saturdays.", "My son Oskar plays the cello."],
     "Erase all that I've just written.", "rugby", "cello"),
    # the last message left no memory: "everything I just said" is that message, and nothing goes
    (["I'm a plumber in Derby.", "Hmm, not sure about that."], "Delete everything I just said.", "plumber", None),
    # the topic was just said, yet the last message kept nothing, and nothing sensitive is near
    (["I work as a florist.", "What's a good film for tonight?"], "Forget what I just told you about films.",
     "florist", None),
    # "that part about X": the last message
    (["I swim at the lido before work.", "I'm behind on my council tax."], "Please drop that bit about bills.",
     "lido", "council tax"),
])
def test_the_last_message_is_what_was_just_said(tmp_path, said, asked, kept, gone):
    before, active = active_before_and_after(tmp_path, said, asked, _SPEAKER, AT)
    assert holds(before, kept) and (gone is None or holds(before, gone))
    assert holds(active, kept) and (gone is None or not holds(active, gone))
    if gone is None:
        assert active == before


@pytest.mark.parametrize("said, asked, kept", [
    ("I'm allergic to latex.", "Don't forget what I told you about my allergy!", "latex"),
    ("I take insulin twice a day.", "Never forget what I said about my insulin, please.", "insulin"),
    ("I have a pacemaker fitted.", "You mustn't forget what I said about my pacemaker.", "pacemaker"),
    ("My anniversary is on 14 June.", "Please do not forget that.", "anniversary"),
])
def test_dont_forget_forgets_nothing(tmp_path, said, asked, kept):
    active = active_texts_after(tmp_path, [said, asked], "Colm", AT)
    assert holds(active, kept)
