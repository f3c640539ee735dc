"""rederive where the old deciders superseded a record that the current ones keep: the kept record
is recorded anew and the old successor is superseded by it, so the view holds one active record of
it, not none. Run on the pure core: a subject's state folded from turns, with the old deciders'
outcome made by hand (the current deciders cannot make it)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from engine.embedder import shared_embedder
from engine.ids import derive, turn_event_id
from engine.meaning import Meaning
from engine.processor import Deciders
from engine.rederive import rederive_subject, scratch_state
from engine.settings import Settings
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
