"""A provider changed and named in lower case, as chat names them ("switched gyms, now at summit
fitness on delancey", "new dentist: dr lowe at parkside dental", "changed therapists, seeing maria gomez now")
replaces the one the record names, in lower case or not ("my gym is ironworks on 5th", "dentist
is dr kaur"). Before, only capitalised names were read as the provider's, so the old one stayed
active. A provider of someone else ("my sister's new gym", "priya's new physio", "new school for
my nephew", "my brother's switching schools"), one seen once, kept beside another or only thought
of ("for a second opinion", "a new tutor for chemistry too", "thinking of switching gyms") replaces
none of the speaker's, nor does a new one beside a record that does not say whom the provider is
("goes to the gym three times a week", "he referred me to a physio")."""
from __future__ import annotations

import pytest

from tests.conftest import engine_after


def _kept(tmp_path, said: list[str]) -> tuple[list[str], list[str]]:
    """(the active records' texts, the texts of those superseded)."""
    with engine_after(tmp_path, said, "Robin", "2026-03-02", 6) as eng:
        every = eng.records("t", "u", include_inactive=True)
        return [r.text or "" for r in every if r.tier == "active"], [r.text or "" for r in every if r.superseded_by]


@pytest.mark.parametrize("said, old, new", [
    (["my mechanic is dave's garage on mill rd", "changed mechanics, the car goes to quickfix autos now"],
     "dave's garage", "quickfix"),
    (["my therapist is dr lin", "changed therapists, seeing maria gomez now"], "dr lin", "maria gomez"),
    (["our dentist is dr whitlock on george st", "changed dentist last week, now going to dr sandhu at pearl dental"],
     "whitlock", "sandhu"),
    (["dr kaur is my dentist", "changed dentists, now at pearl dental with dr gill"], "kaur", "gill"),
    (["my gp is dr mwangi", "changed doctors, now seeing dr achola at aga khan"], "mwangi", "achola"),
    # (capitalised, with more said beside it, as before)
    (["our vet is Dr Moss at Elm Street",
      "we switched vets, the cats are with Dr Ng at Hillside now and it's closer too"], "Moss", "Ng"),
    # (a name no memory holds, for whom the new one is: of the one the record names by kind only)
    (["our cat's vet is dr mensah at oakfield", "new vet for luna - dr price at hillside animal hospital"],
     "mensah", "price"),
    (["my dentist is dr kaur on high street", "new dentist: dr lowe at parkside dental"], "kaur", "lowe"),
    (["my gym is ironworks on 5th", "switched gyms, now at summit fitness on delancey"], "ironworks", "summit"),
])
def test_a_new_provider_in_lower_case_replaces_the_old(tmp_path, said, old, new):
    held, replaced = _kept(tmp_path, said)
    assert any(new in t for t in held), held
    assert not any(old in t for t in held) and any(old in t for t in replaced), (held, replaced)


@pytest.mark.parametrize("said, kept", [
    (["I go to the gym three times a week", "switched gyms, now at summit fitness on delancey"], "three times a week"),
    (["my gym is ironworks on 5th", "my sister's new gym is summit fitness"], "ironworks"),
    (["our vet is dr mensah at oakfield for the cats",
      "new vet for the horses - dr price at hillside equine, the cats stay with mensah"], "oakfield"),
    (["my kids' school is st marys", "new school for my nephew: riverside academy"], "st marys"),
    (["my dentist is dr kaur on high street", "I have a new dentist appointment on friday"], "kaur"),
    (["my hairdresser is kim at chop shop", "my wife's new hairdresser is lena at mane st"], "kim at chop shop"),
    (["my physio is dan at flex clinic", "priya's new physio is sam at restore"], "dan at flex clinic"),
    (["my physio is dan at flex clinic", "new physio for priya: sam at restore"], "dan at flex clinic"),
    (["my school is kingsbury high", "my brother's switching schools, he's going to oakridge now"], "kingsbury"),
    (["my dentist is dr kaur on high street",
      "went to a new dentist for a second opinion, dr lowe at parkside"], "kaur"),
    (["my gym is ironworks on 5th", "thinking of switching gyms, the one my mate uses is summit fitness"],
     "ironworks"),
    (["my tutor is mrs achieng for maths", "got a new tutor for chemistry too, it's mr kamau"], "achieng"),
    (["my gp is dr hughes, he referred me to a physio", "new physio is jen at kinetic"], "hughes"),
    # one visit, a word of the provider that says no name, someone else's, another sense of the word
    (["my mechanic is raju motors", "new mechanic at the dealership did the warranty service, guy called imran"],
     "raju"),
    (["gym is my therapy honestly", "new gym is energie fitness on the quay"], "therapy"),
    (["my tutor is miss odhiambo", "wanjiku's got a new tutor now - mr kiprop"], "odhiambo"),
    (["my gp is dr iyer", "new gp for a friend of mine: dr shah at westfield, i helped her register"], "iyer"),
    (["my personal trainer is jo at fitness first", "switched trainers, using hokas now"], "jo at fitness first"),
    (["my gym is ironworks on 5th", "there's a new gym at the end of my road called pulse"], "ironworks"),
    (["my sister's gym is ironworks on 5th", "switched gyms, now at summit fitness on delancey"], "ironworks"),
])
def test_a_provider_of_another_or_no_provider_replaces_none(tmp_path, said, kept):
    held, _ = _kept(tmp_path, said)
    assert any(kept in t for t in held), held
