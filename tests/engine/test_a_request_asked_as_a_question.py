"""A rule of how to answer, asked as a question ("could you keep your replies short?", "can you always
answer in Portuguese?", "would you mind using numbered lists from now on?"), is a rule asked for all
the same: kept as a constraint, or as a temporary instruction when it is for a period (its own, or
one the turn named before it). Before, the question form dropped it. A task asked as a question
("could you book ...?"), a question of what the assistant can do ("can you speak Dutch?") and an
edit of one answer ("can you make it shorter?") keep no rule.

And a request of how to answer marked as standing ("use numbered lists from now on", "going
forward, reply in Portuguese") is a rule of the format, not a fact of the speaker's."""
from __future__ import annotations

import pytest

from engine.extractor import asked_to_do
from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("Could you keep your replies to a couple of sentences?", "sentences"),
    ("can you always answer in Portuguese pls?", "portuguese"),
    ("Would you mind using numbered lists from now on?", "numbered"),
    ("Hey, could you never use markdown in your replies?", "markdown"),
    ("Going forward, could you keep the tone formal?", "formal"),
    ("can u stop putting emojis in your answers from now on", "emojis"),
])
def test_a_rule_asked_as_a_question_is_kept_as_one(tmp_path, text, word):
    found = kept_of_one_turn(tmp_path, "Ilse", text)
    assert any(k == "constraint" and word in t.lower() for k, t in found), found


@pytest.mark.parametrize("text, word", [
    ("My kid is off school with chickenpox today. Could you keep answers quick?", "quick"),
    ("I'm on a train with patchy signal all afternoon. Can you avoid long tables?", "tables"),
    ("Could you reply in bullet points just for today?", "bullet"),
    ("For the rest of this chat, would you mind answering in Italian?", "italian"),
])
def test_a_rule_asked_as_a_question_for_a_period_lapses_with_it(tmp_path, text, word):
    found = kept_of_one_turn(tmp_path, "Ilse", text)
    assert any(k == "temporary_instruction" and word in t.lower() for k, t in found), found
    assert not any(k == "constraint" and word in t.lower() for k, t in found), found


@pytest.mark.parametrize("text", [
    "Could you book me a table for two at eight?",
    "Can you speak Dutch?",
    "Can you make it shorter?",
    "Could you translate this paragraph into Greek?",
    "Would you mind checking my cover letter?",
    "Can you believe the weather this week?",
    "could you recommend a good thriller?",
])
def test_a_task_or_a_question_asked_so_keeps_no_rule(tmp_path, text):
    found = kept_of_one_turn(tmp_path, "Ilse", text)
    assert not any(k in ("constraint", "temporary_instruction") for k, _ in found), found


@pytest.mark.parametrize("text, word", [
    ("Use numbered lists from now on.", "numbered"),
    ("Going forward, reply in Portuguese.", "portuguese"),
    ("from now on dont put tables in your answers", "tables"),
])
def test_a_standing_request_of_how_to_answer_is_a_rule(tmp_path, text, word):
    found = kept_of_one_turn(tmp_path, "Ilse", text)
    assert any(k == "constraint" and word in t.lower() for k, t in found), found
    assert not any(k == "fact" and word in t.lower() for k, t in found), found


@pytest.mark.parametrize("text", [
    "From now on I'll write my diary in Portuguese.",
    "Going forward the quarterly reports will be in French.",
    "I always write shopping lists in bullet points.",
])
def test_the_speakers_own_plan_or_habit_is_no_request(tmp_path, text):
    found = kept_of_one_turn(tmp_path, "Ilse", text)
    assert not any(t.lower().startswith("ilse: please") for _, t in found), found


@pytest.mark.parametrize("text, said", [
    ("could you keep answers brief?", "Please keep answers brief."),
    ("Would you mind keeping it casual?", "Please keep it casual."),
    ("Going forward, could you answer in German?", "Please answer in German going forward."),
    ("Can you speak German?", None),
    ("Would you mind the noise?", None),
    ("What could you do?", None),
])
def test_what_a_question_asks_to_do(text, said):
    assert asked_to_do(text) == said


@pytest.mark.parametrize("text", [
    "We're packing up the flat this week. Draft a short note to the letting agent about the meter readings.",
    "I'm stuck at my desk all day today. Write me a brief summary of the board minutes.",
    "Everything's in storage for now. Can you draft a short text to the removal firm with the new address?",
    "My manager is off today. Could you put together a concise list of the open tickets?",
    "The office is shut until Monday. Send the whole team a short update about the outage.",
])
def test_a_task_after_a_period_is_no_rule_for_it(tmp_path, text):
    """A task of making one thing, however briefly it is to be written, is done once: the period
    named before it lends it no instruction."""
    found = kept_of_one_turn(tmp_path, "Ilse", text)
    assert not any(k in ("constraint", "temporary_instruction") for k, _ in found), found


@pytest.mark.parametrize("text, word", [
    ("I'm running on no sleep today. Give me short answers.", "short"),
    ("My eyes are tired tonight. Make your replies brief.", "brief"),
    ("I'm presenting all morning. Keep it to bullet points.", "bullet"),
])
def test_a_rule_of_how_to_answer_after_a_period_still_lapses_with_it(tmp_path, text, word):
    found = kept_of_one_turn(tmp_path, "Ilse", text)
    assert any(k == "temporary_instruction" and word in t.lower() for k, t in found), found


@pytest.mark.parametrize("text", [
    "We're in Kraków this week. Could you suggest cheap places for pierogi near the old town?",
    "I'm on my lunch break today. Could you outline three short stretches for my back?",
    "I'm revising all afternoon. Could you summarise the French Revolution in bullet points?",
    "I've got my niece all day today. Could you tell me a quick riddle for her?",
])
def test_a_task_asked_as_a_question_after_a_period_is_no_rule(tmp_path, text):
    """A task asked as a question is done once, whatever format it is asked in."""
    found = kept_of_one_turn(tmp_path, "Ilse", text)
    assert not any(k in ("constraint", "temporary_instruction") for k, _ in found), found


@pytest.mark.parametrize("text", [
    "Would you always buy a used car over a new one?",
    "Will you always be around to help?",
    "Would you say I should always email clients in formal English?",
    "Could you always read French as a kid?",
    "Would you write in British English if you were me?",
])
def test_an_opinion_or_a_supposition_asked_is_no_rule(tmp_path, text):
    found = kept_of_one_turn(tmp_path, "Ilse", text)
    assert not any(k in ("constraint", "temporary_instruction") for k, _ in found), found


@pytest.mark.parametrize("text, word", [
    ("My sister is staying today. Give me a quick answer each time.", "answer"),
    ("I'm at a conference all day. Make the replies short.", "replies"),
    ("I'm travelling today. Could you give me one-line answers to everything?", "answers"),
])
def test_what_is_asked_of_every_answer_after_a_period_lapses_with_it(tmp_path, text, word):
    found = kept_of_one_turn(tmp_path, "Ilse", text)
    assert any(k == "temporary_instruction" and word in t.lower() for k, t in found), found


@pytest.mark.parametrize("text, said", [
    ("could you not put tables in your answers?", "Please don't put tables in your answers."),
    ("Would you mind not using emojis?", "Please don't use emojis."),
    ("can you always answer in Dutch pls and also remind me about the dentist?", "Please always answer in Dutch."),
    ("Could you please, keep it casual?", "Please keep it casual."),
    ("COULD YOU ANSWER IN GERMAN?", "Please answer in german."),
])
def test_the_request_said_plainly(text, said):
    assert asked_to_do(text) == said


@pytest.mark.parametrize("text, word", [
    ("Could you stop adding emojis to every reply?", "emojis"),
    ("please quit using bullet points", "bullet"),
    ("Stop writing such long paragraphs.", "paragraphs"),
])
def test_a_request_to_stop_a_way_of_answering_is_a_rule(tmp_path, text, word):
    found = kept_of_one_turn(tmp_path, "Ilse", text)
    assert any(k == "constraint" and word in t.lower() for k, t in found), found


@pytest.mark.parametrize("text", [
    "From now on, tell my husband to use the side gate.",
    "Going forward, remind the team to write in plain English.",
])
def test_a_message_to_pass_on_is_no_rule_of_how_to_answer(tmp_path, text):
    found = kept_of_one_turn(tmp_path, "Ilse", text)
    assert not any(k == "constraint" for k, _ in found), found
