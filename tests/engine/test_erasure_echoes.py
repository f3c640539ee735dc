"""A forget shreds every turn the forgotten content can still be read from: its source turns and the
turns (any role) that repeat it, in words it was not built from; unrelated turns stay readable."""
from __future__ import annotations

import pytest

from conftest import make_turn
from engine import MemoryEngine
from engine.erasure import _misspelling, distinctive_terms, term_kinds

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


# -- structure first: the turn next to a source ----------------------------------------------------

def _shredded(engine) -> set[str]:
    return {k for k, v in _texts(engine).items() if v is None}


def _forget_sourced_by(engine, turn_id: str) -> list[str]:
    [rec] = [r for r in engine.records("acme", "u1") if any(s.turn_id == turn_id for s in r.sources)]
    return engine.forget(tenant_id="acme", user_id="u1", memory_id=rec.memory_id)


# (a statement in common words, the assistant's direct acknowledgement of it): no rare word, no
# number, no name; the acknowledgement is not a paraphrase close enough for meaning alone.
ACKNOWLEDGED = [
    ("I take my porridge with cinnamon and sliced banana.", "Cinnamon and banana on your porridge, got it."),
    ("I prefer green tea to coffee in the afternoon.", "Green tea rather than coffee in the afternoons, noted."),
    ("I like to walk my dog along the river every morning.", "A morning walk by the river with your dog, lovely."),
]


@pytest.mark.parametrize("runtime", ["embedded", MEMORY])
@pytest.mark.parametrize("said, ack", ACKNOWLEDGED)
def test_the_acknowledgement_right_after_a_statement_is_shredded_with_it(tmp_path, runtime, said, ack):
    with MemoryEngine.open(tmp_path / "d", runtime=runtime) as engine:
        engine.ingest_many([make_turn("Can you help me plan tomorrow?", 1),
                            make_turn("Sure, what's on your mind?", 2, role="assistant"),
                            make_turn(said, 3), make_turn(ack, 4, role="assistant"),
                            make_turn("I have a dentist appointment at noon.", 5),
                            make_turn("Good luck at the dentist!", 6, role="assistant")])
        engine.flush()
        _forget_sourced_by(engine, "s1-t3")
        assert _shredded(engine) == {"s1-t3", "s1-t4"}


# (the assistant's question holding the content, the user's statement answering it)
ASKED_FIRST = [
    ("Is your parking space at work still bay 318?", "My parking space at work is bay 318."),
    ("Do you still play chess with Wilhelmina on Fridays?", "I play chess with Wilhelmina every Friday."),
    ("Are you still doing the Couch to 5K running plan?", "I'm doing the Couch to 5K running plan."),
]


@pytest.mark.parametrize("runtime", ["embedded", MEMORY])
@pytest.mark.parametrize("asked, said", ASKED_FIRST)
def test_an_echo_said_before_its_record_is_shredded_after_it_left_the_window(tmp_path, runtime, asked, said):
    """The question the user answers is linked when the answer is recorded: it is found even when
    the window no longer holds it at forget time."""
    filler = ["I have a dentist appointment at noon.", "Good luck at the dentist!",
              "Then I need to buy stamps.", "The post office closes at five.",
              "And call my aunt in the evening.", "She'll be glad to hear from you."]
    with MemoryEngine.open(tmp_path / "d", runtime=runtime, window_max_messages=4) as engine:
        engine.ingest_many([make_turn(asked, 1, role="assistant"), make_turn(said, 2)]
                           + [make_turn(text, n, role="user" if n % 2 else "assistant")
                              for n, text in enumerate(filler, 3)])
        engine.flush()
        assert "s1-t1" not in {t.turn_id for t in engine.runtime.state("acme", "u1").sessions["s1"].window}
        _forget_sourced_by(engine, "s1-t2")
        assert {"s1-t1", "s1-t2"} <= _shredded(engine)
        assert not _shredded(engine) & {f"s1-t{n}" for n in range(3, 9)}


# -- what must stay: a shared weak word, a name in another statement --------------------------------

# (forgotten, other turns of the conversation that share a word or name with it and must stay)
SHARING = [
    ("We're visiting Vienna in October.",
     [("user", "My niece studies music in Vienna."), ("assistant", "Vienna has wonderful coffee houses.")]),
    ("My brother Anselm is a firefighter.",
     [("user", "Anselm is getting married in the spring."), ("assistant", "A spring wedding sounds lovely.")]),
    ("I'm flying to Denver for a conference in May.",
     [("user", "My old roommate lives in Denver now."), ("assistant", "Maybe you can catch up with your roommate.")]),
]


@pytest.mark.parametrize("runtime", ["embedded", MEMORY])
@pytest.mark.parametrize("forgotten, others", SHARING)
def test_turns_sharing_only_a_name_or_common_word_with_a_forgotten_memory_stay(tmp_path, runtime, forgotten, others):
    with MemoryEngine.open(tmp_path / "d", runtime=runtime, window_max_messages=4) as engine:
        turns = [make_turn(forgotten, 1), make_turn("Thanks for letting me know.", 2, role="assistant")]
        turns += [make_turn(text, n, role=role) for n, (role, text) in enumerate(others, 3)]
        turns += [make_turn("I also need new running shoes.", 5),
                  make_turn("Let's look at running shoes later.", 6, role="assistant")]
        engine.ingest_many(turns)
        engine.flush()
        before = {r.memory_id for r in engine.records("acme", "u1")}
        gone = _forget_sourced_by(engine, "s1-t1")
        assert len(gone) == 1 and before - set(gone) == {r.memory_id for r in engine.records("acme", "u1")}
        assert _shredded(engine) <= {"s1-t1", "s1-t2"}


# (statement, a later turn naming its rare term, misspelt or with other words of it)
STRONG = [
    ("My bank branch is on Quarrendon Street.", "I'll send the letter to the branch on Quarendon Street."),
    ("Our allotment is plot 447 at Hinchcombe Gardens.", "See you at plot 447 in Hinchcombe on Sunday?"),
    ("My cat Bartholomew is twelve years old.", "Twelve is a fine age for a cat like Bartholomew."),
]


@pytest.mark.parametrize("said, later", STRONG)
def test_a_later_turn_naming_a_rare_term_of_the_memory_with_more_of_it_is_shredded(tmp_path, said, later):
    with MemoryEngine.open(tmp_path / "d", runtime=MEMORY) as engine:
        engine.ingest_many([make_turn(said, 1), make_turn("Thanks for telling me.", 2, role="assistant"),
                            make_turn("What should I cook tonight?", 3),
                            make_turn("How about a vegetable curry?", 4, role="assistant"),
                            make_turn(later, 5, role="assistant")])
        engine.flush()
        _forget_sourced_by(engine, "s1-t1")
        assert _shredded(engine) == {"s1-t1", "s1-t5"}


def test_strong_terms_are_numbers_and_words_outside_the_vocabulary_weak_ones_common_names():
    strong, weak = term_kinds("Ada: lives at 14 Harrowgate Lane in Lisbon, flat 2207, since 2019")
    assert {"harrowgat", "2207"} <= strong and not strong & {"lan", "lisbon", "2019", "14", "ada"}
    assert {"lan", "lisbon"} <= weak


def test_a_misspelt_long_rare_word_still_counts_a_short_or_further_one_does_not():
    assert _misspelling("velicott", "vellicot") and _misspelling("kruangbin", "khruangbin")
    assert _misspelling("marisal", "marisol")                     # seven letters: one edit
    assert not _misspelling("brandon", "brendan")                 # seven letters: two edits
    assert not _misspelling("lone", "lane") and not _misspelling("tarvik", "sarvik")  # short, or another initial


# (statement, a turn holding all its distinctive terms, a turn naming only one of them elsewhere)
RULES_ONLY = [
    ("My daughter's violin teacher is called Seraphine Oduya.", "Seraphine Oduya teaches violin, noted.",
     "Seraphine has a studio downtown."),
    ("I bank with Vornholt Savings, account ending 7741.", "Vornholt Savings, account ending 7741: saved.",
     "Vornholt opened a new branch in town."),
    ("My allotment neighbour is Ignatius Pembrey.", "Ignatius Pembrey is your allotment neighbour, got it.",
     "Ignatius waved from across the road."),
]


@pytest.mark.parametrize("said, echo, other", RULES_ONLY)
def test_without_the_meaning_layer_a_turn_holding_every_distinctive_term_is_shredded_not_one_naming_one(
        tmp_path, said, echo, other):
    with MemoryEngine.open(tmp_path / "d", runtime=MEMORY, decide_by_meaning=False) as engine:
        engine.ingest_many([make_turn(said, 1), make_turn(echo, 2, role="assistant"),
                            make_turn(other, 3, role="assistant"), make_turn("What should I cook tonight?", 4)])
        engine.flush()
        _forget_sourced_by(engine, "s1-t1")
        assert _shredded(engine) == {"s1-t1", "s1-t2"}


# (forgotten, turns saying the same of another identifier: other facts, however alike the wording)
OTHER_IDENTIFIERS = [
    ("My friend Brannoc loves chess and we play every Friday.",
     [("user", "My friend Oskarrin loves chess and we play every Friday."),
      ("assistant", "Oskarrin and chess on Fridays, fun!")]),
    ("My flight to Oslo is SK 4471 on Monday.",
     [("user", "My brother's flight to Oslo is SK 4479 on Monday."), ("assistant", "SK 4479 for your brother, noted.")]),
    ("My friend Quentor runs a vinyl shop in Leeds.",
     [("user", "My friend Harlowe runs a vinyl shop in Leeds."), ("assistant", "Harlowe's vinyl shop in Leeds sounds fun.")]),
]


@pytest.mark.parametrize("runtime", ["embedded", MEMORY])
@pytest.mark.parametrize("forgotten, others", OTHER_IDENTIFIERS)
def test_a_turn_naming_another_identifier_in_the_same_words_stays(tmp_path, runtime, forgotten, others):
    with MemoryEngine.open(tmp_path / "d", runtime=runtime) as engine:
        turns = [make_turn(forgotten, 1), make_turn("Understood.", 2, role="assistant")]
        turns += [make_turn(text, n, session="s2", role=role) for n, (role, text) in enumerate(others, 1)]
        engine.ingest_many(turns)
        engine.flush()
        gone = _forget_sourced_by(engine, "s1-t1")
        assert len(gone) == 1
        shredded = _shredded(engine)
        assert "s1-t1" in shredded and not {t for t in shredded if t.startswith("s2-")}


def test_sentence_vectors_held_for_echo_checks_go_when_anything_is_forgotten(tmp_path):
    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest_many([make_turn("My sister Orlaith teaches pottery in Cork.", 1),
                            make_turn("Orlaith teaching pottery in Cork sounds great.", 2, role="assistant"),
                            make_turn("I also bake sourdough on Sundays.", 3)])
        engine.flush()
        held = engine.runtime.state("acme", "u1").derived().get("sentence_vectors")
        assert held, "no sentence was checked: the test would prove nothing"
        _forget_sourced_by(engine, "s1-t1")
        held = engine.runtime.state("acme", "u1").derived().get("sentence_vectors") or {}
        assert not [t for t in held if "orlaith" in t.lower()]


def test_indexes_derived_from_records_stay_equal_to_a_fresh_build_as_records_change(tmp_path):
    """Term counts, turn -> record sources and the echo index are updated record by record
    (engine.state.SubjectState.records_changed); after any sequence they match a fresh build."""
    import random

    from engine.erasure import EchoIndex, cached_index, speaker_terms
    from engine.state import SourceMap, TermCounts
    from engine.textnorm import term_set

    rng = random.Random(7)
    things = ["Brennock", "violin", "Tollgarth", "4471", "sourdough", "kayak", "Ysolde", "marathon"]
    with MemoryEngine.open(tmp_path / "d") as engine:
        for n in range(1, 41):
            a, b = rng.sample(things, 2)
            engine.ingest(make_turn(f"My friend {a} is into {b} these days.", n, session=f"s{n % 3}"))
            if n % 7 == 0:
                recs = engine.records("acme", "u1")
                if recs:
                    engine.forget(tenant_id="acme", user_id="u1", memory_id=rng.choice(recs).memory_id)
            engine.flush()
            state = engine.runtime.state("acme", "u1")
            counts = state.term_counts(term_set)
            fresh = TermCounts(term_set, state.records.values())
            assert (+counts[0], counts[1]) == (+fresh.df, fresh.n)
            assert {k: sorted(v) for k, v in state.derived_sources().items()} == \
                {k: sorted(v) for k, v in SourceMap(state.records.values()).items()}
            speakers = speaker_terms(state)
            idx, new = cached_index(state, speakers), EchoIndex(state.records.values(), speakers, active_only=True)
            assert idx.targets == new.targets and idx.holders == new.holders and idx.by_initial == new.by_initial
