"""Decisions by meaning (engine.meaning through the processor): typing, paraphrases, updates,
"forget that" in the conversation, habits from repeated episodes, and rederive.

Every behaviour is tried with three phrasings written for these tests, in domains the rules were not
built from, plus the near misses that must stay apart."""
from __future__ import annotations

import re
from datetime import timedelta

import pytest

from conftest import T0, make_turn
from engine import MemoryEngine
from engine.meaning import holder, other_filler, same_holder, values

pytestmark = pytest.mark.slow


def _say(engine: MemoryEngine, lines: list[tuple[str, int, str]], user: str = "u1", speaker: str = "Robin") -> None:
    """lines: (session, day, text); turns a minute apart within a session."""
    minute: dict[str, int] = {}
    for n, (session, day, text) in enumerate(lines):
        m = minute[session] = minute.get(session, -1) + 1
        t = make_turn(text, n, session=session, user=user, speaker=speaker,
                      at=T0 + timedelta(days=day, minutes=m))
        engine.ingest(t)
    engine.flush()


def _active(engine: MemoryEngine, pattern: str, user: str = "u1") -> list:
    return [r for r in engine.records("acme", user) if re.search(pattern, r.text or "", re.IGNORECASE)]


def _forgot_and_kept(engine: MemoryEngine, gone: str, keep: str) -> list:
    """The active records, after asserting that none matches `gone` and some match `keep`."""
    records = engine.records("acme", "u1")
    assert not [r.text for r in records if re.search(gone, r.text or "", re.I)]
    assert [r for r in records if re.search(keep, r.text or "", re.I)]
    return records


# -- exact rules ------------------------------------------------------------------------------------

def test_values_are_normalised_numbers_dates_and_names():
    assert {"9", "june"} <= values("Her recital is on the ninth of June")
    assert {"9", "june"} <= values("Her recital is June 9th")
    assert "1450" in values("The quote came to $1,450")
    assert "robin" not in values("Robin: Robin lives in Oslo", "Robin")


def test_holder_tells_relations_apart_from_the_speaker():
    assert holder("Robin's sister lives in Rome", "Robin") == {"sister"}
    assert holder("Robin lives in Oslo", "Robin") == frozenset()
    assert same_holder(holder("Robin's son Tariq's school is Elm Park", "Robin"), holder("Tariq's school is Elm Park", "Robin"))
    assert not same_holder(holder("Robin's son is 7", "Robin"), holder("Robin's daughter is 10", "Robin"))


def test_one_frame_with_another_filler_is_two_memories():
    assert other_filler("Robin likes hiking in the mountains", "Robin likes hiking along the coast", "Robin")
    assert other_filler("Robin is allergic to penicillin", "Robin is allergic to latex", "Robin")
    assert not other_filler("Robin prefers an aisle seat on trains", "Give Robin the aisle rather than the window seat", "Robin")


@pytest.mark.parametrize("a, b", [
    ("Robin takes tea with oat milk", "Robin has tea with oat milk, not cow's milk"),
    ("Robin prefers the morning shift", "Robin would rather work mornings instead of evenings"),
    pytest.param("Robin prefers an aisle seat on trains", "Seat Robin next to the aisle, not at the window",
                 marks=pytest.mark.xfail(strict=True, reason=(
                     "'next' and 'prefers'/'trains' differ: two words each side read as another filler"))),
])
def test_the_alternative_turned_down_is_not_a_filler(a, b):
    assert not other_filler(a, b, "Robin")


# -- the classifier -----------------------------------------------------------------------------------

def test_kind_classifier_held_out_accuracy():
    from engine.embedder import shared_embedder
    from engine.meaning import classifier_for

    clf = classifier_for(shared_embedder())
    acc = clf.held_out_accuracy()
    print(f"kind classifier: {len(clf.train_rows)} training sentences, {len(clf.test_rows)} held out, "
          f"held-out accuracy {acc:.1%}")
    assert len(clf.test_rows) >= 80
    assert acc >= 0.7


@pytest.mark.parametrize("text, pattern", [
    ("The lease says no subletting, full stop, or we lose the flat.", "sublet"),  # a rule reported from its source
    ("Grant money can't be spent on travel; the funder forbids it outright.", "travel"),
    ("My daughter is coeliac, so nothing with gluten can go in her lunchbox.", "gluten"),
])
def test_hard_rules_are_constraints(engine, text, pattern):
    _say(engine, [("s1", 0, text)])
    assert "constraint" in [r.kind for r in _active(engine, pattern)]


# -- one memory for one meaning -------------------------------------------------------------------------

_MISS = pytest.mark.xfail(strict=True, reason="known miss: the paraphrase is stored twice")


@pytest.mark.parametrize("first, second, pattern", [
    pytest.param("I always want the window seat when I fly.", "Book me next to the window on flights, please.",
                 "window", marks=pytest.mark.xfail(strict=False, reason=(
                     "on the edge of same_similarity: found the same on a CPU without VNNI (int8 products "
                     "saturate there), missed with VNNI"))),
    pytest.param("Our Android app is written in Kotlin.", "For context, we're a Kotlin shop on the Android client.",
                 "kotlin", marks=_MISS),
    ("My son Idris plays the trumpet in the school band.", "Idris is a trumpeter in his school's band, by the way.",
     "trumpet"),
    ("I'm vegetarian and have been for years.", "I don't eat meat, haven't for ages.", "vegetarian|meat"),
])
def test_a_paraphrase_in_a_later_session_is_the_same_memory(engine, first, second, pattern):
    _say(engine, [("s1", 0, first), ("s2", 20, second)])
    found = _active(engine, pattern)
    assert len(found) == 1, [r.text for r in found]
    assert len(found[0].sources) == 2  # provenance of both


@pytest.mark.parametrize("first, second, a, b", [
    ("I like hiking in the mountains.", "I like hiking along the coast.", "mountain", "coast"),
    ("I'm allergic to penicillin.", "I'm allergic to cats.", "penicillin", "cats"),
    ("My sister lives in Lisbon.", "I live in Tallinn.", "lisbon", "tallinn"),
])
def test_near_misses_stay_two_memories(engine, first, second, a, b):
    _say(engine, [("s1", 0, first), ("s2", 9, second)])
    assert _active(engine, a) and _active(engine, b)


@pytest.mark.parametrize("first, second, query, new, old", [
    ("I live in Leeds, near the university.", "We moved over the summer, I live in Bristol now.",
     "Which city do I live in?", "bristol", "leeds"),
    ("Our team standup is at 9:30 every morning.", "Standup got moved to 10:15 starting this week.",
     "What time is standup?", "10:15", "9:30"),
    ("The budget for the offsite is $8,000.", "The offsite budget went up to $9,500 after finance signed off.",
     "How much can we spend on the offsite?", "9,500", "8,000"),
    ("Our release train ships on Tuesdays.", "Management wanted more soak time, so releases got moved to Thursdays.",
     "Which day do releases ship?", "thursday", "tuesday"),
    ("I've been on a low-FODMAP diet since spring.", "Quick note: I switched to a plain gluten-free diet, beans are fine again.",
     "What diet am I on?", "gluten-free", "fodmap"),
])
def test_a_new_value_supersedes_the_old(engine, first, second, query, new, old):
    _say(engine, [("s1", 0, first), ("s2", 30, second)])
    hits = engine.recall(tenant_id="acme", user_id="u1", query=query, k=3)
    assert hits and new in hits[0].text.lower()
    assert not [r.text for r in engine.records("acme", "u1")
                if old in (r.text or "").lower() and new not in (r.text or "").lower()]
    superseded = [r for r in engine.records("acme", "u1", include_inactive=True) if r.tier == "superseded"]
    assert superseded, "the old statement is kept for audit"


@pytest.mark.parametrize("earlier, later", [
    (["I love restoring old furniture.", "Woodwork is how I unwind after work.", "I sand and varnish chairs on weekends."],
     "Now I'm excited to try upholstery for a change."),
    (["I volunteer with a youth football club.", "Coaching the under-tens is the highlight of my week."],
     "I'm starting a new chapter as assistant coach of the under-twelves."),
    (["My garden is mostly roses.", "I water the roses every evening."],
     "These days I'm into growing vegetables too, tomatoes and courgettes."),
])
def test_a_statement_with_now_or_new_does_not_supersede_what_it_only_relates_to(engine, earlier, later):
    """'now' / 'new' that only say what is new to the story replace nothing; and one statement
    never supersedes more than one record."""
    _say(engine, [("s1", 0, text) for text in earlier] + [("s2", 20, later)])
    superseded = [r for r in engine.records("acme", "u1", include_inactive=True) if r.tier == "superseded"]
    assert len(superseded) <= 1
    if "now" in later.lower() or "new" in later.lower():
        assert not superseded, [r.text for r in superseded]


@pytest.mark.parametrize("first, second, kept", [
    ("I prefer Python examples over Java ones.", "I live in Lisbon now.", "python"),
    ("I like my coffee black.", "These days I work from a coworking space in Ghent.", "coffee"),
    ("I'd rather get updates by email than by text.", "I drive an electric Kia now.", "email"),
])
def test_a_new_fact_does_not_replace_a_preference(engine, first, second, kept):
    """An update gives one attribute a new value: a fact and a preference are not one attribute."""
    _say(engine, [("s1", 0, first), ("s2", 5, second)])
    assert _active(engine, kept)
    assert not [r for r in engine.records("acme", "u1", include_inactive=True) if r.tier == "superseded"]


@pytest.mark.parametrize("first, second, query, new, old", [
    # no cue word; the new value in one clause, more said after it
    ("My line manager is Petra Novak, she's strict about timesheets.",
     "My line manager is Omar Haddad, and he prefers a weekly written update.", "Who is my line manager?", "haddad", "novak"),
    ("Our accountant is Hilary Moss, she does the VAT returns too.",
     "Our accountant is Raj Mehta, and he's moving us to quarterly filing.", "Who is our accountant?", "mehta", "moss"),
    ("The clinic's head nurse is Agnes Lowe, she runs the night rota.",
     "The clinic's head nurse is Kofi Asante, so rota questions go to him.", "Who is the head nurse?", "asante", "lowe"),
    # a name that opens the statement, held by a relation in the old one
    ("My son Felix plays for the under-nines at Riverside FC.",
     "Felix plays for the under-tens now, training moved to Tuesdays.",
     "Which team does Felix play for?", "under-tens", "under-nines"),
    ("My daughter Ines rents a flat in Porto.", "Ines rents a flat in Madrid now, closer to her job.",
     "Where does Ines live?", "madrid", "porto"),
    pytest.param("My niece Hana studies chemistry at Leeds.", "Hana studies pharmacology at Leeds now.",
                 "What does Hana study?", "pharmacology", "chemistry",
                 marks=pytest.mark.xfail(strict=True, reason="a subject of study is no value to the rules, and "
                                         "'now' marks a change only where an old value meets a new one")),
    pytest.param("Our landlord Mr Briggs wants the rent by the 1st.", "Briggs wants the rent by the 5th now, he changed banks.",
                 "When is the rent due?", "5th", "1st",
                 marks=pytest.mark.xfail(strict=True, reason="'Mr' stands between 'landlord' and 'Briggs', so they are "
                                         "not read as one holder")),
])
def test_an_update_said_in_one_clause_or_by_a_name_alone_supersedes(engine, first, second, query, new, old):
    _say(engine, [("s1", 0, first), ("s2", 30, second)])
    active = [r.text.lower() for r in engine.records("acme", "u1")]
    assert any(new in t for t in active) and not any(old in t and new not in t for t in active), active


@pytest.mark.parametrize("text, query, pattern", [
    ("I'm a paramedic with the county ambulance service.", "What do I do for a living?", "paramedic"),
    ("My allotment is plot 14 behind the church.", "Where is my allotment?", "plot 14"),
    ("I've been learning the cello for two years.", "Which instrument am I learning?", "cello"),
])
def test_a_question_in_the_first_person_finds_what_the_person_said(engine, text, query, pattern):
    """Records name the person ("Robin is a paramedic ..."); a question asks in the first person."""
    _say(engine, [("s1", 0, text)])
    hits = engine.recall(tenant_id="acme", user_id="u1", query=query, k=3)
    assert hits and re.search(pattern, hits[0].text, re.I)


# -- "forget that" said in the conversation ---------------------------------------------------------------

@pytest.mark.parametrize("lines, gone, keep", [
    ([("s1", 0, "I'm seeing a dermatologist about a rash on my neck."),
      ("s1", 0, "I also started learning the accordion."),
      ("s1", 0, "Actually, please forget what I said about the dermatologist.")], "dermatolog|rash", "accordion"),
    pytest.param([("s1", 0, "I play five-a-side football on Thursdays."),
      ("s1", 0, "My landlord is taking me to small-claims court over the deposit."),
      ("s1", 0, "Hmm, scratch that, I don't want that stored.")], "landlord|deposit", "football"),
    pytest.param([("s1", 0, "My bank is Halden Credit Union, joint account with my partner."),
      ("s1", 0, "I commute by tram most days."),
      ("s2", 6, "Please wipe the bank details I gave you last week from your memory.")], "halden|credit union", "tram"),
])
def test_a_request_to_forget_in_a_turn_acts_like_forget(engine, lines, gone, keep):
    _say(engine, lines)
    records = _forgot_and_kept(engine, gone, keep)
    # the request itself is not a memory
    assert not [r.text for r in records if re.search(r"forget|scratch|wipe|stored", r.text or "", re.I)]
    ctx = engine.context(tenant_id="acme", user_id="u1", session_id=lines[-1][0], query=gone.split("|")[0])
    assert not re.search(gone, ctx.text, re.I)


@pytest.mark.parametrize("lines, gone, keep", [
    # the request is one clause of a longer sentence
    pytest.param([("s1", 0, "I'm bidding on a flat on Quarry Lane, the auction is on the 9th."),
      ("s1", 0, "I also sing in a choir on Wednesdays."),
      ("s1", 0, "Forget the flat thing I brought up, the bid fell through and I'd prefer it's not on file.")],
     "quarry|auction", "choir", marks=pytest.mark.xfail(strict=True, reason=(
         "the classifier reads 'Forget the <noun> thing I brought up' as chatter (p<0.2): a known miss"))),
    ([("s1", 0, "I'm renewing my passport next month because I'm moving to Lisbon for work."),
      ("s1", 0, "My favourite board game is Carcassonne."),
      ("s2", 1, "Oh, and please delete the moving abroad stuff I mentioned, it isn't official yet.")],
     "lisbon|passport", "carcassonne"),
    # the topic is named in other words than the record's
    ([("s1", 0, "Between you and me, I'm interviewing with a rival bakery chain next week."),
      ("s1", 0, "I keep bees on my allotment."),
      ("s2", 3, "Kindly erase the part where I mentioned changing employers.")], "bakery|interview", "bees"),
    ([("s1", 0, "My son Theo was suspended from school for a fight last Friday."),
      ("s1", 0, "I'm learning to make ramen from scratch."),
      ("s2", 2, "Could you delete the stuff I said about my kid's trouble at school?")], "suspend|fight", "ramen"),
])
def test_a_request_to_forget_finds_its_topic_when_named_loosely(engine, lines, gone, keep):
    _say(engine, lines)
    records = _forgot_and_kept(engine, gone, keep)


@pytest.mark.parametrize("lines, gone, keep", [
    ([("s1", 0, "I'm planning a sailing weekend on the coast in June."),
      ("s1", 0, "My old flatmate Kev owes me money and won't answer my texts."),
      ("s1", 0, "Oh scrap that, don't hang on to it please.")], "kev|owes", "sailing"),
    ([("s1", 0, "I teach yoga on Thursday evenings."),
      ("s1", 0, "My cousin was arrested last month for shoplifting."),
      ("s1", 0, "Hmm, please don't hold on to that, it's not mine to share.")], "arrest|shoplift", "yoga"),
    ([("s1", 0, "I'm training for a half marathon in October."),
      ("s1", 0, "My blood pressure readings have been high lately, my GP is watching it."),
      ("s1", 0, "Scrap that, I'd rather my health stuff wasn't kept.")], "blood pressure|gp", "marathon"),
])
def test_a_request_to_forget_with_other_verbs_points_back(engine, lines, gone, keep):
    _say(engine, lines)
    records = _forgot_and_kept(engine, gone, keep)
    assert not [r.text for r in records if re.search(r"scrap|hang|hold on", r.text or "", re.I)]


@pytest.mark.parametrize("lines, keep", [
    ([("s1", 0, "My sister Ana lives in Porto."), ("s1", 0, "Oh forget it, never mind, I'll ask her myself.")], "porto"),
    ([("s1", 0, "I'm allergic to shellfish."), ("s1", 0, "Forget about it, no big deal, I'll cook something else.")],
     "shellfish"),
    ([("s1", 0, "Our office moved to Canal Street."), ("s1", 0, "Nvm, forget it, I'll check the map myself.")], "canal"),
])
def test_forget_it_said_to_drop_the_matter_forgets_nothing(engine, lines, keep):
    _say(engine, lines)
    assert _active(engine, keep)


def test_forget_in_a_turn_emits_the_same_content_free_event_as_forget(engine):
    _say(engine, [("s1", 0, "My therapist's name is Dr. Ilse Brandt."), ("s1", 0, "Please don't keep that.")])
    from streams.codec import decode_event

    rt = engine.runtime
    events = [decode_event(raw, rt.sealer) for _, raw in rt.log.read(0)]
    forgotten = [e for e in events if e.type == "memory_forgotten"]
    assert forgotten and forgotten[0].payload.reason == "user_request"
    assert forgotten[0].decided_by and "meaning/" in forgotten[0].decided_by
    assert all(e.payload.text is None for e in events if e.type == "turn_received")  # both turns shredded
    assert not _active(engine, "brandt|therapist")


@pytest.mark.parametrize("text, pattern", [
    ("I commute by tram most days.", "tram"),
    ("We rent our flat from a housing co-op.", "co-op"),
    ("I teach piano on weekday evenings.", "piano"),
])
def test_a_plain_standing_statement_the_rules_miss_is_still_kept(engine, text, pattern):
    _say(engine, [("s1", 0, text)])
    assert _active(engine, pattern)


@pytest.mark.parametrize("text, pattern, label", [
    ("Other news: I volunteer at an animal shelter on Sundays.", "animal shelter", "other news"),
    ("Something you can note - we heat the house with a wood stove.", "wood stove", "something you can note"),
    ("On a lighter note: I collect vintage fountain pens.", "fountain pens", "lighter note"),
])
def test_a_label_before_a_standing_statement_is_not_part_of_it(engine, text, pattern, label):
    _say(engine, [("s1", 0, text)])
    found = _active(engine, pattern)
    assert found and label not in found[0].text.lower()


# -- habits ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("episodes, pattern", [
    (["Went bouldering at the climbing gym after work today.",
      "Climbing gym again tonight, finally sent the purple route.",
      "Did a bouldering session this evening, forearms are toast.",
      "Another evening at the climbing wall, new problems were set."], "boulder|climb"),
    (["Baked a sourdough loaf this morning, the crumb came out great.",
      "Made another sourdough today, tried a bit of rye in the dough.",
      "Sourdough bake this morning, the crust burnt a little.",
      "Baked bread again today, sourdough with olives."], "sourdough|bread|bak"),
    (["Volunteered at the food bank this Saturday, sorted tins for three hours.",
      "Another Saturday shift at the food bank, we packed 200 parcels.",
      "Spent the morning volunteering at the food bank again.",
      "Food bank shift today, I was on the front desk."], "food bank"),
])
def test_repeated_episodes_become_a_habit(engine, episodes, pattern):
    _say(engine, [(f"s{i + 1}", 7 * i, text) for i, text in enumerate(episodes)])
    kinds = [r.kind for r in _active(engine, pattern)]
    assert any(k != "episode" for k in kinds), kinds
    habit = [r for r in _active(engine, pattern) if r.fields.get("type") == "habit"]
    assert len(habit) == 1 and len(habit[0].sources) >= 3
    assert habit[0].fields["cadence"] == "weekly"


def test_one_episode_is_never_a_habit(engine):
    _say(engine, [("s1", 0, "Went bouldering at the climbing gym after work today.")])
    assert [r.kind for r in _active(engine, "boulder")] == ["episode"]


# -- rederive -------------------------------------------------------------------------------------------

LINES = [("s1", 0, "Patients' records must never leave the clinic's own servers; the health board forbids it."),
         ("s1", 0, "I run a small physiotherapy clinic in Galway."),
         ("s2", 12, "Our practice management software is Cliniko."),
         ("s3", 40, "We switched our practice software to Jane App this month.")]


def test_rederive_brings_stored_memory_up_to_the_current_deciders(tmp_path):
    data = tmp_path / "d"
    with MemoryEngine.open(data, decide_by_meaning=False) as old:
        _say(old, LINES)
        old.forget(tenant_id="acme", user_id="u1", query="physiotherapy clinic in Galway")
        before = old.view_digest()
    with MemoryEngine.open(data) as engine:
        assert engine.view_digest() == before
        dry = engine.rederive(dry_run=True)
        assert dry and engine.view_digest() == before  # a dry run writes nothing
        diffs = engine.rederive()
        assert [(d.recorded, d.superseded) for d in diffs] == [(d.recorded, d.superseded) for d in dry]
        assert "constraint" in [r.kind for r in _active(engine, "servers")]
        assert not [r.text for r in engine.records("acme", "u1") if "cliniko" in (r.text or "").lower()]
        assert not _active(engine, "galway")  # forgotten turns stay forgotten
        assert engine.rederive() == []  # nothing left to re-decide
        after = engine.view_digest()
        events = [e for e in diffs[0].events]
        assert all(e.decided_by and "meaning/" in e.decided_by for e in events)
    from streams.cli import main

    assert main(["--data-dir", str(data), "replay", "--verify"]) == 0
    with MemoryEngine.open(data) as engine:
        assert engine.view_digest() == after


def test_fitted_weights_are_cached_by_data_and_model_and_a_bad_cache_is_refitted(tmp_path, monkeypatch):
    import numpy as np

    from engine.embedder import shared_embedder
    from engine.meaning import KindClassifier, _weights_path, model_key

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    emb = shared_embedder()
    key = model_key(emb)
    assert key and not _weights_path(key).exists()
    fitted = KindClassifier(emb.embed, cache_key=key)
    assert _weights_path(key).exists()
    loaded = KindClassifier(emb.embed, cache_key=key)
    probe = emb.embed(["Nothing with sesame can go in his lunch.", "haha fair enough", "Please forget my old phone number."])
    assert np.allclose(fitted.probability_rows(probe), loaded.probability_rows(probe))
    _weights_path(key).write_bytes(b"not an npz file")
    refitted = KindClassifier(emb.embed, cache_key=key)
    assert np.allclose(fitted.probability_rows(probe), refitted.probability_rows(probe))


def test_rederive_and_time_zones_refuse_bad_input_with_typed_errors(tmp_path):
    from engine.errors import InvalidCommandError, InvalidSettingsError

    with pytest.raises(InvalidSettingsError, match="unknown time zone"):
        MemoryEngine.open(tmp_path / "a", timezone="Mars/Olympus")
    with pytest.raises(InvalidSettingsError, match="unknown time zone"):
        MemoryEngine.open(tmp_path / "b", timezones={"acme/u1": "Not/AZone"})
    with MemoryEngine.open(tmp_path / "c") as engine:
        _say(engine, [("s1", 0, "I teach piano on weekday evenings.")])
        before = engine.view_digest()
        with pytest.raises(InvalidCommandError, match="needs --tenant"):
            engine.rederive(user_id="u1")
        with pytest.raises(InvalidCommandError):
            engine.rederive(tenant_id="acme", user_id="bad\x00id")
        assert engine.view_digest() == before  # nothing written
