"""A forget shreds every turn the forgotten content can still be read from: its source turns and the
turns (any role) that repeat it, in words it was not built from; unrelated turns stay readable."""
from __future__ import annotations

import pytest

from conftest import make_turn
from engine import MemoryEngine
from engine.erasure import distinctive_terms

MEMORY = "streams.memory:MemoryRuntime"


def _texts(engine) -> dict[str, str | None]:
    return {e.payload.turn_id: e.payload.text for e in engine.runtime.events(0) if e.type == "turn_received"}


def _conversation(engine, echoes: list[str]) -> None:
    turns = [make_turn("Please keep Quorvex sauce out of anything you suggest, it makes me ill.", 1)]
    turns += [make_turn(text, n, role="assistant") for n, text in enumerate(echoes, 2)]
    n = len(turns) + 1
    turns += [make_turn("I live in Porto and cycle to work.", n),
              make_turn("Cycling in Porto sounds hilly but fun!", n + 1, role="assistant"),
              make_turn("What should I cook tonight?", n + 2),
              make_turn("How about a tomato risotto with basil?", n + 3, role="assistant")]
    engine.ingest_many(turns)
    engine.flush()


# Phrasings of the assistant repeating the memory, none of them used to build the rules.
ECHOES = [
    ["Understood: no Quorvex sauce in your meals from now on."],
    ["Got it. I'll steer clear of Quorvex in every recipe."],
    ["Sure thing - anything made with quorvex is off the menu for you."],
]


@pytest.mark.parametrize("runtime", ["embedded", MEMORY])
@pytest.mark.parametrize("echo", ECHOES)
def test_forget_by_id_shreds_the_assistants_echo_and_nothing_unrelated(tmp_path, runtime, echo):
    with MemoryEngine.open(tmp_path / "d", runtime=runtime) as engine:
        _conversation(engine, echo)
        [rec] = [r for r in engine.records("acme", "u1") if "Quorvex" in r.text]
        assert engine.forget(tenant_id="acme", user_id="u1", memory_id=rec.memory_id) == [rec.memory_id]
        texts = _texts(engine)
        assert texts["s1-t1"] is None and texts["s1-t2"] is None
        unrelated = {k: v for k, v in texts.items() if k not in ("s1-t1", "s1-t2")}
        assert None not in unrelated.values(), unrelated
        [forgotten] = [a for a in engine.audit(rec.memory_id) if a.type == "memory_forgotten"]
        assert forgotten.detail["turns_shredded"] == 2
        assert {t["turn_id"] for t in forgotten.detail["shredded_turns"]} == {"s1-t1", "s1-t2"}
        assert "quorvex" not in str(forgotten.detail).lower()


def test_forget_by_query_and_in_chat_also_shred_echoes(tmp_path):
    with MemoryEngine.open(tmp_path / "d") as engine:
        _conversation(engine, ["Noted, I'll leave Quorvex out of your dinners."])
        engine.forget(tenant_id="acme", user_id="u1", query="Quorvex sauce")
        assert _texts(engine)["s1-t2"] is None
    with MemoryEngine.open(tmp_path / "d2") as engine:
        _conversation(engine, ["Noted, I'll leave Quorvex out of your dinners."])
        engine.ingest(make_turn("Please forget what I told you about the Quorvex sauce.", 20))
        engine.flush()
        texts = _texts(engine)
        assert texts["s1-t1"] is None and texts["s1-t2"] is None and texts["s1-t20"] is None
        assert all("Quorvex" not in r.text for r in engine.records("acme", "u1"))


def test_an_echo_said_before_the_forget_in_the_window_is_found_there(tmp_path):
    """A turn that repeats a memory before it was recorded is found in the readable window."""
    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest_many([make_turn("Is Zentrofil cream any good for eczema?", 1, role="user"),
                            make_turn("I use Zentrofil cream for my eczema every night.", 2)])
        engine.flush()
        [rec] = [r for r in engine.records("acme", "u1") if "Zentrofil" in r.text]
        engine.forget(tenant_id="acme", user_id="u1", memory_id=rec.memory_id)
        assert set(_texts(engine).values()) == {None}


def test_records_that_repeat_a_forgotten_one_are_forgotten_with_it(tmp_path):
    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest_many([make_turn("My cat is called Brimblewick.", 1),
                            make_turn("Brimblewick loves sleeping on the radiator.", 2, session="s2"),
                            make_turn("I work as a nurse in Lyon.", 3)])
        engine.flush()
        first = next(r for r in engine.records("acme", "u1") if "called" in r.text)
        gone = engine.forget(tenant_id="acme", user_id="u1", memory_id=first.memory_id)
        assert len(gone) == 2 and gone[0] == first.memory_id
        assert all("Brimblewick" not in r.text for r in engine.records("acme", "u1", include_inactive=True))
        assert any("nurse" in r.text for r in engine.records("acme", "u1"))
        [cascaded] = [a for a in engine.audit(gone[1]) if a.type == "memory_forgotten"]
        assert cascaded.detail["echo_of"] == first.memory_id


def test_distinctive_terms_are_rare_words_names_and_numbers_not_the_speaker_or_dates():
    found = distinctive_terms("Mel: went to Quorvex Bay with Arjun on 12 July 2023, flight LX318")
    assert {"quorvex", "arjun", "lx318"} <= found
    assert not found & {"mel", "july", "2023", "went", "flight"}
