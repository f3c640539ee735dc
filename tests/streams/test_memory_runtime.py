"""The in-memory runtime (streams.memory): the pure core folding a list, the contract suite's
reference. It must give the embedded runtime's view, be idempotent by event id, and make forgotten
content unreadable in its own log."""
from __future__ import annotations

from pathlib import Path

import pytest
from conftest import make_turn

from engine import MemoryEngine
from engine.runtime import Runtime
from streams.memory import MemoryRuntime

MEMORY = "streams.memory:MemoryRuntime"


def _scenario_a(engine: MemoryEngine) -> None:
    """Preferences, a correction, a remember twice and a forget by query."""
    engine.ingest_many([
        make_turn("I prefer window seats on long flights.", 1, user="ola"),
        make_turn("My daughter Ines starts school in September.", 2, user="ola"),
        make_turn("Actually, I prefer aisle seats on long flights.", 3, user="ola", session="s2"),
        make_turn("I keep bees on my allotment.", 4, user="ray"),
    ])
    for _ in range(2):
        engine.remember({"tenant_id": "acme", "user_id": "ola", "text": "My passport expires in May 2027.",
                         "occurred_at": "2026-03-02T10:00:00Z", "request_id": "r-1"})
    engine.forget({"tenant_id": "acme", "user_id": "ray", "mode": "query", "query": "bees",
                   "occurred_at": "2026-03-02T10:05:00Z", "request_id": "f-1"})


def _scenario_b(engine: MemoryEngine) -> None:
    """A secret said in a turn, a subject forgotten and started over, a sweep much later."""
    engine.ingest_many([
        make_turn("The gate code is 7719, and I run on Tuesdays.", 1, user="sam"),
        make_turn("I'm allergic to shellfish.", 2, user="sam"),
        make_turn("I study Portuguese twice a week.", 3, user="tia"),
    ])
    engine.forget({"tenant_id": "acme", "user_id": "sam", "mode": "subject",
                   "occurred_at": "2026-03-02T11:00:00Z", "request_id": "fs-1"})
    engine.ingest(make_turn("Starting again: I swim on Thursdays.", 1, user="sam", session="s2"))
    engine.sweep("2026-10-01T00:00:00Z", request_id="sweep-1")


@pytest.mark.parametrize("scenario", [_scenario_a, _scenario_b], ids=["corrections", "subject_forget"])
def test_the_memory_runtime_gives_the_embedded_runtimes_view(scenario, tmp_path: Path) -> None:
    digests = {}
    for runtime in ("embedded", MEMORY):
        with MemoryEngine.open(tmp_path / runtime.replace(":", "_"), runtime=runtime) as engine:
            scenario(engine)
            digests[runtime] = engine.view_digest()
    assert digests["embedded"] == digests[MEMORY]


def test_it_is_a_runtime_and_reopening_its_directory_goes_on_from_the_same_log(tmp_path: Path) -> None:
    with MemoryEngine.open(tmp_path / "m", runtime=MEMORY) as engine:
        assert isinstance(engine.runtime, Runtime) and isinstance(engine.runtime, MemoryRuntime)
        _scenario_a(engine)
        digest, position = engine.view_digest(), engine.runtime.position()
    with MemoryEngine.open(tmp_path / "m", runtime=MEMORY) as engine:
        assert (engine.view_digest(), engine.runtime.position()) == (digest, position)
    with MemoryEngine.open(tmp_path / "elsewhere", runtime=MEMORY) as engine:
        assert engine.runtime.position() == 0
    assert not (tmp_path / "m").exists()  # nothing on disk


def test_replay_rebuilds_the_same_view_from_the_log_alone(tmp_path: Path) -> None:
    with MemoryEngine.open(tmp_path / "m", runtime=MEMORY) as engine:
        _scenario_b(engine)
        live = engine.view_digest()
    assert MemoryEngine.replay(tmp_path / "m", tmp_path / "replayed", runtime=MEMORY) == live
    with pytest.raises(Exception, match="not empty"):
        MemoryEngine.replay(tmp_path / "m", tmp_path / "m", runtime=MEMORY)
    # The replay's directory does not share the source's log: writing there leaves the source as it was.
    with MemoryEngine.open(tmp_path / "replayed", runtime=MEMORY) as other:
        other.ingest(make_turn("I collect vintage postcards.", 9, user="zed"))
        other.flush()
    with MemoryEngine.open(tmp_path / "m", runtime=MEMORY) as engine:
        assert engine.view_digest() == live


def test_appending_an_event_twice_changes_nothing(tmp_path: Path) -> None:
    with MemoryEngine.open(tmp_path / "m", runtime=MEMORY) as engine:
        engine.ingest(make_turn("I collect fountain pens.", 1))
        rt = engine.runtime
        logged = list(rt.events())
        digest, position = engine.view_digest(), rt.position()
        assert rt.append(logged) == [False] * len(logged)
        assert rt.append([logged[0], logged[0]]) == [False, False]
        engine.ingest(make_turn("I collect fountain pens.", 1))  # a redelivered turn
        assert (engine.view_digest(), rt.position(), rt.pending()) == (digest, position, 0)


def test_a_batch_with_a_repeated_id_logs_it_once(tmp_path: Path) -> None:
    with MemoryEngine.open(tmp_path / "m", runtime=MEMORY) as engine:
        engine.ingest(make_turn("I collect fountain pens.", 1))
        turn = next(iter(engine.runtime.events()))
    rt = MemoryRuntime.open(tmp_path / "fresh", engine.settings, lambda: None, deciders=engine.runtime.deciders)
    assert rt.append([turn, turn]) == [True, False]
    assert rt.position() == 1


def _content(rt) -> str:
    """Every content field of the log as read back, in one string."""
    out = []
    for e in rt.events():
        p = e.payload
        if p.type == "turn_received":
            out += [p.text or "", p.speaker or ""]
        elif p.type == "memory_recorded":
            out += [p.record.text or "", p.record.slot or "", str(p.record.fields)]
        elif p.type == "window_compacted":
            out += [line.text or "" for line in p.summary]
    return "\n".join(out)


def test_forgetting_a_memory_blanks_its_text_and_its_turns_in_the_log(tmp_path: Path) -> None:
    with MemoryEngine.open(tmp_path / "m", runtime=MEMORY) as engine:
        engine.ingest_many([make_turn("My neighbour Bruno plays the trombone at night.", 1),
                            make_turn("I grow tomatoes on the roof.", 2)])
        assert "trombone" in _content(engine.runtime)
        forgotten = engine.forget({"tenant_id": "acme", "user_id": "u1", "mode": "query", "query": "trombone",
                                   "occurred_at": "2026-03-02T10:00:00Z", "request_id": "f-1"})
        assert forgotten
        content = _content(engine.runtime)
        assert "trombone" not in content and "Bruno" not in content
        assert "tomatoes" in content  # only what was forgotten
        audit = engine.audit(forgotten[0])
        assert audit[0].detail["content"] == "shredded" and audit[-1].type == "memory_forgotten"


def test_forgetting_a_subject_blanks_what_came_before_and_keeps_what_came_after(tmp_path: Path) -> None:
    with MemoryEngine.open(tmp_path / "m", runtime=MEMORY) as engine:
        engine.ingest(make_turn("My favourite cheese is taleggio.", 1))
        engine.ingest(make_turn("I work night shifts at the depot.", 1, user="other"))
        engine.forget({"tenant_id": "acme", "user_id": "u1", "mode": "subject",
                       "occurred_at": "2026-03-02T10:00:00Z", "request_id": "fs-1"})
        engine.ingest(make_turn("I like blue cheese now.", 1, session="s2"))
        content = _content(engine.runtime)
        assert "taleggio" not in content
        assert "blue cheese" in content and "night shifts" in content
        assert [r.text for r in engine.records("acme", "u1")] and all(
            "taleggio" not in (r.text or "") for r in engine.records("acme", "u1", include_inactive=True))
