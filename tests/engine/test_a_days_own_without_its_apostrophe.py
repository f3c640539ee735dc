"""A day's or a period's own thing typed without its apostrophe ("todays chat", "yesterdays physio
session", "this mornings reading") is read as with it (textnorm.plain_chat): the day is resolved,
an instruction for today's chat lapses, a request to forget this morning's reading forgets it. A
plural ("the last weeks of term", "on Mondays") stays as it is."""
from __future__ import annotations

import pytest

from engine.textnorm import plain_chat
from two_sessions import kept_of_one_turn, one_session_texts


@pytest.mark.parametrize("text,day", [
    ("yesterdays physio session went really well", "1 March 2026"),
    ("tonights dinner is at Mario's at 8", "2 March 2026"),
    ("last nights match was a disaster, we lost 4-0", "1 March 2026"),
])
def test_the_day_is_read(tmp_path, text, day):
    kept = kept_of_one_turn(tmp_path, "Odile", text)
    assert any(day in said for _, said in kept), kept


@pytest.mark.parametrize("text", ["for todays chat just answer in French", "for tonights session keep it to bullet points",
                                  "for this afternoons meeting keep answers under 50 words"])
def test_an_instruction_for_the_day_lapses(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Odile", text)
    assert [kind for kind, _ in kept] == ["temporary_instruction"], kept


def test_a_request_to_forget_this_mornings_thing_forgets_it(tmp_path):
    texts = one_session_texts(tmp_path, "Odile", ["my blood pressure this morning was 150 over 95",
                                                  "my GP is Dr Okoro at Hill Street",
                                                  "don't keep this mornings reading please forget it"])
    assert not any("150" in t for t in texts) and any("Okoro" in t for t in texts), texts


@pytest.mark.parametrize("text", ["the last weeks of term are busy", "on Mondays I swim", "I have todays",
                                  "The last weeks of the year fly by",
                                  # (found by a probe helper)
                                  "all our yesterdays are gone, as the play says", "tomorrows are never promised",
                                  "I think about the todays and tomorrows of my kids", "Todays is the name of a cafe",
                                  "I watched Todays Special on TV", "TODAYS LUNCH WITH MARGUERITE WAS LOVELY"])
def test_a_plural_stays(text):
    assert plain_chat(text) == text
