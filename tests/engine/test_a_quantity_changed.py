"""A quantity given anew with a word of change ("down to 85 members now", "up to 9,500 followers",
"a new max") is kept, even told beside what moved it and without a subject, and supersedes the
record that gave the same unit another quantity, though the rest of the sentence is worded
otherwise. A counted thing names itself; kilos, euros and kilometres are of anything, so there the
two must share a word of what is measured. Other things measured in the same unit, another
holder's, another time's, or a statement naming its own old value stay apart."""
from __future__ import annotations

import pytest

from engine.meaning import changed_measures, measures
from tests.conftest import assert_first_left_alone, assert_new_value_replaced_old


def test_measures_read_a_unit_in_one_spelling():
    assert measures("a personal best of 95 kilograms") == {("95", "kg")}
    assert measures("lifted 105kg") == {("105", "kg")}
    assert measures("the limit is £465,000") == {("465000", "pound")}
    assert measures("about 40 head of cattle") == {("40", "head")}
    assert measures("rent is $1,250 a month") == {("1250", "dollar")}
    # time, frequency and years are no measure: the schedule rules read them
    assert measures("three times a week at 6pm since 2021") == frozenset()
    assert measures("for 2 hours on 3 days") == frozenset()
    assert changed_measures("down to 85 members now", "about 120 members in the choir") == {"member"}
    assert changed_measures("still 120 members", "about 120 members in the choir") == frozenset()


@pytest.mark.parametrize("first, change, old, new", [
    # a counted thing: the unit names what changed
    ("My channel has roughly 2,000 followers on the craft videos.",
     "The tutorial went viral, we're up to 9,500 followers now!", "2,000", "9,500"),
    ("Our allotment group has 30 plots, and I manage the waiting list.",
     "The council gave us the old tennis courts, so it's up to 45 plots now.", "30 plots", "45"),
    ("Our food co-op has 150 households signed up for the veg box.",
     "We're up to 210 households now after the open day.", "150", "210"),
    # the count that moved told beside what moved it, with or without a subject
    ("We have about 120 members in the choir, rehearsals are on Wednesdays.",
     "Lots of people left over the summer, down to 85 members now.", "120", "85"),
    ("The orchard has 40 apple trees along the south slope.",
     "The storm took out a few, we're down to 34 trees now.", "40", "34"),
    ("We run a little bookshop with about 3,000 titles on the shelves.",
     "Had a massive clear-out sale, down to 2,200 titles now.", "3,000", "2,200"),
    ("The youth club has 25 regulars on Friday nights.",
     "Two families moved away, so it's down to 19 regulars now.", "25 regulars", "19"),
    ("My Etsy shop has 140 listings.",
     "Finally photographed the new batch, up to 180 listings now!", "140", "180"),
    ("The board game shelf at the library has about 60 games.",
     "People keep donating, the shelf is up to 95 games now.", "60", "95"),
])
def test_a_quantity_given_anew_supersedes_the_old_one(tmp_path, first, change, old, new):
    assert_new_value_replaced_old(tmp_path, first, change, old, new, "Noor", "2026-04-06", 12)


@pytest.mark.parametrize("first, other", [
    # another thing weighed, priced or measured in the same unit
    ("I weigh 64 kg and I'm training for a triathlon.",
     "Swapped to a carbon wheelset, the bike is down to 7 kg now."),
    ("Our flat's rent is 1,200 euros a month.",
     "We raised the holiday budget to 2,500 euros after the bonus."),
    ("I walk about 10 km a day with the dog.",
     "The charity hike got moved to a 25 km route this year."),
    # someone else's
    ("We have 6 hens in the garden.",
     "The neighbours now have 10 hens too."),
    # another time of the week (a known miss: "now" and the shared frame read as a change)
    pytest.param("I swim 2 km on weekdays at the lido.", "On Sundays I now swim 4 km in the lake.",
                 marks=pytest.mark.xfail(reason="the 'now' rule reads another day's habit as a change", strict=True)),
    # its own old value named, not the record's
    ("I drink about 3 litres of water a day.",
     "The new bottle holds 1.5 litres now instead of 1."),
])
def test_the_same_unit_of_something_else_leaves_the_record(tmp_path, first, other):
    assert_first_left_alone(tmp_path, first, other, "Noor", "2026-04-06", 12)


def test_the_speaker_and_someone_of_theirs_are_one_holder():
    from engine.meaning import holder

    assert holder("My wife and I are looking for a house", "Noor") == frozenset()
    assert holder("Noor's partner and Noor are saving for a flat", "Noor") == frozenset()
    assert holder("Noor and her brother keep bees", "Noor") == frozenset()
    assert holder("Noor's sister lives in Rome", "Noor") == {"sister"}


@pytest.mark.parametrize("first, change, old, new", [
    ("My husband and I rent a two-bed flat in Lyon for 1,100 euros a month.",
     "The landlord put our rent up to 1,180 euros a month.", "1,100", "1,180"),
    ("Me and my girlfriend share one car, a 2015 VW Golf.",
     "We sold the Golf last month and we drive a Toyota Yaris now.", "2015 VW Golf", "Yaris"),
    ("My brother and I keep 12 beehives on the farm.",
     "We lost a few over winter, so we are down to 9 beehives now.", "12", "9 beehives"),
])
def test_a_household_statement_is_updated_by_what_we_say(tmp_path, first, change, old, new):
    """What the speaker said of themselves and someone of theirs together ("my husband and I ...")
    is theirs as a "we" statement is: "our rent", "we drive" update it."""
    assert_new_value_replaced_old(tmp_path, first, change, old, new, "Noor", "2026-04-06", 12)


@pytest.mark.parametrize("first, change, old, new", [
    ("The sailing club's membership fee is 75 euros, paid every January.",
     "I wanted to let you know that, after the committee met on Tuesday evening and argued for ages about the "
     "accounts, the sailing club's membership fee has been raised to 90 euros, which I think is fair enough.",
     "75", "90"),
    ("My gym membership costs 35 pounds a month.",
     "I thought I should tell you that, because the gym has just finished a big refurbishment of the changing "
     "rooms and the pool over the spring, my gym membership has gone up to 41 pounds a month, which is annoying.",
     "35", "41"),
    ("The ferry season ticket is 600 euros.",
     "As it turns out, after a long consultation with the islanders and two public meetings at the harbour office "
     "in the autumn, the ferry season ticket has been lowered to 520 euros for residents, which is a relief.",
     "600", "520"),
])
def test_a_change_in_one_piece_of_a_long_sentence_updates(tmp_path, first, change, old, new):
    """A sentence too long to be read as one statement is read between its commas: the piece that
    says the change updates the record as a short sentence would."""
    assert_new_value_replaced_old(tmp_path, first, change, old, new, "Noor", "2026-04-06", 12)
