"""A request to forget may name a part of a memory by the kind of value it holds, in no word the
memory holds: "what I earn" of "I make 84k, I work in logistics", "which school my kid goes to" of
"Ava is in year two at Riverside Elementary and has swimming on Tuesdays", "how much I pay for the
unit" of "the landlord is Gerry Moran and the rent is €1,450 a month". The part that gives such
a value goes, and the rest of the memory stays: before, the whole memory was erased, or (a sentence
with nothing to cut at) all of it. A school named as a phrase of its own ("at Riverside
Elementary") is cut out of its clause; what someone earns goes with its clause ("makes 84k"). The
forgotten value is unreadable everywhere: records, recall, the session's context."""
from __future__ import annotations

import pytest

from engine import MemoryEngine
from tests.engine.two_sessions import after_forget


def _everything_readable(tmp_path, said: list[str], request: str) -> tuple[list[str], str]:
    """(the active records' texts, every text the engine serves: context and recall) after `said`
    (one turn each) and, three days later in a new session, `request`."""
    with MemoryEngine.open(tmp_path / "d") as engine:
        for i, text in enumerate(said):
            engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s0", "turn_id": str(i), "role": "user",
                           "speaker": "Robin", "text": text, "occurred_at": f"2026-03-02T09:{i:02d}:00Z"})
        engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s1", "turn_id": "r", "role": "user",
                       "speaker": "Robin", "text": request, "occurred_at": "2026-03-05T09:00:00Z"})
        engine.flush()
        texts = [r.text or "" for r in engine.records("t", "u")]
        served = [str(engine.context(tenant_id="t", user_id="u", session_id=s, query=q))
                  for s in ("s0", "s1") for q in ("", "money salary income school")]
        served += [str(engine.recall(tenant_id="t", user_id="u", query="how much do they earn, which school"))]
        return texts, "\n".join(served)


def _assert_only_the_part_went(tmp_path, said: str, asked: str, gone: str, kept: str) -> None:
    """After `said` and, later, `asked`, no record and nothing served holds `gone`, and a record
    still holds `kept`."""
    texts, served = _everything_readable(tmp_path, [said], asked)
    assert not any(gone in t for t in texts), texts
    assert gone not in served, served
    assert any(kept in t for t in texts), texts


@pytest.mark.parametrize("said, asked, gone, kept", [
    ("junior dev at a fintech, 55k base, my team is six people", "please forget my salary", "55k", "team"),
    ("make 2.4k a month doing deliveries, rent is 950, the van lease is 300", "pls don't keep what I earn",
     "2.4k", "950"),
    ("I'm earning about 96k these days, still at the same agency, the commute is an hour each way",
     "Could you delete how much I make? The rest can stay.", "96k", "commute"),
    ("I get paid $31 an hour at the warehouse, the night shift is 10 till 6", "forget what I get paid", "$31",
     "night shift"),
])
def test_what_someone_earns_goes_and_the_rest_stays(tmp_path, said, asked, gone, kept):
    _assert_only_the_part_went(tmp_path, said, asked, gone, kept)


@pytest.mark.parametrize("said, asked, gone, kept", [
    ("my son Kofi is in year 5 at Brookfield Primary and he plays the cornet",
     "can you forget the name of Kofi's school", "Brookfield", "cornet"),
    ("Mira started reception at St Anselm's Academy in September and she loves the climbing frame",
     "could you wipe which school she's at", "Anselm", "climbing frame"),
    ("our twins are in grade 2 at Lakeview Elementary and both do judo on saturdays",
     "delete the school info, I'd rather not have it written down", "Lakeview", "judo"),
])
def test_a_school_named_as_a_phrase_is_cut_out_of_its_clause(tmp_path, said, asked, gone, kept):
    _assert_only_the_part_went(tmp_path, said, asked, gone, kept)


@pytest.mark.parametrize("said, asked, gone, kept", [
    ("we lease the van from Hertz and the monthly payment is £410, which hurts",
     "please forget how much I'm paying for it", "410", "Hertz"),
    ("my accountant is Farouk Ali and his fee is $1,200 a year, he does my self-assessment too",
     "could you wipe that figure, I'd rather it wasn't stored", "1,200", "Farouk"),
    ("the wedding venue is Larchwood Barn and the deposit was 3k, the date is 12 June",
     "forget the amount we paid", "3k", "Larchwood"),
    ("I buy flour from Shipton Mill and a 25kg sack costs £38, it lasts about three weeks",
     "delete what I spend on that please", "£38", "Shipton"),
    # the words that say which sum ("the nanny's", "the boiler") stay with what is left
    ("our nanny is Lucia Ferreira and her wage is 15 euros an hour, she does Mondays and Wednesdays",
     "please delete how much the nanny's wage is", "15 euros", "Lucia"),
    ("the boiler guy is Kev Lynch and the service was £95, next one due in May",
     "forget what the boiler service cost", "£95", "Kev Lynch"),
])
def test_a_sum_asked_about_goes_with_its_clause_and_what_follows_it(tmp_path, said, asked, gone, kept):
    """"How much", "that figure", "what I spend": the clause giving a sum goes (cut at the "and"
    that opens it), and what only says more of it ("due on the 1st") with it."""
    _assert_only_the_part_went(tmp_path, said, asked, gone, kept)


@pytest.mark.parametrize("said, asked, gone, kept", [
    # a sum beside what someone earns, in one sentence: each is asked for apart
    ("I earn 61k as a radiographer and my rent is £1,350 a month", "forget what I pay in rent", "1,350", "radiographer"),
    ("the rent is 900 a month and I take home 2,400 after tax", "forget how much I take home", "2,400", "900"),
    # the sum's clause opened by "it's", or told with "charge"
    ("my electric is with Octopus and it's about 140 quid a month, direct debit on the 5th",
     "forget what I pay for electricity", "140", "Octopus"),
    ("we get our veg box from Riverford and they charge £22 a week", "forget what we pay for the veg box", "£22",
     "Riverford"),
    # a rate of pay, and "what I'm paid"
    ("i'm a care assistant, paid 12 an hour, nights mostly", "forget what I'm paid", "12 an hour", "care assistant"),
])
def test_a_sum_told_in_other_shapes_is_found_and_cut(tmp_path, said, asked, gone, kept):
    _assert_only_the_part_went(tmp_path, said, asked, gone, kept)


@pytest.mark.parametrize("said, asked, gone", [
    # the thing asked about is more than the school: the event goes with it, however it is worded
    ("my son got suspended from Westbrook High last month for fighting", "forget that my son got suspended from school",
     "suspended"),
    ("my son was picked on at Westgate Primary all of last term and it wrecked his confidence",
     "forget about the bullying at my son's school", "picked on"),
    ("my daughter got a detention at Fairview High for vaping, she's mortified",
     "please delete my daughter's detention at school", "vaping"),
    ("Leo was suspended from Hilltop Academy for a week in march, he's back now", "forget Leo's suspension from school",
     "suspended"),
    # a clause that points back to the value goes with it
    ("I earn 62k at the bank, which is less than my brother makes", "forget what I earn", "brother"),
])
def test_what_leans_on_the_value_or_is_what_was_asked_goes_too(tmp_path, said, asked, gone):
    texts = after_forget(tmp_path, asked, [said], speaker="Robin")
    assert not any(gone in t for t in texts), texts


@pytest.mark.parametrize("said, asked, kept", [
    # spending is no pay: the rent stays when the pay goes
    ("i pay 1,450 in rent, i make 52k at the depot", "forget what I earn", "1,450"),
    # what someone pays is no pay
    ("I make about 70k, my rent is 1,900", "forget what I pay for rent", "70k"),
])
def test_a_request_for_one_kind_leaves_another(tmp_path, said, asked, kept):
    texts = after_forget(tmp_path, asked, [said], speaker="Robin")
    assert any(kept in t for t in texts), texts


@pytest.mark.parametrize("said, asked, kept", [
    # the request names another thing: the values of a kind beside it stay
    ("I make 58k at the council, I earned my brown belt in May, I live in Bath", "forget that I earned my brown belt",
     "58k"),
    ("I make 47k as a paramedic, I made a curry for dinner and it was too hot, we live in Hull",
     "forget what I made for dinner", "47k"),
    ("my son goes to Oakfield Primary, I dropped out of college at 17, I live in York",
     "forget that I dropped out of college", "Oakfield"),
])
def test_a_request_that_names_another_thing_leaves_the_values_of_a_kind(tmp_path, said, asked, kept):
    texts = after_forget(tmp_path, asked, [said], speaker="Robin")
    assert any(kept in t for t in texts), texts


@pytest.mark.parametrize("asked, kinds", [
    ("pls forget my salary", {"earnings"}),
    ("don't keep how much we bring in", {"earnings"}),
    ("wipe my pay details", {"earnings"}),
    ("forget which nursery Leo is at", {"school"}),
    ("forget how much the deposit was", {"amount"}),
    ("don't keep how much I earn", {"earnings"}),
    ("forget what I pay for rent", {"amount"}),
    ("forget that I paid the fine", set()),
    ("forget the stuff about my ex", set()),
])
def test_the_kinds_a_request_names(asked, kinds):
    from engine.named_values import kinds_named

    assert kinds_named(asked) == kinds


@pytest.mark.parametrize("text, kinds", [
    ("Robin makes 84k", {"earnings"}),
    ("Robin is on 18 lakh CTC", {"earnings"}),
    ("salary is 61,000 plus bonus", {"earnings"}),
    ("Robin pays 1,900 in rent", {"amount"}),
    ("rent is about 28k a month", {"amount"}),
    ("Robin makes 3 loaves a week", set()),
    ("Robin's son is in high school", set()),
    ("Tom is at a local nursery", set()),
    ("Robin studied at the University of Leeds", {"school"}),
    ("the kids go to hillcrest primary", {"school"}),
    ("the rent is €1,450 a month", {"amount"}),
    ("Robin was born in 1987", set()),
    # a count is no pay, a street or a press no school
    ("I made 2000 cupcakes for the fair", set()),
    ("the base model was $24,000", {"amount"}),
    ("we pay her 15 bucks an hour", {"amount"}),
    ("we live on Acton High Street", set()),
    ("Robin works at Oxford University Press", set()),
])
def test_the_kinds_a_statement_gives(text, kinds):
    from engine.named_values import kinds_given

    assert kinds_given(text) == kinds


@pytest.mark.parametrize("text", [
    "my codes are " + "12," * 5000,
    "1" * 15000,
    "1." * 7000,
    " " * 15000 + "and the rent is 900",
    "and " * 3000,
    "at " * 4000 + "school",
])
def test_the_readings_of_kinds_take_long_odd_input(text):
    from engine.named_values import clause_cut, kinds_given, kinds_named, phrase_cut, without_kinds

    assert "earnings" not in kinds_given(text)
    assert kinds_named(text) <= {"school", "amount"}
    assert isinstance(without_kinds(text), str)
    assert phrase_cut(text, {"school"}) is None or len(phrase_cut(text, {"school"})) < len(text)
    assert clause_cut(text, {"amount"}) is None or len(clause_cut(text, {"amount"})) < len(text)
