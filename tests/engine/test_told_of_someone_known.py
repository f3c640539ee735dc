"""A short statement about someone the speaker introduced before ("my flatmate Oddny works at the
aquarium", then "Oddny is coeliac.") is kept: a name at the start of a sentence could be any
capitalised word, so a sentence of a few words opening with one was not informative enough to keep
("Coffee is great." still is not), but a name the subject's memories give to a person the speaker
introduced ("my flatmate Oddny") is as telling as a name mid-sentence, where the same said by the
speaker of themselves would be a standing statement ("I am coeliac."), not a passing state ("I'm
tired.", "I'm at school."). The phrasings were written for this test; the
kept ones were all dropped before."""
from __future__ import annotations

import pytest

from engine import MemoryEngine


def active_after(tmp_path, turns: list[str]) -> str:
    with MemoryEngine.open(tmp_path / "d") as engine:
        for i, text in enumerate(turns):
            engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s1", "turn_id": str(i), "role": "user",
                           "speaker": "Wendeline", "text": text, "occurred_at": f"2026-03-02T10:{i:02d}:00Z"})
        engine.flush()
        return " ".join(r.text or "" for r in engine.records("t", "u")).lower()


@pytest.mark.parametrize("introduced, told, word", [
    ("My flatmate Oddny works at the aquarium.", "Oddny is coeliac.", "coeliac"),
    ("My neighbour Tarquin keeps a boat on the Thames.", "Tarquin is a paramedic.", "paramedic"),
    ("My stepsister Ruzica lives in Split.", "Ruzica is pregnant.", "pregnant"),
    ("My boss Ekaterina runs marathons.", "Ekaterina has twin boys.", "twin"),
    ("Our nanny Dagrun started in January.", "Dagrun is vegetarian.", "vegetarian"),
])
def test_a_short_statement_about_someone_introduced_is_kept(tmp_path, introduced, told, word):
    assert word in active_after(tmp_path, [introduced, told])


@pytest.mark.parametrize("turns, word", [
    # no one introduced by that name
    (["Coffee is great."], "coffee"),
    (["My flatmate Oddny works at the aquarium.", "Monday is a holiday."], "holiday"),
    # a passing state, or chatter
    (["My neighbour Tarquin keeps a boat on the Thames.", "Tarquin is late again."], "late"),
    (["My godson Ignatius plays rugby for the county.", "Ignatius is tired."], "tired"),
    (["Our lodger Wolfgang teaches German.", "Wolfgang is at school."], "school"),
    (["My brother-in-law Anselm grows hops.", "Anselm is hungry."], "hungry"),
])
def test_nothing_worth_keeping_is_kept(tmp_path, turns, word):
    assert word not in active_after(tmp_path, turns)
