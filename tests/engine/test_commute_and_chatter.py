"""Two things people say without thinking about it: where they work goes by several names ("work",
"the office", "the job"), so an end of the way they get there ends it however the first statement
named the place; and a reply that only agrees ("ha ok that works", "yes please", "go ahead") is no
memory: kept, it is recalled for any question with "work" in it."""
from __future__ import annotations

import pytest

from engine.extractor import is_chatter
from tests.conftest import engine_after


def _engine(tmp_path, turns: list[str], speaker: str = "Rafe"):
    return engine_after(tmp_path, turns, speaker, "2026-09-01", 6)


@pytest.mark.parametrize("first, later, old", [
    ("I cycle to the office most days, about 9 km along the river.",
     "I don't cycle to work any more since my hip op, I get the 14 bus now.", "cycle to the office"),
    ("I drive to work every morning, 30 minutes on the bypass.",
     "No longer driving to the office, I walk to the station and take the train now.", "drive to work"),
    ("I run to the office twice a week with a backpack.",
     "I've stopped running to work, the new office has no showers.", "run to the office"),
])
def test_an_end_of_the_way_to_work_however_work_is_named(tmp_path, first, later, old):
    with _engine(tmp_path, [first, later]) as engine:
        active = [(r.text or "").lower() for r in engine.records("t", "u") if r.tier == "active"]
    assert not any(old.split()[1] in t and ("n't" not in t and "no longer" not in t and "stopped" not in t)
                   for t in active), active


@pytest.mark.parametrize("text", ["ha ok that works", "yes please", "go ahead", "works for me!", "ok pls"])
def test_agreeing_is_chatter(text):
    assert is_chatter(text)


@pytest.mark.parametrize("text", ["that works on Tuesdays", "Please book the 9am slot", "go ahead with the Leeds flat",
                                  "my job works me hard"])
def test_agreeing_with_something_said_is_not(text):
    assert not is_chatter(text)


def test_an_agreement_is_not_recalled_for_work(tmp_path):
    with _engine(tmp_path, ["I'm a sound engineer at Tallis Studios.", "ha ok that works",
                            "Since March I'm a sound engineer at Marlowe Audio."]) as engine:
        texts = [(r.text or "").lower() for r in engine.records("t", "u")]
        top = engine.recall(tenant_id="t", user_id="u", query="where does Rafe work?", k=1)
    assert not any("that works" in t for t in texts), texts
    assert "marlowe" in top[0].text.lower(), texts


@pytest.mark.parametrize("word, other", [("running", "runs"), ("shopping", "shops"), ("jogging", "jogs"),
                                         ("planning", "plans")])
def test_a_doubled_consonant_is_one_word(word, other):
    from engine.meaning import has_term
    from engine.textnorm import terms

    assert has_term(terms(other), terms(word)[0])


@pytest.mark.parametrize("word, other", [("calling", "cal"), ("passing", "pas"), ("running", "rung")])
def test_a_double_letter_of_the_word_itself_is_kept(word, other):
    from engine.meaning import has_term
    from engine.textnorm import terms

    assert not has_term([other], terms(word)[0])
