"""A new value told as news, or set by someone acting for the speaker, supersedes the old one:
- "swapped to", "made the switch to" are change cues, and what follows them is the new value even
  when it is no name ("swapped to almond milk" / "takes oat milk in tea");
- a raise or cut said apart from the new value ("they put the rent up, it's 1,320 from June", "got
  a pay rise, I'm on 47k", "the fee goes up to 95");
- someone moving the speaker onto something ("my supervisor moved me onto nights"), relocating,
  reassigning or transferring them, or the speaker "moved by the trust to" somewhere;
- a subject-less "Got a letter from the council: ..." is the speaker's news, not the council's;
- a company the record ties the speaker's thing to changes it ("Thames Water put my bill up to").
A relative's change, or one only threatened, changes nothing of the speaker's."""
from __future__ import annotations

import pytest

from engine.meaning import holder
from two_sessions import assert_replaced, records_after

DAYS = ("2026-07-01", "2026-07-08")


def _after(tmp_path, old, new):
    return records_after(tmp_path, old, new, speaker="Oona", days=DAYS, at="12:00:00")


@pytest.mark.parametrize("old, new, old_word, new_word", [
    ("I take oat milk in my tea, always have.", "I've swapped to almond milk in my tea, oat was upsetting my stomach.", "oat", "almond"),
    ("I do my big shop at Lidl on Fridays.", "Made the switch to Aldi for the big shop, it's closer.", "lidl", "aldi"),
    ("I use a paper diary for my appointments.", "I've switched to a phone calendar for appointments, the diary kept getting lost.", "paper", "calendar"),
])
def test_a_switch_names_the_new_value(tmp_path, old, new, old_word, new_word):
    assert_replaced(_after(tmp_path, old, new), old_word, new_word)


@pytest.mark.parametrize("old, new, old_word, new_word", [
    ("My rent is £1,200 a month for the flat.", "The letting agent put the rent up, it's £1,320 from June.", "1,200", "1,320"),
    ("My salary is 42k.", "Finally got a pay rise, I'm on 47k now.", "42k", "47k"),
    ("The nursery fee is £80 a day for my son.", "Got a letter from the nursery: from September the fee goes up to £95 a day.", "£80", "£95"),
    ("My water bill with Thames Water is £38 a month.", "Thames Water have put my bill up to £45 a month, grr.", "£38", "£45"),
])
def test_a_raise_said_apart_from_the_value(tmp_path, old, new, old_word, new_word):
    assert_replaced(_after(tmp_path, old, new), old_word, new_word)


@pytest.mark.parametrize("old, new, old_word, new_word", [
    ("I work day shifts at the hospital, 7am to 7pm.", "My supervisor has moved me onto nights, 7pm to 7am from next week.", "7am to 7pm", "nights"),
    ("I cover the Bristol region for the firm.", "The firm has reassigned me to the Cardiff region from Monday.", "bristol", "cardiff"),
    ("I'm based at the Didcot depot.", "I've been transferred by the company to the Swindon depot.", "didcot", "swindon"),
    ("My desk is on floor 3 by the window.", "I've been moved by facilities to floor 6, no window now.", "floor 3", "floor 6"),
])
def test_someone_moving_the_speaker(tmp_path, old, new, old_word, new_word):
    assert_replaced(_after(tmp_path, old, new), old_word, new_word)


@pytest.mark.parametrize("old, new, word", [
    ("My rent is £1,200 a month for the flat.", "My sister's landlord put her rent up to £1,400.", "1,200"),
    ("I work day shifts at the hospital, 7am to 7pm.", "My supervisor might move me onto nights, not sure yet.", "7am"),
    ("I take oat milk in my tea, always have.", "My brother swapped to almond milk.", "oat"),
    # a condition is no change made
    ("My salary is 42k.", "If I got the senior post I'd be on 51k, which would be nice.", "42k"),
    ("I'm based at the Didcot depot.", "If they transferred me to the Swindon depot I could walk to work.", "didcot"),
    ("My rent is £1,200 a month for the flat.", "Supposing the landlord put the rent up to £1,300, I would have to move.", "1,200"),
])
def test_no_change_of_the_speakers(tmp_path, old, new, word):
    recs = _after(tmp_path, old, new)
    assert any(r.tier == "active" and word in (r.text or "").lower() for r in recs), [(r.text, r.tier) for r in recs]


@pytest.mark.parametrize("text, who", [
    ("Oona: Got a letter from the landlord about the boiler", frozenset()),
    ("Oona: Visited my sister in Galway", frozenset()),
    ("Oona: Rang the dentist about my filling", frozenset()),
    ("Oona's sister rang the bank", frozenset({"sister"})),
])
def test_a_subjectless_opening_is_the_speakers(text, who):
    assert holder(text, "Oona") == who
