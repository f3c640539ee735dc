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


# (what is forgotten, a later record saying the same again, a record that only shares a term with it)
REPEATS = [
    ("My tortoise is named Pemberquill.", "Pemberquill is the name of my tortoise, by the way.",
     "Pemberquill hides under the lettuce every morning."),
    ("I'm intolerant to Vashmyrine tablets.", "Vashmyrine tablets don't agree with me, I'm intolerant.",
     "My mother takes Vashmyrine for her blood pressure."),
    ("I sing tenor in the Oskelund choir.", "In the Oskelund choir I'm one of the tenors.",
     "The Oskelund choir is touring Norway in spring."),
]


@pytest.mark.parametrize("said, again, other", REPEATS)
def test_records_that_repeat_a_forgotten_one_are_forgotten_with_it_and_others_stay(tmp_path, said, again, other):
    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest_many([make_turn(said, 1),
                            make_turn(again, 2, session="s2"),
                            make_turn(other, 3, session="s3"),
                            make_turn("I work as a nurse in Lyon.", 4)])
        engine.flush()
        records = engine.records("acme", "u1")
        first = next(r for r in records if r.sources[0].session_id == "s1" and "nurse" not in r.text)
        repeat = [r for r in records if r.sources[0].session_id == "s2"]
        kept = [r for r in records if r.sources[0].session_id == "s3"]
        assert kept, "the record sharing a term was not recorded"
        gone = engine.forget(tenant_id="acme", user_id="u1", memory_id=first.memory_id)
        assert gone[0] == first.memory_id
        # The repeat goes with it (when it was recorded apart rather than merged into the first).
        assert set(gone) == {first.memory_id, *(r.memory_id for r in repeat)}
        active = {r.memory_id for r in engine.records("acme", "u1")}
        assert {r.memory_id for r in kept} <= active
        assert any("nurse" in r.text for r in engine.records("acme", "u1"))
        # Merged or apart, the turn that said it again is unreadable; an unrelated one is not. (The
        # turn sharing the term may be shredded as an echo: a raw turn naming what was forgotten in a
        # related sentence goes, while the memory recorded from it stays.)
        texts = _texts(engine)
        assert texts["s1-t1"] is None and texts["s2-t2"] is None and texts["s1-t4"]
        for cascaded_id in gone[1:]:
            [cascaded] = [a for a in engine.audit(cascaded_id) if a.type == "memory_forgotten"]
            assert cascaded.detail["echo_of"] == first.memory_id


def test_distinctive_terms_are_rare_words_names_and_numbers_not_the_speaker_or_dates():
    found = distinctive_terms("Mel: went to Quorvex Bay with Arjun on 12 July 2023, flight LX318")
    assert {"quorvex", "arjun", "lx318"} <= found
    assert not found & {"mel", "july", "2023", "went", "flight"}
