"""Forgetting on wording the first rounds did not read.

- "Forget the X" asked (please, can you) with nothing else in the sentence is a request, however
  the classifier reads it; said without asking ("It's Sunday! Forget the alarm.") or with another
  thing proposed ("forget the X, let's do Y") it sets X aside in talk and forgets nothing. Moving
  the talk on beside a request ("..., let's talk about the holiday") leaves the request standing.
- "keep his name though" beside a request says what to keep: it asks nothing forgotten; "keep the
  rest, but scrap the bit about X" still asks.
- A clause opened by a conjunction is a piece of its own whatever its subject ("the ceremony is at
  3pm, and my cousin isn't invited"), and so is one opened by a pronoun ("..., her direct line is
  ..."): a request naming it keeps the other. "My dentist's number" names the dentist's statement
  closest to "number".
- A statement that points back to the one before ("He failed his exam") goes when that one goes;
  forgetting it alone keeps the one before. So does a clause whose subject is a thing already
  spoken of ("..., and the charges were dropped").
- "Forget X for tonight / for today / just this once / this time" waives X for a while: it stays.
- "Ignore the salary figure I mentioned", "scrap the price I quoted": a thing said, named, is a
  request.
- What stays, said beside a request ("the school stuff can stay", "the follow-up date still
  stands", "leave the boiler part as it is"), is kept even where it leans on what goes, and is no
  memory of its own.
"""
from __future__ import annotations

import re

import pytest

from tests.conftest import engine_after, record_texts


def _texts(tmp_path, turns: list[str], speaker: str = "Liesel", gap_days: int = 5) -> list[str]:
    return record_texts(tmp_path, turns, speaker, "2026-05-04", gap_days)


@pytest.mark.parametrize("said, asked, gone", [
    ("We threw Gran a surprise birthday lunch at the boathouse.", "Forget the surprise lunch, please.", "boathouse"),
    ("My brother and I are planning a canoe trip down the Wye in August.", "could you forget about the canoe trip?",
     r"canoe|wye"),
    ("I signed up for a six-week pottery course at Claybank on Thursdays.", "forget that pottery course pls", "claybank"),
    ("Our book club is reading a thriller by Mara Quinn this month.", "Please forget Mara Quinn's thriller.", "thriller"),
])
def test_forget_the_named_thing_alone_is_a_request(tmp_path, said, asked, gone):
    texts = _texts(tmp_path, [said, "I'm allergic to sesame.", asked])
    assert not any(re.search(gone, t, re.IGNORECASE) for t in texts), texts
    assert any("sesame" in t for t in texts), texts


@pytest.mark.parametrize("said, asked, word", [
    ("We go to the beach at Saltburn most weekends.", "Forget the beach, let's go hiking instead.", "Saltburn"),
    ("I take the 38 bus to the studio every morning.", "forget the bus, how about we walk there today", "38"),
    ("The traffic on the ring road makes my commute 50 minutes.",
     "Forget the traffic, the real problem is the rain.", "50"),
])
def test_a_thing_set_aside_for_another_is_not_forgotten(tmp_path, said, asked, word):
    texts = _texts(tmp_path, [said, asked])
    assert any(word in t for t in texts), texts


@pytest.mark.parametrize("said, asked, word", [
    ("I'm gluten-free, so no regular pasta or bread for me.", "Please forget the gluten stuff for tonight, we're at Nonna's.",
     "gluten"),
    ("I keep my weekly eating-out budget to 60 dollars.", "can u forget my eating-out budget just this once? payday!",
     "60"),
    ("I never drink coffee after 2pm because I sleep badly.", "Forget the coffee rule for today please, it's a long drive.",
     "2pm"),
    ("My daughter Ines goes to bed at 7:30 sharp.", "Could you forget about Ines's bedtime this time? It's New Year.",
     "7:30"),
])
def test_a_thing_set_aside_for_a_while_still_holds(tmp_path, said, asked, word):
    """Waived for a night, a day or one occasion, it is still true after it: nothing is erased."""
    texts = _texts(tmp_path, [said, asked])
    assert any(word in t for t in texts), texts


@pytest.mark.parametrize("said, asked, gone", [
    ("I'm gluten-free, so no regular pasta or bread for me.", "Forget everything I told you today about gluten, please.",
     "gluten"),
    ("I keep my weekly eating-out budget to 60 dollars.", "Please forget my eating-out budget.", "60"),
    ("My daughter Ines goes to bed at 7:30 sharp.", "could you delete the bit about Ines's bedtime for good?", "7:30"),
])
def test_a_request_with_a_time_of_telling_or_for_good_still_forgets(tmp_path, said, asked, gone):
    texts = _texts(tmp_path, [said, "I'm allergic to sesame.", asked])
    assert not any(re.search(gone, t, re.IGNORECASE) for t in texts), texts
    assert any("sesame" in t for t in texts), texts


@pytest.mark.parametrize("said, asked, word", [
    ("I set two alarms for 5:45 on weekdays for the early shift.", "It's Sunday!! Forget the alarms.", "5:45"),
    ("I check the tide tables at Porthmeor before every surf.", "Ugh, flat sea again. Forget the tide tables. Going anyway.",
     "Porthmeor"),
    ("We're baking a carrot cake for Nana Ruth's 80th on Saturday.",
     "Forget the cake. Let's sort out the seating plan first.", "carrot"),
])
def test_forget_the_x_said_without_asking_drops_a_matter_not_a_memory(tmp_path, said, asked, word):
    texts = _texts(tmp_path, [said, asked])
    assert any(word in t for t in texts), texts


@pytest.mark.parametrize("said, asked, gone, kept", [
    ("Our accountant is Ms Feld, her direct line is 0161 555 0392, and she answers emails fast.",
     "please forget the phone line bit. keep her name though", r"0392", "Feld"),
    ("The ceremony is at 2pm at the old mill, and my cousin Brin isn't invited.",
     "Wipe the note about my cousin not being invited, we sorted it out. Do keep the ceremony time.",
     r"brin|invited", "2pm"),
    ("The team wiki lives at wiki.corvel.example, and the old payroll server gets retired in July.",
     "forget what I said about the payroll server, that's not public yet.", r"payroll|july", "wiki"),
    # only the possessor is said: the piece closest to what of theirs is named
    ("My dentist is Dr Amadi, her surgery number is 020 7946 0321, and she is great with nervous patients.",
     "delete the bit about my dentist's number", r"0321", "Amadi"),
    ("My boss is Hedda Lund, her home address is 14 Larch Way, and she hates long emails.",
     "please forget my boss's address", r"larch", "Lund"),
    ("My nephew is called Tobiah, his school is Ashgrove Primary, and he loves trains.",
     "forget my nephew's school please", r"ashgrove", "Tobiah"),
    ("Jonas has cello with Mr Pike on Tuesdays. He failed his grade 4 theory exam and he's gutted.",
     "Could you erase the part about Jonas's exam?", r"fail|grade 4|gutted", "Pike"),
])
def test_one_piece_forgotten_the_rest_kept(tmp_path, said, asked, gone, kept):
    texts = _texts(tmp_path, [said, asked])
    assert not any(re.search(gone, t, re.IGNORECASE) for t in texts), texts
    assert any(kept in t for t in texts), texts


@pytest.mark.parametrize("said, asked, gone", [
    # what points back goes with what it points to
    ("I crashed my sister's car in March. She still doesn't know it was me. I sing in a choir.",
     "Please forget the car crash.", r"crash|doesn't know"),
    ("My neighbour Odo lost his job at the mill. He's been drinking a lot since. I grow dahlias.",
     "Forget what I said about Odo's job.", r"mill|drinking"),
    ("The loft has a leak, so the landlord is fixing it next week. I work from home on Fridays.",
     "forget the bit about the leak", r"leak|fixing"),
])
def test_what_points_back_goes_with_what_it_points_to(tmp_path, said, asked, gone):
    texts = _texts(tmp_path, [said, asked])
    assert not any(re.search(gone, t, re.IGNORECASE) for t in texts), texts


@pytest.mark.parametrize("asked", ["keep the street name though", "Do keep her birthday, that's fine.",
                                   "you can keep the rest"])
def test_told_what_to_keep_forgets_nothing(tmp_path, asked):
    texts = _texts(tmp_path, ["My aunt Wilma lives on Crane Street and her birthday is 3 June.", asked])
    assert any("Crane" in t for t in texts) and any("June" in t for t in texts), texts


@pytest.mark.parametrize("said, asked, gone", [
    ("My colleague Runa told me she's been interviewing with a rival firm.",
     "Please forget about Runa's interviews, we should move on to my slides.", r"interview|rival"),
    ("My brother-in-law owes 9,000 on a payday loan and his wife doesn't know.",
     "Forget the thing with my brother-in-law's loan, let's talk about the trip.", r"9,000|payday"),
    ("My friend Oona told me she is pregnant but nobody knows yet.",
     "Wipe what Oona told me about the pregnancy, let's get back to my CV instead.", r"pregnan"),
])
def test_a_request_beside_moving_the_talk_on_stands(tmp_path, said, asked, gone):
    texts = _texts(tmp_path, [said, asked])
    assert not any(re.search(gone, t, re.IGNORECASE) for t in texts), texts


@pytest.mark.parametrize("said, asked, gone, kept", [
    ("My flatmate is Gil, and his new girlfriend is Suki.", "Keep Gil, but scrap the bit about his girlfriend.",
     "Suki", "Gil"),
    ("My address is 4 Ferry Lane, and my mobile is 07700 900812.", "Keep my address but remove my mobile number.",
     "900812", "Ferry"),
    ("My pay is 41,200 a year.", "Please remember that I don't want my pay stored anywhere, so drop it.", "41,200", None),
])
def test_keep_beside_a_word_of_not_keeping_still_asks(tmp_path, said, asked, gone, kept):
    texts = _texts(tmp_path, [said, asked])
    assert not any(gone in t for t in texts), texts
    assert kept is None or any(kept in t for t in texts), texts


@pytest.mark.parametrize("said, asked, gone", [
    ("My cousin Brin got arrested last week, and the charges were dropped on Friday.",
     "Please forget what I said about Brin's arrest.", r"arrest|charges"),
    ("My uncle Ned had a stroke in January, and the rehab unit is booked until May.",
     "forget the bit about uncle Ned's stroke please", r"stroke|rehab"),
    ("My flatmate Leo got caught shoplifting, but the shop didn't call the police.",
     "Can you forget the part about Leo shoplifting?", r"shoplift|police"),
])
def test_a_clause_of_a_thing_already_spoken_of_goes_with_it(tmp_path, said, asked, gone):
    texts = _texts(tmp_path, [said, asked])
    assert not any(re.search(gone, t, re.IGNORECASE) for t in texts), texts


@pytest.mark.parametrize("said, asked, word", [
    ("I'm coeliac, so nothing with wheat in it.", "Can you forget the gluten thing for this one? It's for my flatmate.",
     "coeliac"),
    ("My essay has a hard limit of 3,000 words.", "Please forget the word limit for now, just brainstorm.", "3,000"),
    ("Our lurcher Biscuit comes on every holiday with us.", "Could you forget the dog this time? He's at my mum's.",
     "Biscuit"),
])
def test_forget_the_x_for_a_while_is_no_request(tmp_path, said, asked, word):
    texts = _texts(tmp_path, [said, asked])
    assert any(word in t for t in texts), texts


@pytest.mark.parametrize("said, asked, gone", [
    ("My brother Ravi was arrested at a march in May.", "Keep the rest, just scratch the bit about my brother's arrest.",
     "arrest"),
    ("I earn 47,500 a year as a planner.", "You can keep my job, but strike my salary.", "47,500"),
    ("I owe 8,000 on a credit card and have a CCJ from 2021.", "Keep in mind I want the stuff about my debts wiped.",
     r"8,000|CCJ"),
])
def test_keep_beside_any_word_of_erasing_still_asks(tmp_path, said, asked, gone):
    texts = _texts(tmp_path, [said, asked])
    assert not any(re.search(gone, t) for t in texts), texts


@pytest.mark.parametrize("said, asked, gone", [
    ("My friend Inka had an abortion in March.", "Forget the thing about Inka's abortion, we should plan her party.",
     "abortion"),
    ("My husband Colm lost his job at the depot and is struggling.",
     "Erase Colm's job situation rather than dwelling on it, he's sorting it.", "depot"),
    ("My niece Aoibh was suspended from school for vaping.", "Delete the bit about Aoibh's suspension, let's do the menu.",
     "suspend"),
])
def test_erasing_beside_another_proposal_still_asks(tmp_path, said, asked, gone):
    texts = _texts(tmp_path, [said, asked])
    assert not any(gone in t for t in texts), texts


@pytest.mark.parametrize("said, asked, gone", [
    ("My sister Lou is pregnant, and Lou's due date is in October, but our parents don't know yet.",
     "Please forget Lou's pregnancy.", r"pregnan|october|don't know"),
    ("My uncle Pat is being sued over a loan, and Pat's court date is 9 June.", "Forget about Pat being sued, please.",
     r"sued|june"),
    ("I dented the neighbour's car, and they never noticed.", "Forget what I said about the car, please.",
     r"dented|noticed"),
    ("My friend Tove is leaving her husband, and Tove's lawyer starts next week.", "Please forget Tove's divorce plans.",
     r"leaving|lawyer"),
    # kept as two records by the rules, not as one sentence's pieces: the second is not asked about
    pytest.param("I failed my first-year exams, but my parents have no idea.", "forget the bit about my exams please",
                 r"failed|no idea", marks=pytest.mark.xfail(reason="two records, not pieces of one", strict=True)),
])
def test_a_clause_about_the_same_person_or_matter_goes_with_it(tmp_path, said, asked, gone):
    texts = _texts(tmp_path, [said, asked])
    assert not any(re.search(gone, t, re.IGNORECASE) for t in texts), texts


@pytest.mark.parametrize("said, asked, gone", [
    ("I earn 52,000 a year at the council.", "Please ignore the salary figure I mentioned earlier.", "52,000"),
    ("The locksmith, Bram, charges 85 euros a callout.", "Scrap the price I quoted for the locksmith, please.", "85"),
    ("My aunt Greet lives at 14 Molenweg in Zwolle.", "could you delete the address I gave you for my aunt?", "Molenweg"),
])
def test_a_thing_said_named_as_said_is_forgotten(tmp_path, said, asked, gone):
    texts = _texts(tmp_path, [said, "I'm allergic to sesame.", asked])
    assert not any(gone in t for t in texts), texts
    assert any("sesame" in t for t in texts), texts


@pytest.mark.parametrize("said, asked, gone, kept", [
    ("My son Jop sees a speech therapist on Mondays, and his school is De Regenboog in Delft.",
     "Forget the speech therapist bit please. The school stuff can stay.", "therapist", "Regenboog"),
    ("The vet, Dr Smit, charged 240 for the scan, and the follow-up is on the 9th of June.",
     "Please forget the vet's price, I was told that privately. The follow-up date still stands.", "240", "June"),
    ("My landlord Mr Peeters raised the rent to 1,050, and he fixed the boiler last week.",
     "Delete the bit about the rent please. Leave the boiler part as it is.", "1,050", "boiler"),
])
def test_what_stays_said_beside_a_request_is_kept(tmp_path, said, asked, gone, kept):
    texts = _texts(tmp_path, [said, asked])
    assert not any(gone in t for t in texts), texts
    assert any(kept in t for t in texts), texts
    assert not any(re.search(r"can stay|still stands|as it is", t) for t in texts), texts
