"""MemoryEngine.session_turns (GET /v1/users/{u}/sessions/{s}/turns): a session's recent readable
turns, also once the session has ended and released its window."""
from __future__ import annotations

from datetime import timedelta

from conftest import T0, make_turn


def test_an_ended_sessions_turns_are_still_readable_and_a_forgotten_one_is_not(engine):
    trip = [make_turn("We're flying to Reykjavik on the ninth of March.", 1, session="trip"),
            make_turn("Sounds lovely, I'll note the date.", 2, session="trip", role="assistant"),
            make_turn("My partner Joaquin hates long layovers.", 3, session="trip")]
    engine.ingest_many(trip)
    engine.flush()
    open_turns = [t.turn_id for t in engine.session_turns("acme", "u1", "trip")]
    assert open_turns == ["trip-t1", "trip-t2", "trip-t3"]
    # Days later another session starts: the trip session has ended and released its window.
    engine.ingest(make_turn("Can you suggest a book about bees?", 1, session="later", at=T0 + timedelta(days=3)))
    engine.flush()
    assert engine.window("acme", "u1", "trip") == []
    ended = engine.session_turns("acme", "u1", "trip")
    assert [t.turn_id for t in ended] == open_turns
    assert ended[2].text == trip[2]["text"] and ended[1].role == "assistant"
    forgotten = engine.forget(tenant_id="acme", user_id="u1", query="Joaquin layovers")
    assert forgotten
    left = engine.session_turns("acme", "u1", "trip")
    assert "trip-t3" not in [t.turn_id for t in left]
    assert all("Joaquin" not in t.text for t in left)
    assert engine.session_turns("acme", "u1", "no-such-session") == []
