"""A request to forget something of someone's, named in other words than the turn used ("my
neighbour's machine" for "my neighbour Pete lends me his thickness planer"), takes the statements
that tell of that someone, not the whole turn it was told in. Before, with no statement holding the
thing's word, every statement about as close to it went, and "I'm building a walnut table" was
forgotten with the neighbour's planer. A statement that goes on about the one named by a pronoun
("His mobile is ...") tells of them too."""
from __future__ import annotations

import pytest

from tests.engine.two_sessions import after_forget

CASES = [
    ("I'm restoring a 1972 Triumph Spitfire in the garage. My brother-in-law Marco lends me his welding kit "
     "on Sundays.", "could you forget the bit about my brother-in-law's gear? we fell out.", "Marco", "Spitfire"),
    ("We're turning the attic into a studio this spring. Our neighbour Gwen lets us borrow her long ladder "
     "whenever we need it.", "please drop what I said about our neighbour's equipment, she'd hate being in your notes.",
     "Gwen", "attic"),
    ("I'm learning to bake sourdough at home. My aunt Rosa gave me her old starter from the bakery she ran.",
     "forget the thing about my aunt's gift, it's a sore subject in the family now.", "Rosa", "sourdough"),
    ("Training for a half marathon in October. My flatmate Dev is a physio. He tapes my knee before long runs.",
     "scrap what you have on my flatmate's help, he doesn't want it written down", "tapes", "marathon"),
]


# A reason said in the request after "and" ("... and it feels weird to have that in there") is no
# second thing to forget: before, the statements closest to it went too.
WITH_A_REASON = [
    ("I'm moving flats next month. My cousin Ines is lending me her van for the day.",
     "drop what I said about my cousin's vehicle, she sold it and it's awkward now", "Ines", "moving"),
    ("I've started a vegetable patch at the allotment. My colleague Arjun gave me his spare rotavator.",
     "forget the part about my colleague's machine please, he left the firm and I'd rather not have it there",
     "Arjun", "allotment"),
    ("We're doing up the bathroom ourselves. My uncle Sefa lends us his tile cutter at weekends.",
     "remove the stuff about my uncle's tools, we had a row and it feels odd to keep that", "Sefa", "bathroom"),
    ("We're planning a garden pond this summer. My father-in-law Reg is giving us his old pump.",
     "get rid of what I said about my father-in-law's gift, he passed away and it hurts to see it", "Reg", "pond"),
    ("I've taken up rowing at the club on the river. My boss Helen lends me her spare wetsuit.",
     "forget my boss's kit please, she left and I'd prefer a clean slate", "Helen", "rowing"),
    ("We're fostering two kittens this month. Our neighbour Abdi brought over his old cat carrier.",
     "delete the bit about our neighbour's stuff, he moved and it seems silly to keep it", "Abdi", "kittens"),
]


@pytest.mark.parametrize("said, request_, gone, kept", CASES + WITH_A_REASON)
def test_only_the_possessors_statements_go(tmp_path, said, request_, gone, kept):
    texts = after_forget(tmp_path, request_, [said], speaker="Mira")
    assert not any(gone in t for t in texts), texts
    assert any(kept in t for t in texts), texts


def test_a_request_naming_the_whole_story_still_takes_it(tmp_path):
    texts = after_forget(tmp_path, "please forget everything about the Spitfire restoration",
                         ["I'm restoring a 1972 Triumph Spitfire in the garage. My brother-in-law Marco lends me his "
                          "welding kit on Sundays."], speaker="Mira")
    assert not any("Spitfire" in t for t in texts), texts


@pytest.mark.parametrize("request_", [
    "forget my height and you can drop my weight as well",
    "please forget my height and I want my weight deleted too",
    "I'd like you to forget my height and weight.",
])
def test_a_second_thing_asked_with_a_subject_of_its_own_goes_too(tmp_path, request_):
    texts = after_forget(tmp_path, request_, ["I'm 182 cm tall. I weigh about 90 kg. I train at the Pinewood gym."],
                         speaker="Mira")
    assert not any("182" in t or "90 kg" in t for t in texts), texts
    assert any("Pinewood" in t for t in texts), texts
