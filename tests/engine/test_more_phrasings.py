"""More wordings for behaviours whose first tests had fewer than three: retiring and graduating
said alone, a partner named in lower case, an end said without a subject with a relation word after
it, an end of a record typed as a preference, and "upgraded" / "downgraded" as change cues."""
from __future__ import annotations

import pytest

from engine.meaning import change_cue, ended, ends
from two_sessions import assert_ended, records_after

DAYS = ("2026-09-15", "2026-09-22")


def _after(tmp_path, old, new):
    return records_after(tmp_path, old, new, speaker="Yusra", days=DAYS, at="09:15:00")


@pytest.mark.parametrize("said, record, other", [
    ("Yusra retired at the end of the summer", "Yusra works at the port authority", "Yusra sings in a choir"),
    ("Yusra: finally retired, forty years on the buses", "Yusra's job is driving the number 12 bus", "Yusra keeps bees"),
    ("Yusra has retired, the office threw a party", "Yusra is employed by the council", "Yusra lives in Hull"),
])
def test_retiring_said_alone_ends_working_only(said, record, other):
    stop = ended(said, "Yusra")
    assert stop is not None and ends(stop, record, "Yusra") and not ends(stop, other, "Yusra")


@pytest.mark.parametrize("said, record, other", [
    ("Yusra graduated last Friday", "Yusra is a student at Keele", "Yusra plays hockey"),
    ("Yusra: graduated!! no more exams", "Yusra is studying pharmacy", "Yusra's flat is in Stoke"),
    ("Yusra finally graduated in June", "Yusra is in the final year of her degree", "Yusra has a cat"),
])
def test_graduating_said_alone_ends_studying_only(said, record, other):
    stop = ended(said, "Yusra")
    assert stop is not None and ends(stop, record, "Yusra") and not ends(stop, other, "Yusra")


@pytest.mark.parametrize("old, new, word", [
    ("i'm going out with a guy called tariq, he's a chef", "tariq and i broke up last night, i'm fine", "tariq"),
    ("my girlfriend is called noor, she paints", "so noor & i split up, long story", "noor"),
    ("i'm seeing someone called dev, he's lovely", "honestly, dev and i broke up, it wasn't working", "dev"),
])
def test_a_partner_named_in_lower_case_is_ended(tmp_path, old, new, word):
    assert_ended(_after(tmp_path, old, new), word)


@pytest.mark.parametrize("old, new, word", [
    ("We have a Dyson hoover for the whole house.", "gave the dyson away, my mum needed one more", "Dyson"),
    ("I own a Yamaha keyboard.", "sold the yamaha, my brother wanted it for his kids", "Yamaha"),
    ("We keep a Weber barbecue on the patio.", "gave the weber away to my neighbour, we never used it", "Weber"),
])
def test_an_end_without_a_subject_is_the_speakers_whoever_it_names_after(tmp_path, old, new, word):
    assert_ended(_after(tmp_path, old, new), word)


@pytest.mark.parametrize("old, new, word", [
    ("I love vaping in the evenings, it relaxes me.", "Quit vaping!! two months now", "vaping"),
    ("I really enjoy my Sunday cigar.", "gave up cigars for good, my chest is better", "cigar"),
    ("I love my morning energy drink.", "I've stopped drinking energy drinks, the crashes were awful", "energy drink"),
])
def test_an_end_ends_a_record_typed_as_a_preference(tmp_path, old, new, word):
    assert_ended(_after(tmp_path, old, new), word)


@pytest.mark.parametrize("text", [
    "Yusra upgraded her broadband to the 500 Mb package",
    "Yusra downgraded the phone plan to the basic one",
    "the gym upgraded Yusra's membership to gold",
])
def test_upgraded_and_downgraded_are_change_cues(text):
    assert change_cue(text) == "strong"
