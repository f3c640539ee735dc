"""rederive where the old deciders superseded a record that the current ones keep: the kept record
is recorded anew and the old successor is superseded by it, so the view holds one active record of
it, not none. Run on the pure core: a subject's state folded from turns, with the old deciders'
outcome made by hand (the current deciders cannot make it)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from engine.embedder import shared_embedder
from engine.ids import derive, turn_event_id
from engine.meaning import Meaning
from engine.processor import Deciders
from engine.rederive import rederive_subject, scratch_state
from engine.settings import Settings
from engine.state import SubjectState
from schemas.events import Event, TurnReceived

T0 = datetime(2026, 4, 1, 10, tzinfo=timezone.utc)


def _turns(texts: list[str]) -> list[Event]:
    out = []
    for i, text in enumerate(texts):
        at = T0 + timedelta(days=i)
        out.append(Event(event_id=turn_event_id("t", "u", f"s{i}", str(i)), type="turn_received", tenant_id="t",
                         user_id="u", session_id=f"s{i}", occurred_at=at, recorded_at=at,
                         payload=TurnReceived(turn_id=str(i), role="user", speaker="Sam", text=text, tokens=8)))
    return out


def test_a_record_the_old_deciders_superseded_and_the_current_keep_is_recorded_again():
    settings = Settings()
    deciders = Deciders(meaning=Meaning(shared_embedder))
    turns = _turns(["I live in Tbilisi.", "I'm based in Tbilisi."])
    now, _, _, _ = scratch_state("t", "u", turns, settings, deciders)
    (kept,) = [r for r in now.records.values() if r.tier == "active"]
    assert "Tbilisi" in kept.text and len(kept.sources) == 2  # the current deciders: one record, said twice
    # What the old deciders made: the second statement as its own record, superseding the first.
    live = now  # rederive folds its own scratch state from the turns: this one is free to change
    successor = kept.model_copy(update={"memory_id": derive("old", kept.memory_id), "text": "Sam is based in Tbilisi",
                                        "sources": kept.sources[1:]})
    live.records[kept.memory_id] = kept.model_copy(update={"tier": "superseded", "superseded_by": successor.memory_id})
    live.records[successor.memory_id] = successor

    diff = rederive_subject(live, turns, settings, deciders, T0 + timedelta(days=3), T0 + timedelta(days=3))
    (recorded,) = diff.recorded
    assert recorded.text == kept.text and recorded.memory_id not in live.records
    assert diff.superseded == [(successor.memory_id, recorded.memory_id)]


def _ended_by_old_deciders(texts: list[str], keep_end: bool):
    """The current deciders' state for two turns whose second ends the first's record, and the view
    the old deciders left: the first record still active, the end recorded too or not at all."""
    settings = Settings()
    deciders = Deciders(meaning=Meaning(shared_embedder))
    turns = _turns(texts)
    now, _, _, _ = scratch_state("t", "u", turns, settings, deciders)
    (ended,) = [r for r in now.records.values() if r.tier == "superseded"]
    end = now.records[ended.superseded_by]
    live = SubjectState("t", "u")
    live.records[ended.memory_id] = ended.model_copy(update={"tier": "active", "superseded_by": None})
    if keep_end:
        old_end = end.model_copy(update={"memory_id": derive("old", end.memory_id)})
        live.records[old_end.memory_id] = old_end
    return rederive_subject(live, turns, settings, deciders, T0 + timedelta(days=3), T0 + timedelta(days=3)), \
        ended, live


@pytest.mark.parametrize("texts", [
    ["My fiance is called Dario.", "Dario and I split up last week."],
    ["I'm in a pub quiz team every Thursday.", "I quit the quiz team after the summer."],
    ["I take levothyroxine each morning.", "I stopped the levothyroxine in January."],
    ["I volunteer at the food bank on Saturdays.", "I gave up volunteering at the food bank this year."],
])
def test_a_record_ended_now_is_superseded_by_its_end_as_the_view_holds_it(texts):
    diff, ended, live = _ended_by_old_deciders(texts, keep_end=True)
    (end_id,) = [m for m in live.records if m != ended.memory_id]
    assert diff.superseded == [(ended.memory_id, end_id)]  # not "rederive"
    assert diff.recorded == []


@pytest.mark.parametrize("texts", [
    ["My fiance is called Dario.", "Dario and I split up last week."],
    ["I'm in a pub quiz team every Thursday.", "I quit the quiz team after the summer."],
    ["I take levothyroxine each morning.", "I stopped the levothyroxine in January."],
    ["I volunteer at the food bank on Saturdays.", "I gave up volunteering at the food bank this year."],
])
def test_a_record_ended_now_by_an_end_the_view_lacks_is_superseded_by_the_end_recorded_now(texts):
    diff, ended, _ = _ended_by_old_deciders(texts, keep_end=False)
    (end,) = diff.recorded
    assert diff.superseded == [(ended.memory_id, end.memory_id)]
