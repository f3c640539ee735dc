"""Beside a request to forget one thing, a sentence that says another may stay ("the kids' info
is fine to keep", "the email address can stay") is no second request: what it names is kept. And
"get rid of my ex's number", "ditch our old address" ask to forget a detail, as "delete" does;
"get rid of my old sofa", "we should get rid of our landline" ask nothing of the memory."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds


@pytest.mark.parametrize("before, after, gone, kept", [
    ("My old mobile is 07700 900123. My email is robin.k@example.com.",
     "Delete my old mobile number please. The email address can stay.", "07700", "example"),
    ("I work at Halden Freight as a logistics planner. My partner is called Jude.",
     "Please forget where I work. Jude's name is ok to keep though.", "Halden", "Jude"),
    ("My sister Orla lives in Galway. My landlord is a guy called Mr Pryce.",
     "Scrap the stuff about my landlord. My sister's details are totally fine to keep.", "Pryce", "Orla"),
    ("Our dog Pip is a beagle. My ex-husband's number is 07700 900456.",
     "Get rid of my ex-husband's number. The dog stuff can still stay, obviously.", "900456", "beagle"),
    ("My mum's birthday is 3 May. My old boss was Gareth Lyle.",
     "Forget the stuff about my old boss. My mum's info is fine to keep.", "Lyle", "birthday"),
    ("My kids are Nell (7) and Ivo (4). My ex's new partner is called Dean Hobb.",
     "Please delete what I said about Dean. The kids' details are fine to keep.", "Hobb", "Nell"),
    ("I work nights as a radiographer. I used to date a guy called Marcus Bell.",
     "Scrap everything about Marcus. The info about my job is fine to keep.", "Marcus", "radiographer"),
    ("My daughter Cleo is 8. My ex-boss was called Ray Dunn.",
     "Forget everything about Ray. The kids' details are fine to keep.", "Dunn", "Cleo"),
])
def test_what_may_stay_is_kept(tmp_path, before, after, gone, kept):
    records = active_after(tmp_path, "Robin", [before, after])
    assert holds(records, kept) and not holds(records, gone), records


@pytest.mark.parametrize("before, after, gone", [
    ("My brother Cal's mobile is 07700 900777.", "Can you get rid of my brother's number, he changed it anyway.",
     "900777"),
    ("Our old address was 12 Fenn Lane, Ashby.", "ditch our old address please, no need for it", "Fenn"),
    ("My work email is r.kaye@haldenfreight.example.", "Bin my work email address, I've left that job.", "haldenfreight"),
])
def test_getting_rid_of_a_detail_forgets_it(tmp_path, before, after, gone):
    records = active_after(tmp_path, "Robin", [before, after])
    assert not holds(records, gone), records


@pytest.mark.parametrize("before, after, kept", [
    ("Our landline is 01632 960555.", "We should get rid of our landline, nobody calls it.", "960555"),
    ("My old sofa is a grey Ikea Kivik.", "Need to get rid of my old sofa before the new one comes.", "Kivik"),
    ("My address is 4 Mill Row, Tring.", "I need to get rid of my old phone number, too much spam.", "Mill Row"),
])
def test_getting_rid_of_a_thing_forgets_nothing(tmp_path, before, after, kept):
    records = active_after(tmp_path, "Robin", [before, after])
    assert holds(records, kept), records


@pytest.mark.parametrize("before, after, gone", [
    ("I have a job interview at Quillby Ltd on Friday.", "Can you un-remember the Quillby interview thing?", "Quillby"),
    ("My PIN hint is my first dog's name, Rolo.", "please unremember the stuff about my PIN hint", "Rolo"),
    ("My ex Dominic lives on Arden Street.", "Could you unsee what I said about Dominic? Thanks.", "Dominic"),
])
def test_a_made_up_word_for_forgetting(tmp_path, before, after, gone):
    records = active_after(tmp_path, "Robin", [before, after])
    assert not holds(records, gone), records
