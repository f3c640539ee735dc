"""One sentence can tell two things of the speaker with no comma between them ("I'm 1.78 metres
tall and I cycle to work"): records name the speaker for "I", so a conjunction before the speaker
named anew ("... and Sam cycles ...") opens a second clause that a request to forget may leave
alone, and a request is matched to the record by its closest clause too ("my address" to "lives at
27 Tanner Street"). Where the speaker is not named before it ("my brother and I went fishing") it is one thing
two people did, and a clause that points back ("... and I liked him") goes with the one it points to.
So does a statement that tells of a person by "him" or "her" and names nobody else ("I met Anouk
at pottery. I fancied her straight away."); a possessive ("my mum broke her hip") is most often
the statement's own subject's, and leans on nothing.
"""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from conftest import active_texts_after
from engine.statements import clause_pieces


AT = datetime(2026, 6, 8, 19, tzinfo=timezone.utc)


def _active_after(tmp_path, said: str, then: str, speaker: str = "Idris") -> list[str]:
    return active_texts_after(tmp_path, [said, then], speaker, AT)


def _forgets_only(tmp_path, said: str, asked: str, kept: str, gone: str) -> None:
    """After `said` and then `asked`, what holds `gone` is forgotten and what holds `kept` stays."""
    active = _active_after(tmp_path, said, asked)
    assert any(kept in t for t in active), active
    assert not any(gone in t for t in active), active


@pytest.mark.parametrize("said,asked,kept,gone", [
    ("For the bike-fit booking they wanted a few things: I'm 1.83 metres tall and I ride about 120 km a week.",
     "Actually, forget my height, it's not needed.", "120 km", "1.83"),
    ("Some context for the budget chat: I earn £41,500 a year and I share a flat in Cardiff with my cousin.",
     "Could you forget my salary? I'd rather it wasn't stored.", "Cardiff", "41,500"),
    ("For the course sign-up: I'm 52 and I work nights as a porter at the general hospital.",
     "Forget my age please, it doesn't matter.", "porter", "52"),
    ("I drive a blue 2015 Fabia and I leave it on Mill Lane overnight.",
     "Please forget where I leave the car.", "Fabia", "Mill Lane"),
])
def test_forgetting_one_of_two_things_keeps_the_other(tmp_path, said, asked, kept, gone):
    _forgets_only(tmp_path, said, asked, kept, gone)


@pytest.mark.parametrize("said,asked,kept,gone", [
    ("My resting heart rate was 48 at the last check-up and I swim at the lido on Sundays.",
     "Please forget my heart rate.", "lido", "48"),
    ("My landlord is Mr Adeyemi and I pay the rent on the first of the month.",
     "Could you forget who my landlord is?", "rent", "Adeyemi"),
    ("My car is a silver 2016 Yaris and I park it behind the library.", "Please forget the bit about my parking.",
     "Yaris", "library"),
])
def test_a_thing_of_the_speakers_said_to_be_something_is_a_clause_of_its_own(tmp_path, said, asked, kept, gone):
    _forgets_only(tmp_path, said, asked, kept, gone)


def test_a_thing_of_the_speakers_beside_them_as_one_subject_goes_whole(tmp_path):
    active = _active_after(tmp_path, "My dad and I own a static caravan near Tenby.", "Please forget the caravan.")
    assert not any("caravan" in t for t in active), active


@pytest.mark.parametrize("said,asked,kept,gone", [
    ("I live at 27 Tanner Street and I walk to the depot most days.", "Please forget my address.", "depot", "Tanner"),
    ("I work at the Asda distribution centre in Wakefield and I sing in a barbershop choir.",
     "Could you forget where I work?", "barbershop", "Asda"),
    ("I drive a 2017 Skoda Octavia and I commute about 35 miles a day.", "Please forget what car I drive.",
     "35 miles", "Octavia"),
    ("I sleep about four hours a night and I run a cafe in Whitby.", "Forget my sleep habits, please.",
     "Whitby", "four hours"),
])
def test_a_record_is_named_by_its_closest_clause(tmp_path, said, asked, kept, gone):
    """"my address" is far from a sentence that says two things, and close to one of them."""
    _forgets_only(tmp_path, said, asked, kept, gone)


def test_a_request_of_another_topic_leaves_a_record_of_two_clauses(tmp_path):
    active = active_texts_after(tmp_path, ["I live at 27 Tanner Street and I walk to the depot most days.",
                                           "I love making kimchi.", "Please forget what I said about the kimchi."],
                                "Idris", AT)
    assert any("Tanner" in t and "depot" in t for t in active), active
    assert not any("kimchi" in t for t in active), active


@pytest.mark.parametrize("said,asked,gone", [
    # one thing the speaker and another did: it goes whole
    ("My sister and I walked the whole Offa's Dyke path in June.", "Forget about the walk along Offa's Dyke, please.",
     "Offa"),
    # the second clause points back to the first: it goes with it
    ("I met Anouk at the pottery class and I fancied her straight away.", "Please forget what I said about Anouk.",
     "fancied"),
    # all of it asked
    ("I'm 1.59 metres tall and I row three mornings a week.", "Forget all of that please.", "row"),
])
def test_what_is_one_thing_or_asked_whole_goes_whole(tmp_path, said, asked, gone):
    active = _active_after(tmp_path, said, asked)
    assert not any(gone in t for t in active), active


@pytest.mark.parametrize("said,asked,gone", [
    (["I met Anouk at the pottery class.", "I fancied her straight away."], "Please forget what I said about Anouk.",
     "fancied"),
    (["I lent Marek my drill in March.", "I still owe him £40 for the tiles."], "Forget everything about Marek.",
     "owe"),
    (["I met Yusuf at the allotments in May.", "I've been helping him with his onions ever since."],
     "Please forget what I said about Yusuf.", "onions"),
])
def test_a_statement_telling_of_the_named_person_by_a_pronoun_goes_with_them(tmp_path, said, asked, gone):
    active = _active_after(tmp_path, " ".join(said), asked)
    assert not any(gone in t for t in active), active


def test_a_possessive_pronoun_leans_on_nobody(tmp_path):
    active = _active_after(tmp_path, "I play five-a-side with Dev on Thursdays. My mum broke her hip last winter.",
                           "Please forget what I said about Dev.")
    assert any("hip" in t for t in active), active
    assert not any("Dev" in t for t in active), active


@pytest.mark.parametrize("text,pieces", [
    ("Idris is 1.83 metres tall and Idris rides about 120 km week",
     ["Idris is 1.83 metres tall", "Idris rides about 120 km week"]),
    ("Idris bakes bread but Idris never eats white loaves", ["Idris bakes bread", "Idris never eats white loaves"]),
    # the speaker not named before: one clause
    ("My brother and Idris went fishing", ["My brother and Idris went fishing"]),
    # another's thing of the speaker's ("Idris's wife") is no new clause
    ("Idris and Idris's wife run a bakery in Tenby", ["Idris and Idris's wife run a bakery in Tenby"]),
    # too short to say a thing of its own
    ("Idris bakes and Idris sells", ["Idris bakes and Idris sells"]),
])
def test_the_clauses_a_request_may_tell_apart(text, pieces):
    assert clause_pieces(text, "Idris")[0] == pieces


@pytest.mark.parametrize("said,asked,kept,gone", [
    ("I'm 1.69 metres tall and I weigh 61 kilos. I swim at the lido on Sundays.",
     "Please forget my height and weight.", "lido", ["1.69", "61"]),
    ("I'm 1.75 metres tall and I cycle to the station every morning. I volunteer at a food bank.",
     "Please forget my height and that I cycle.", "food bank", ["1.75", "cycle"]),
    ("I'm 47 and I earn £52,000 a year. I grow chillies on my balcony.",
     "Forget my age and my salary please.", "chillies", ["47", "52,000"]),
])
def test_each_of_two_things_named_in_one_request_goes(tmp_path, said, asked, kept, gone):
    active = _active_after(tmp_path, said, asked)
    assert any(kept in t for t in active), active
    assert not any(g in t for g in gone for t in active), active


@pytest.mark.parametrize("said,asked,kept", [
    # a possessive "her back" leans on nobody
    ("I play squash with Dev on Mondays. My mum hurt her back again.", "Please forget what I said about Dev.",
     "mum"),
    # a statement that opens with a name tells of that person
    ("I play tennis with Anouk on Thursdays. Priya is my line manager and I can't stand her.",
     "Scrap what I said about Anouk.", "Priya"),
    # "her" right after a statement that names nobody is of no one forgotten
    ("I met Anouk at a gig in May. I joined a book club in June. I fancied her straight away.",
     "Please forget what I said about the book club.", "fancied"),
])
def test_a_pronoun_goes_only_with_a_person_named_right_before(tmp_path, said, asked, kept):
    active = _active_after(tmp_path, said, asked)
    assert any(kept in t for t in active), active
