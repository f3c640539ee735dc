"""What warm_up embeds ahead of deciding (engine.processor.warm_up): besides the candidates, each
statement of a narrative, as deciding reads it to find one said again, and without the name that
leads it where the narrative may hold a rule. Deciding then embeds none of them one at a time; what
it decides is the same either way (tests/streams/test_warm_ahead.py)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from engine.embedder import shared_embedder
from engine.ids import turn_event_id
from engine.meaning import Meaning
from engine.processor import NARRATIVE_RULE_GATE, Deciders, warm_up
from engine.settings import Settings
from engine.statements import is_narrative, lead_of, readable
from schemas.events import Event, TurnReceived

T0 = datetime(2026, 5, 4, 18, tzinfo=timezone.utc)

NARRATIVES = [
    "Big week. My daughter Noor started at the Riverside school on Monday, and her teacher is Mr Adebayo. "
    "We also finally sold the old Skoda to a neighbour.",
    "Quick update on the allotment: the committee gave us plot 12 by the pond. No hosepipes are allowed "
    "there after May, and Gert from plot 11 is lending us his water butt.",
    "So my cousin Farid is staying with us for a month while his flat is refurbished. He works nights "
    "at the bakery on Elm Street, and he brings his parrot, Juno.",
]


class _Recorded(Meaning):
    def __init__(self):
        super().__init__(shared_embedder)
        self.asked: list[str] = []

    def vectors(self, texts):
        self.asked.extend(texts)
        return super().vectors(texts)


def _turn(text: str, n: int) -> Event:
    at = T0 + timedelta(minutes=n)
    return Event(event_id=turn_event_id("t", "u", "s1", str(n)), type="turn_received", tenant_id="t", user_id="u",
                 session_id="s1", occurred_at=at, recorded_at=at,
                 payload=TurnReceived(turn_id=str(n), role="user", speaker="Dana", text=text, tokens=40))


@pytest.mark.parametrize("text", NARRATIVES)
def test_each_statement_of_a_narrative_is_embedded_ahead(text):
    meaning = _Recorded()
    turn = _turn(text, 1)
    read = warm_up([turn], Settings(), Deciders(meaning=meaning))
    narratives = [c for c in read[turn.event_id] if is_narrative(c.fields, c.text)]
    assert narratives, read  # the turn reads as a narrative of several statements
    asked = set(meaning.asked)
    for c in narratives:
        said = readable(c.text, "Dana")
        assert len(said) > 1 and set(said) <= asked
        if meaning.kinds([c.text])[0].get("constraint", 0.0) >= NARRATIVE_RULE_GATE:
            lead = lead_of(c.text, "Dana") + ": "
            assert {x.removeprefix(lead) for x in said} <= asked


def test_a_single_statement_embeds_no_statements_of_its_own():
    meaning = _Recorded()
    turn = _turn("I teach piano to kids on Saturday mornings.", 1)
    read = warm_up([turn], Settings(), Deciders(meaning=meaning))
    (c,) = read[turn.event_id]
    assert not is_narrative(c.fields, c.text)
    assert c.text in meaning.asked and len(set(meaning.asked)) <= 3  # the candidate, its clauses or masked form
