"""A turn no rule types is kept as one narrative record of its statements. A later turn that gives
one statement a new value, or asks to forget one, acts on that statement: the record is superseded
or erased and what else it said is kept as a record of its own (engine.statements)."""
from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest

from engine import MemoryEngine
from engine.statements import clauses, is_narrative, readable, rest_text, without
from schemas.records import MemoryRecord, TurnRef


def _say(engine, i: int, text: str, speaker: str = "Wren", gap_days: int = 1) -> None:
    """Turn `i` of the subject, in a session of its own, `gap_days` after the one before."""
    engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": f"s{i}", "turn_id": str(i), "role": "user",
                   "speaker": speaker, "text": text, "occurred_at": f"2026-05-{4 + i * gap_days:02d}T09:00:00Z"})


def _open(tmp_path, turns: list[str], speakers: list[str] | None = None, gap_days: int = 1):
    """The engine after `turns`; the caller closes it."""
    engine = MemoryEngine.open(tmp_path / "d")
    for i, text in enumerate(turns):
        _say(engine, i, text, (speakers or ["Wren"] * len(turns))[i], gap_days)
    engine.flush()
    return engine


def _run(tmp_path, first: str, later: str):
    """The engine after `first` (day one) and `later` (five days on); the caller closes it."""
    return _open(tmp_path, [first, later], gap_days=5)


# -- a new value of one statement -------------------------------------------------------------------

@pytest.mark.parametrize("first, later, old, kept, new, query", [
    ("Family logistics: Ruby has ballet with Miss Hart on Thursdays at 4. Sam does swimming on Sunday mornings.",
     "Ruby stopped ballet, Thursdays at 4 is gymnastics now.", "ballet", "sam does swimming", "gymnastics",
     "what does Ruby do on Thursdays"),
    ("Work stuff. The weekly sync with the design team is on Mondays at 10. Our sprint reviews happen every other "
     "Friday.", "The design sync moved to Wednesdays at 2.", "mondays", "sprint reviews", "wednesdays",
     "when is the design sync"),
    ("Busy week ahead. Theo has violin with Mr Avery on Tuesdays at 5. The twins have judo on Saturday mornings.",
     "Theo quit violin, so Tuesdays at 5 he has chess club now.", "violin with", "judo", "chess",
     "what does Theo do on Tuesdays"),
    ("Our book group meets at the library on the first Tuesday of the month. Hana picks the books this year.",
     "The book group meets at the Crown pub now, the library closed for repairs.", "first tuesday", "hana picks",
     "crown", "where does the book group meet"),
])
def test_a_new_value_of_one_statement_keeps_the_others(tmp_path, first, later, old, kept, new, query):
    with _run(tmp_path, first, later) as engine:
        records = engine.records("t", "u", include_inactive=True)
        top = engine.recall(tenant_id="t", user_id="u", query=query, k=1)
    seen = [(r.text, r.tier) for r in records]
    active = [(r.text or "").lower() for r in records if r.tier == "active"]
    # the old value is in no active record, but what the narrative said beside it is
    assert not any(old in t and new not in t for t in active), seen
    assert any(kept in t and old not in t for t in active), seen
    assert any(r.tier == "superseded" and old in (r.text or "").lower() for r in records), seen
    assert new in top[0].text.lower(), (top[0].text, seen)


def test_the_statements_kept_keep_the_provenance_of_the_record(tmp_path):
    with _run(tmp_path, "Work stuff. The weekly sync with the design team is on Mondays at 10. Our sprint reviews "
                        "happen every other Friday.", "The design sync moved to Wednesdays at 2.") as engine:
        records = engine.records("t", "u", include_inactive=True)
        rest = next(r for r in records if r.tier == "active" and "sprint" in (r.text or ""))
        old = next(r for r in records if r.tier == "superseded")
        audit = engine.audit(rest.memory_id, tenant_id="t")
    assert rest.sources == old.sources == [TurnRef(session_id="s0", turn_id="0")]
    assert rest.created_at == old.created_at and rest.kind == old.kind
    assert audit and audit[0].type == "memory_recorded"


def test_a_whole_narrative_said_anew_is_no_statement_update(tmp_path):
    """A later turn about something else leaves the narrative whole."""
    first = "Work stuff. The weekly sync with the design team is on Mondays at 10. Our sprint reviews happen every other Friday."
    with _run(tmp_path, first, "The coffee machine on our floor broke again, so everyone queues downstairs.") as engine:
        records = engine.records("t", "u", include_inactive=True)
    assert [r.tier for r in records if "sprint" in (r.text or "")] == ["active"], [(r.text, r.tier) for r in records]
    assert any("mondays" in (r.text or "").lower() and "sprint" in (r.text or "") for r in records)


# -- a new value in one clause of a longer sentence ----------------------------------------------

@pytest.mark.parametrize("first, later, old, new, held", [
    ("Our optician is Mr Deakin on the high street. The kids get their eyes checked every year.",
     "Mr Deakin sold up, so our optician is Ms Farrow now, but the kids still go every year.",
     "deakin on", "farrow", "eyes checked"),
    ("Ivo's football coach is Mr Grant. Training is on Wednesdays.",
     "The club reshuffled, so Ivo's coach is Ms Ahmed now, but training is still Wednesdays.",
     "mr grant", "ahmed", "training is on"),
    ("Our GP is Dr Lyle at Moorside surgery. Repeat prescriptions go to Boots.",
     "We registered somewhere closer, so our GP is Dr Quist at Brookfield now, and prescriptions still go to Boots.",
     "lyle", "quist", "repeat prescriptions"),
    ("Our landlord is Mr Pryce and he's very slow with repairs. The rent is 900 a month.",
     "The flat changed hands, so our landlord is Ms Ortega now, but the rent is still 900 a month.",
     "pryce", "ortega", "rent is 900"),
])
def test_a_new_value_in_one_clause_supersedes_and_what_still_holds_stays(tmp_path, first, later, old, new, held):
    """The sentence's other clauses (a reason, what still holds) keep its whole from reading as the
    same attribute with a new value; the clause that says it does, with a word of change ("now") in
    the sentence. Without one, a short clause's value is too little: see the next test."""
    with _run(tmp_path, first, later) as engine:
        records = engine.records("t", "u", include_inactive=True)
    seen = [(r.text, r.tier) for r in records]
    active = [(r.text or "").lower() for r in records if r.tier == "active"]
    assert not any(old in t for t in active), seen
    assert any(new in t for t in active), seen
    assert any(held in t for t in active), seen  # "still ..." supersedes nothing


@pytest.mark.parametrize("first, later, kept", [
    ("Signed a new tenant for the flat: the Okoro family. My letting agent there is Dana Price.",
     "Keep this between us, the deposit is held by Safehold and I shouldn't have mentioned it.", "dana price"),
    ("New volunteer role at the food bank. My shift lead there is Carl Hume.",
     "Honestly, that's handled by the trustees and I can't say more.", "carl hume"),
    ("We started at a new nursery. My key contact there is Mrs Aldo.",
     "The fees are paid by my employer's scheme, so that's sorted.", "aldo"),
])
def test_a_value_in_a_short_piece_without_a_word_of_change_supersedes_nothing(tmp_path, first, later, kept):
    records = _after(tmp_path, [first, later])  # defined below
    assert [r.tier for r in records if kept in (r.text or "").lower()] == ["active"], \
        [(r.text, r.tier) for r in records]


@pytest.mark.parametrize("first, later, stale", [
    ("I sing with the Harbour Choir, mostly alto. Rehearsals are Monday evenings at the old chapel, and I've been "
     "practising scales daily.", "Big change this autumn: I've joined the Westfield Singers. Still alto, but their "
     "rehearsals are on Wednesday nights instead.", "harbour choir"),
    ("I volunteer at the Elm Road food bank, mostly sorting. Shifts are Saturday mornings, and I usually bring my "
     "neighbour along.", "New chapter: I've moved over to the Canal Street pantry. Still sorting, but their shifts "
     "are Sunday afternoons instead.", "elm road"),
    ("I play bass in a covers band called The Loft Tapes. We rehearse Thursday nights in Dev's garage, and I've been "
     "learning the setlist.", "Band news: I've left The Loft Tapes and joined Paper Lanterns. Still on bass, but we "
     "rehearse on Sunday afternoons instead.", "covers band"),
])
def test_a_narrative_said_anew_that_updates_another_whole_keeps_none_of_it(tmp_path, first, later, stale):
    """It may change more of the old one than the statement found to change: no rest is kept."""
    records = _after(tmp_path, [first, later])
    assert not any(r.tier == "active" and stale in (r.text or "").lower() for r in records), \
        [(r.text, r.tier) for r in records]


# -- a request to forget one statement --------------------------------------------------------------

@pytest.mark.parametrize("first, later, gone, kept", [
    ("Custody stuff. Pickups for Mila happen at her dad's flat, 17 Garnet Row, on Fridays at 6. Mila's swim lessons "
     "are at the Eastgate leisure centre.", "Please forget the address of Mila's dad, I don't need it kept.",
     r"garnet|17", "eastgate"),
    ("Update on the house. The mortgage with Calder Bank is 1,150 a month. The new kitchen goes in next month, Dara "
     "Joinery is fitting it.", "Remove the mortgage details from memory please.", r"calder|1,150", "dara"),
    ("Catch-up. The debt collector from Arden Recovery called again about the old phone bill. The school fete raised "
     "900 pounds for the library.", "please forget the debt collector stuff", r"arden|collector|phone bill", "fete"),
    ("Weekend recap. The biopsy results came back clear, huge relief. The kids built a treehouse with their grandad.",
     "can you wipe the bit about the biopsy", r"biopsy|results", "treehouse"),
])
def test_forgetting_one_statement_erases_it_everywhere_and_keeps_the_others(tmp_path, first, later, gone, kept):
    with _run(tmp_path, first, later) as engine:
        records = engine.records("t", "u", include_inactive=True)
        hits = engine.recall(tenant_id="t", user_id="u", query=f"{kept} {gone}", k=10)
        context = engine.context(tenant_id="t", user_id="u", session_id="s2", query=f"{kept} {gone}",
                                 budget_tokens=400)
        turns = engine.session_turns("t", "u", "s0")
    seen = [(r.text, r.tier) for r in records]
    readable_now = [r.text or "" for r in records] + [h.text for h in hits] + [context.text] + [t.text or "" for t in turns]
    assert not any(re.search(gone, t, re.I) for t in readable_now), readable_now
    assert [r.tier for r in records if kept in (r.text or "").lower()] == ["active"], seen
    assert all(t.text is None for t in turns)  # the turn that said it is shredded


@pytest.mark.parametrize("later", [
    "forget all of that, the biopsy and the treehouse",
    "please delete what I told you about the biopsy results and the kids' treehouse",
    "scrap what I said about the biopsy and about the treehouse",
])
def test_a_request_that_names_every_statement_forgets_the_whole_record(tmp_path, later):
    first = "Weekend recap. The biopsy results came back clear, huge relief. The kids built a treehouse with their grandad."
    with _run(tmp_path, first, later) as engine:
        texts = [r.text or "" for r in engine.records("t", "u", include_inactive=True)]
    assert not any(re.search("biopsy|treehouse", t, re.I) for t in texts), texts


# -- the pieces --------------------------------------------------------------------------------------

def _record(text: str, **fields: str) -> MemoryRecord:
    at = datetime(2026, 5, 4, 9, tzinfo=timezone.utc)
    return MemoryRecord(memory_id="m1", tenant_id="t", user_id="u", session_id="s0", kind="fact", text=text,
                        fields={"type": "observation", **fields}, source="user_explicit",
                        sources=[TurnRef(session_id="s0", turn_id="0")], confidence=0.8, importance=0.5,
                        created_at=at, updated_at=at, use_count=3)


def test_statements_are_read_as_the_speakers():
    assert readable("Wren: a thing here; we grow beans; Wren's cat is old", "Wren") == [
        "Wren: a thing here", "Wren: we grow beans", "Wren's cat is old"]
    assert is_narrative({"type": "observation"}, "Wren: a; b")
    assert not is_narrative({"type": "observation"}, "Wren: one statement")
    assert not is_narrative({}, "Wren: a; b")


def test_what_is_left_is_led_by_the_speaker_and_keeps_the_record():
    assert rest_text("Wren: a; b; c", {0}, "Wren") == "Wren: b; c"
    assert rest_text("Wren's cat is old; b", {0}, "Wren") == "Wren: b"
    assert rest_text("Wren: a; b", {1}, "Wren") == "Wren: a"
    assert rest_text("Wren: a; b", {0, 1}, "Wren") is None  # nothing left
    assert rest_text("Wren: a; b", set(), "Wren") is None  # nothing dropped
    rec = _record("Wren: a; b; c", consolidated="3")
    later = datetime(2026, 5, 9, 9, tzinfo=timezone.utc)
    rest = without(rec, {1}, "Wren", "m2", later)
    assert rest is not None and rest.memory_id == "m2" and rest.text == "Wren: a; c"
    assert rest.fields["consolidated"] == "2" and rest.sources == rec.sources and rest.use_count == 3
    assert rest.created_at == rec.created_at and rest.updated_at == later and rest.tier == "active"


def test_a_statement_is_read_whole_and_clause_by_clause():
    assert clauses("Wren: the shop closed, so our baker is Tomas now, but bread is still daily", "Wren") == [
        "Wren: the shop closed, so our baker is Tomas now, but bread is still daily",
        "Wren: our baker is Tomas now", "Wren: bread is still daily", "Wren: the shop closed"]
    assert clauses("Wren's baker is Tomas", "Wren") == ["Wren's baker is Tomas"]
    assert clauses("Wren: bread, and jam", "Wren") == ["Wren: bread, and jam"]  # no clause of three words


# -- what a request to forget names, and what it leaves ---------------------------------------------

def _after(tmp_path, turns: list[str], speakers: list[str] | None = None):
    """Every record (all tiers) after `turns`, a day apart, each in a session of its own."""
    with _open(tmp_path, turns, speakers) as engine:
        return engine.records("t", "u", include_inactive=True)


@pytest.mark.parametrize("first, later, gone", [
    ("Club notes. Coach Brannigan picks the team on Thursdays. Coach Brannigan dropped Ellis for missing training. "
     "Coach Brannigan wants new kit by March.", "Please forget everything I told you about Coach Brannigan.",
     r"brannigan|ellis|kit"),
    ("Health stuff. Dr Ferreira switched my inhaler. Dr Ferreira thinks the cough is asthma. Dr Ferreira sees me "
     "again in June.", "delete everything about Dr Ferreira please", r"ferreira|inhaler|asthma"),
    ("Neighbour saga. Mrs Abbot complained about our hedge. Mrs Abbot parks across our drive. Mrs Abbot has a new "
     "cat.", "can you wipe all of it about Mrs Abbot", r"abbot|hedge|drive|cat"),
])
def test_everything_about_someone_every_statement_names_forgets_them_all(tmp_path, first, later, gone):
    texts = [r.text or "" for r in _after(tmp_path, [first, later])]
    assert not any(re.search(gone, t, re.I) for t in texts), texts


@pytest.mark.parametrize("first, later, gone, kept", [
    ("Family logistics. Ines has violin with Mrs Cope on Tuesdays at 5. Her speech therapist Dr Rolf Ahn sees her "
     "every other Friday. Kai plays hockey on Saturday mornings.",
     "Please forget what I told you about Ines's speech therapist.", r"therapist|ahn", ["violin", "hockey"]),
    ("This month. Noor's orthodontist appointment is on the 14th. Noor's school trip to York is next week. The boiler "
     "service is booked for the 20th.", "forget what I said about Noor's orthodontist",
     r"orthodontist", ["york", "boiler"]),
])
def test_whose_thing_it_is_does_not_name_the_other_statements_about_them(tmp_path, first, later, gone, kept):
    """"X's therapist" names the statement about the therapist, not every statement about X."""
    active = [(r.text or "").lower() for r in _after(tmp_path, [first, later]) if r.tier == "active"]
    assert not any(re.search(gone, t) for t in active), active
    assert all(any(word in t for t in active) for word in kept), active


@pytest.mark.parametrize("first, later, gone", [
    ("Rough week. The solicitor Marta Quell wants the signed forms by Friday. Marta Quell also said the estate is "
     "worth 280,000. The car needs new tyres.", "Please forget the stuff about the solicitor.", r"quell|280"),
    ("Work gossip. The new director Tobias Wendt is cutting the travel budget. Tobias Wendt also hinted at layoffs "
     "in Leeds. The canteen reopens on Monday.", "forget what I told you about the new director", r"wendt|layoffs"),
])
def test_a_statement_naming_whom_the_forgotten_one_names_goes_with_it(tmp_path, first, later, gone):
    records = _after(tmp_path, [first, later])
    texts = [r.text or "" for r in records]
    assert not any(re.search(gone, t, re.I) for t in texts), texts
    assert any(r.tier == "active" and re.search("tyres|canteen", r.text or "") for r in records), texts


@pytest.mark.parametrize("turns, gone, kept", [
    (["Sofia has judo on Mondays at 6. Theo plays chess on Thursdays.", "Sofia's judo moved to Tuesdays at 7.",
      "forget what I told you about the chess"], r"chess", "tuesdays at 7"),
    (["Our vet is Dr Lang at Birchfield. The kennel we use is Paws Inn.", "We switched vets, our vet is Dr Osei now.",
      "please delete what I said about the kennel"], r"kennel|paws", "osei"),
])
def test_a_statement_forgotten_after_an_update_leaves_no_older_copy(tmp_path, turns, gone, kept):
    """The record an update cut it from (superseded, kept for audit) held it too: it goes with it."""
    records = _after(tmp_path, turns)
    assert not any(re.search(gone, r.text or "", re.I) for r in records), [(r.text, r.tier) for r in records]
    assert any(r.tier == "active" and kept in (r.text or "").lower() for r in records)


@pytest.mark.parametrize("later", [
    "Ruby's ballet is still on Thursdays at 4, and Sam still swims on Sunday mornings.",
    "Ruby still has ballet on Thursdays at 4, as always.",
    "Same as before: Ruby's ballet is still Thursdays at 4 with Miss Hart.",
])
def test_saying_a_statement_still_holds_supersedes_nothing(tmp_path, later):
    first = "Family logistics: Ruby has ballet with Miss Hart on Thursdays at 4. Sam does swimming on Sunday mornings."
    records = _after(tmp_path, [first, later])
    assert [r.tier for r in records if "Miss Hart on Thursdays" in (r.text or "")] == ["active"], \
        [(r.text, r.tier) for r in records]


@pytest.mark.parametrize("first, later, moved, others", [
    ("Shed inventory. The box marked B12 sits on the top rack. The box marked B15 sits on the middle rack. "
     "The box marked B19 sits on the bottom rack.", "The box marked B19 moved to the garage loft.",
     "B19 sits", ["B12", "B15"]),
    ("Van stock. The kit labelled K4 is in bay one. The kit labelled K7 is in bay two. The kit labelled K9 is in "
     "bay three.", "The kit labelled K4 moved to the depot.", "K4 is in", ["K7", "K9"]),
    ("Lockers. Locker A21 holds the tents. Locker A22 holds the stoves. Locker A23 holds the ropes.",
     "Locker A22 moved to the boathouse, stoves and all.", "A22 holds", ["A21", "A23"]),
])
def test_the_statement_with_the_code_a_change_names_is_the_one_it_changes(tmp_path, first, later, moved, others):
    records = _after(tmp_path, [first, later])
    active = [(r.text or "") for r in records if r.tier == "active"]
    assert any(all(o in t for o in others) for t in active), active
    assert not any(moved in t for t in active), active


def test_what_is_left_keeps_the_name_of_who_said_it(tmp_path):
    """Another speaker of the subject asks to forget one statement: the rest is still the first
    speaker's words."""
    records = _after(tmp_path, ["Plans. Jo has a dentist check on Monday at 9. I have pilates on Wednesdays at 7. "
                                "The window cleaner comes on Fridays.", "Please forget my dentist check."],
                     speakers=["Wren", "Jo"])
    active = [r.text or "" for r in records if r.tier == "active"]
    assert not any("dentist" in t for t in active), active
    assert any("pilates" in t and not t.startswith("Jo") for t in active), active


def test_a_forget_leaves_no_vector_of_what_it_erased_in_the_embedders_cache(tmp_path):
    """Deciding embeds forms of a record that its text does not name (each statement, clauses,
    values masked); once keys are destroyed the embedder keeps none of them."""
    from engine.embedder import shared_embedder
    from engine.settings import Settings

    _after(tmp_path, ["Catch-up. The debt adviser from Fenwick Trust called about the arrears. The school fete raised "
                      "700 pounds.", "please forget the debt adviser stuff"])
    embedder = shared_embedder(Settings().embedder)
    from engine.ids import text_digest
    for form in ("Wren: The debt adviser from Fenwick Trust called about the arrears",
                 "The debt adviser from Fenwick Trust called about the arrears"):
        assert text_digest(form) not in getattr(embedder, "_cache", {})


@pytest.mark.parametrize("first, later, gone, kept", [
    ("Admin notes. Lee has an eye test on Monday at 10. The van insurance with Tarrant renews in May. The contents "
     "insurance is with Halvard. I have spin class on Thursdays.",
     "forget what I told you about the eye test and the insurance", r"eye test|insurance", "spin"),
    ("Catch-up. My brother owes me 300 for the flights. The mortgage broker is Kemi Sale. The mortgage offer expires "
     "in June. The cat's flea treatment is due.", "please delete the bit about my brother, and the mortgage stuff",
     r"brother|mortgage|kemi", "flea"),
    ("Busy week. The locksmith is coming on Tuesday. My payslip shows the tax code was wrong. The payslip dispute is "
     "with payroll. The hedge needs cutting.", "forget what I said about the locksmith & the payslip",
     r"locksmith|payslip|payroll|tax code", "hedge"),
])
def test_a_request_naming_two_things_forgets_each(tmp_path, first, later, gone, kept):
    texts = [r.text or "" for r in _after(tmp_path, [first, later])]
    assert not any(re.search(gone, t, re.I) for t in texts), texts
    assert any(kept in t for t in texts), texts


@pytest.mark.parametrize("first, later, kept", [
    ("Money notes. The car loan payment is 240 a month. The gym costs 240 a year as well. The kids' savings go in "
     "on the 1st.", "forget what I told you about the car loan", "gym"),
    ("Week plan. The physio session is at 4:15 on Tuesday. The team call is at 4:15 on Thursdays. The recycling "
     "goes out on Mondays.", "please forget the physio session", "team call"),
    ("Schedule. Mia's dentist visit is on the 9th at 11. Our boiler check is on the 9th too. Grandma visits at the "
     "weekend.", "forget what I said about Mia's dentist", "boiler"),
])
def test_a_number_or_time_two_statements_share_does_not_widen_a_forget(tmp_path, first, later, kept):
    active = [(r.text or "").lower() for r in _after(tmp_path, [first, later]) if r.tier == "active"]
    assert any(kept in t for t in active), active


@pytest.mark.parametrize("later", [
    "As usual the studio reshuffled everything, Ruby's ballet is on Mondays at 5 now.",
    "I still can't believe it, Ruby's ballet moved to Mondays at 5.",
    "Typical, as usual nobody asked us, but Ruby's ballet moved to Mondays at 5.",
])
def test_a_change_said_beside_a_word_of_going_on_still_updates(tmp_path, later):
    first = "Family logistics: Ruby has ballet with Miss Hart on Thursdays at 4. Sam does swimming on Sunday mornings."
    records = _after(tmp_path, [first, later])
    active = [(r.text or "") for r in records if r.tier == "active"]
    assert not any("Thursdays at 4" in t for t in active), active
    assert any("Sam does swimming" in t for t in active), active


@pytest.mark.parametrize("first, later, kept", [
    ("House notes. The loft insulation was redone by Carver & Sons. Dad's insulin pen needs a new cartridge.",
     "please forget the stuff about Dad's insulin", "insulation"),
    ("Odds and ends. The cardigan I knitted for Jo is finished. Jo's cardiologist wants another scan in June.",
     "forget what I said about Jo's cardiologist", "cardigan"),
    ("Garden notes. The pergola needs new paint. My pension statement shows a gap in 2019.",
     "please forget the bit about my pension", "pergola"),
])
def test_a_word_that_begins_like_the_one_named_is_not_it(tmp_path, first, later, kept):
    active = [(r.text or "").lower() for r in _after(tmp_path, [first, later]) if r.tier == "active"]
    assert any(kept in t for t in active), active


@pytest.mark.parametrize("speaker, other, first, later, kept", [
    ("Joanna", "Jo", "Plans. The dentist check is on Monday at 9. The window cleaner comes on Fridays.",
     "forget what I told you about the dentist check", "Joanna: The window cleaner"),
    ("Samantha", "Sam", "This week. The boiler engineer comes on Tuesday. The book club meets on Thursday.",
     "forget what I said about the boiler engineer", "Samantha: The book club"),
    ("Alexander", "Alex", "Notes. The parking fine appeal is due on the 3rd. The gym induction is on Friday.",
     "please forget the parking fine", "Alexander: The gym induction"),
])
def test_the_rest_keeps_its_speaker_when_another_speakers_name_begins_the_same(tmp_path, speaker, other, first,
                                                                                later, kept):
    records = _after(tmp_path, [first, later], speakers=[speaker, other])
    active = [r.text or "" for r in records if r.tier == "active"]
    assert any(t.startswith(kept) for t in active), active


def test_a_forget_empties_the_erasure_caches_keyed_by_text(tmp_path):
    """The distinctive terms of a record's text are cached by the text: a forget lets them go."""
    from engine.erasure import _content_terms, term_kinds

    with _open(tmp_path, ["Catch-up. The debt adviser from Fenwick Trust called about the arrears. The school fete "
                          "raised 700 pounds."]) as engine:
        said = next(r.text for r in engine.records("t", "u") if "Fenwick" in (r.text or ""))
        term_kinds(said), _content_terms(said)  # cached, as deciding leaves them
        _say(engine, 1, "please forget the debt adviser stuff")
        engine.flush()
        assert not any("Fenwick" in (r.text or "") for r in engine.records("t", "u", include_inactive=True))
    for cached in (term_kinds, _content_terms):
        hits = cached.cache_info().hits
        cached(said)
        assert cached.cache_info().hits == hits, f"{cached.__name__} still held the forgotten text"


@pytest.mark.parametrize("turns, gone", [
    (["Nell has flute with Mr Adair on Tuesdays at 5. Ari does football on Saturday mornings.",
      "Nell's flute moved to Wednesdays at 6.", "Nell's flute is on Fridays at 4 now.",
      "forget what I told you about Nell's flute"], r"flute"),
    (["My parking permit number is 77-4410.", "My parking permit number is 77-5521 now.",
      "please delete my parking permit number"], r"77-4410|77-5521|permit"),
    (["Our cleaner is Dorota, she comes on Mondays.", "Our cleaner is Halina now, she comes on Thursdays.",
      "can you wipe what I told you about our cleaner"], r"dorota|halina|cleaner"),
])
def test_a_forgotten_memory_takes_its_older_versions_with_it(tmp_path, turns, gone):
    """What it superseded held the same memory said before: readable, or re-derived from its turn
    by rederive, it would bring back what was forgotten."""
    with _open(tmp_path, turns) as engine:
        texts = [r.text or "" for r in engine.records("t", "u", include_inactive=True)]
        assert not any(re.search(gone, t, re.I) for t in texts), texts
        engine.rederive()
        texts = [r.text or "" for r in engine.records("t", "u", include_inactive=True)]
    assert not any(re.search(gone, t, re.I) for t in texts), texts


@pytest.mark.parametrize("first, later", [
    ("Notes; with; semicolons; inside. Ruby has ballet on Thursdays at 4; Sam swims on Sundays; ;",
     "forget what I told you about the ballet"),
    ("Notizen. Lotte hat montags Geigenunterricht. Piet spielt samstags Fußball.", "Lottes Geige ist jetzt dienstags."),
    ("Piano. Mondays. Chess. Fridays.", "Chess moved to Tuesdays."),
    ("O'Brien's van is at Quay Street. D'Souza's stall opens at 8; Siobhán O'Neill runs it.",
     "please forget what I said about O'Brien's van"),
])
def test_odd_narratives_are_updated_and_forgotten_without_setting_anything_aside(tmp_path, first, later):
    """Stray separators, another language, one-word sentences and apostrophes in names go through
    the statement readings: no turn is set aside as a dead letter and the log replays to the view."""
    with _open(tmp_path, [first, later]) as engine:
        assert engine.dead_letters() == []
        digest = engine.view_digest()
    assert MemoryEngine.replay(tmp_path / "d", tmp_path / "replayed") == digest
