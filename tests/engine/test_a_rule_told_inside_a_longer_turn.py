"""A rule told inside a longer turn is kept as a rule: one put under a label after an aside ("The
main thing, and this one is a dealbreaker: ...", "One more, and it's a hard limit: ..."), a price
the speaker is not prepared, willing or happy to go over ("I'm not willing to spend over £6,000 on
it"), and what something can be at most ("so the tour can last at most two hours"). Before, these
were kept as facts or events, or not at all. What the speaker can do, or was not willing to pay
once, is no rule; nor is a red line of someone else's told as an event."""
from __future__ import annotations

import pytest

from engine.extractor import states_a_rule
from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("Morning! Planning the garden party menu now. The main thing, and this one is a dealbreaker: nothing with "
     "sesame, my nephew reacts badly. Otherwise go wild.", "sesame"),
    ("Last thing about the divorce paperwork, and it's a red line for me: no contact with my ex's lawyer "
     "directly. Everything goes through mine.", "lawyer"),
    ("Setting up my work phone. One more, and it's a hard limit: no calls after 9pm. Texts are fine.", "9pm"),
    ("We're looking at used cars this month. Honestly I'm not willing to spend over £6,000 on it, whatever "
     "the dealer says. Petrol is fine.", "6,000"),
    ("Right, flights for the reunion. Budget-wise, we're not prepared to go over $2,500 for the four of us. "
     "Any airline is fine.", "2,500"),
    ("Looking for caterers for the christening. Honestly we're not happy to pay more than 30 a head for the "
     "food. Buffet style is fine.", "30 a head"),
    ("Booking a city tour for my gran. She tires quickly, so the tour can last at most two hours. She loves "
     "churches.", "two hours"),
    ("Planning my new route to the office. My knee is bad, so the commute can involve at most one bus. "
     "Walking is fine.", "one bus"),
])
def test_a_rule_inside_a_longer_turn_is_kept_as_one(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Robin", text)
    assert any(kind == "constraint" and word in t for kind, t in kept), kept


@pytest.mark.parametrize("text", [
    "I can run more than 10k without stopping these days.",
    "I can do up to 50 pushups now.",
    "I wasn't willing to pay more than 20 for it back then, so I left it.",
    "We went to the party, and it was a red line for my dad: he left early.",
    "I can lift at most 50 kg on a good day.",
    "The taxi driver was not willing to drive more than 10 miles so I walked the rest.",
    "Big news from home. My sister is leaving her job, and it's a red line for her: no weekend shifts.",
])
def test_what_one_can_do_or_did_is_no_rule(tmp_path, text):
    assert not states_a_rule(text)
    assert not any(kind == "constraint" for kind, _ in kept_of_one_turn(tmp_path, "Robin", text))


def test_a_comparison_is_no_rules_form():
    # (the classifier may still read it as a rule, as it did before)
    assert not states_a_rule("I can eat no more than anyone else.")


@pytest.mark.parametrize("said, words", [
    (["House rule: no shoes inside", "House rule: no phones at dinner"], ("shoes", "phones")),
    (["The main thing, and this one is a dealbreaker: nothing with sesame.",
      "Other thing, and this is a dealbreaker too: nothing with mustard."], ("sesame", "mustard")),
    (["Dealbreaker for me: no dogs in the flat", "Dealbreaker for me: no smokers either"], ("dogs", "smokers")),
])
def test_two_rules_under_one_label_are_two_rules(tmp_path, said, words):
    from two_sessions import active_after

    active = active_after(tmp_path, "Robin", said)
    assert all(any(w in t for t in active) for w in words), active
