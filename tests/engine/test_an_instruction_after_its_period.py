"""A rule asked of the assistant right after the turn named a period ("I'm on my phone all day today.
Keep answers short.") is asked for that period: it is a temporary instruction that lapses with it,
not a standing constraint served for good. Before, the second sentence was kept as a constraint
with no end. A task asked after a period ("send me the slides") is no rule for it. A rule said for good ("always ..."), after a period that is over, or with no period
before it, stays what it was.

And an aside in brackets that ends with its own mark ("(botanical piece!!) so keep replies short")
ends no sentence: the sentence goes on after the bracket. Before, it was cut there, the bracket lost,
and the request after it lost the period before it."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engine import MemoryEngine
from engine.extractor import split_sentences
from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("My toddler is home with a fever today. Keep your answers brief.", "brief"),
    ("I'm stuck in a hospital waiting room for the next two hours. Keep replies to a sentence or two.", "sentence"),
    ("We're camping with no signal this weekend. Don't send me links, just plain text.", "links"),
    ("My glasses broke this morning so reading is hard today. Use short paragraphs please.", "paragraphs"),
    ("It's my sister's wedding today and I'm on my phone. Keep it to bullet points.", "bullet"),
])
def test_a_rule_after_a_period_is_for_that_period(tmp_path, text, word):
    found = kept_of_one_turn(tmp_path, "Noor", text)
    assert any(k == "temporary_instruction" and word in t for k, t in found), found
    assert not any(k != "temporary_instruction" and word in t for k, t in found), found


@pytest.mark.parametrize("text, word", [
    # said for good
    ("My toddler is home with a fever today. From now on keep your answers brief.", "brief"),
    # the period is over
    ("Last week was a nightmare at work. Keep your answers brief.", "brief"),
    # a period of a day before ("all day" yesterday, last week)
    ("Yesterday I was stuck in A&E all day. Please keep your answers brief.", "brief"),
    ("I was glued to my phone all day last week. Keep your answers brief.", "brief"),
    # no period before it
    ("My toddler has a fever. Keep your answers brief.", "brief"),
    # a lasting condition told with the period, and a rule of what to suggest
    ("I found out today that I have coeliac disease. Don't suggest anything with gluten.", "gluten"),
    ("I'm hosting friends tonight. Please don't suggest anything with shellfish, I'm allergic.", "shellfish"),
    ("I went vegetarian this morning. Never recommend meat dishes to me.", "meat"),
    # a statement of the speaker's that goes on to ask something is not the request
    ("I'm home alone today. I love spicy food, so give me something with chilli.", "spicy"),
])
def test_a_rule_for_good_or_after_no_live_period_stays_a_rule(tmp_path, text, word):
    found = kept_of_one_turn(tmp_path, "Noor", text)
    assert any(k in ("constraint", "preference") and word in t for k, t in found), found
    assert not any(k == "temporary_instruction" for k, _ in found), found


@pytest.mark.parametrize("text, word", [
    ("I'm off sick today. Send me the slides from the budget meeting.", "slides"),
    ("We're in Valencia this week. Find me a paella place near the beach.", "paella"),
])
def test_a_task_asked_after_a_period_is_no_instruction(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Noor", text)
    assert not any(k == "temporary_instruction" and word in t for k, t in kept), kept


def test_the_rule_lapses_with_the_period(tmp_path):
    turns = [
        {"tenant_id": "t", "user_id": "u", "session_id": "s1", "turn_id": "a", "role": "user", "speaker": "Noor",
         "text": "I'm commuting on a crowded train this morning. Keep every answer under fifty words.",
         "occurred_at": "2026-03-02T07:30:00Z"},
        {"tenant_id": "t", "user_id": "u", "session_id": "s2", "turn_id": "b", "role": "user", "speaker": "Noor",
         "text": "Can you explain how compound interest works?", "occurred_at": "2026-03-04T19:00:00Z"},
    ]
    now = datetime(2026, 3, 4, 19, 5, tzinfo=timezone.utc)
    with MemoryEngine.open(tmp_path / "d") as e:
        e.ingest_many(turns)
        e.flush()
        ctx = e.context(tenant_id="t", user_id="u", session_id="s2", query="how long should answers be",
                        budget_tokens=400, now=now, record_use=False)
        hits = e.recall(tenant_id="t", user_id="u", query="how long should answers be", k=10, now=now,
                        record_use=False)
    assert "fifty" not in ctx.text, ctx.text
    assert not any("fifty" in h.text for h in hits), hits


@pytest.mark.parametrize("text, whole", [
    ("stuck in a meeting for the next 30 minutes (boring!!) so reply in one sentence only. thanks",
     "stuck in a meeting for the next 30 minutes (boring!!) so reply in one sentence only."),
    ("we went to the fair on Saturday (so much fun!) and my son won a goldfish. Then rain.",
     "we went to the fair on Saturday (so much fun!) and my son won a goldfish."),
    ("She told me \"never again!\" and hung up. Typical.", "She told me \"never again!\" and hung up."),
])
def test_an_aside_ending_with_its_own_mark_ends_no_sentence(text, whole):
    assert split_sentences(text)[0] == whole


@pytest.mark.parametrize("text, second", [
    # a bracket or a quote that holds a whole sentence, and a capital after it: two sentences
    ("We got the keys today (finally!) Then the movers came.", "Then the movers came."),
    ("He said \"fine.\" We left.", "We left."),
    ("Great news! our offer was accepted.", "our offer was accepted."),
])
def test_a_sentence_that_ends_still_ends(text, second):
    assert split_sentences(text)[1:] == [second]


@pytest.mark.parametrize("text, word", [
    ("on the bus till 6 tonight (ugh, again!) so keep answers brief please.", "brief"),
    ("in the dentist's chair for the next hour (send help!) so one-line replies only please.", "one-line"),
    ("babysitting all afternoon (three kids!!) so keep any recipes to five steps max.", "five steps"),
])
def test_a_request_after_an_aside_keeps_its_period(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Noor", text)
    assert any(k == "temporary_instruction" and word in t for k, t in kept), kept
    assert not any(k != "temporary_instruction" and word in t for k, t in kept), kept
