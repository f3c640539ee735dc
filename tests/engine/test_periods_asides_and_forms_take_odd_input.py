"""The readings this round added (the sentence split after an aside, a day before told, a period
lent to a request, the forms of a request to forget, whose something is, the possessor's statements)
take odd input without an error: empty, very long, repeated and unusual text, and names holding a
pattern's characters. Nothing is lost: what the input says plainly is still kept."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engine.extractor import extract, setting_of, split_sentences
from engine.meaning import _measured
from engine.processor import _REQUEST_FORM, _may_ask_to_forget, _request_clauses, _telling_of
from two_sessions import kept_of_one_turn

AT = datetime(2026, 3, 2, 14, 0, tzinfo=timezone.utc)

ODD = ["", " ", "!!)", "(((((", ")" * 500, "so " * 2000, "yesterday " * 500 + "all day.",
       "ignore " * 1000 + "the address I gave you", "gone from what you know " * 300,
       "I'm on my phone all day today. " + "Keep answers short. " * 300, "Bi$cuit's (up|down) to 3.4 kg",
       "\u0000\u200b\ufeff", "😀 (wow!!) 😀 so 😀"]


@pytest.mark.parametrize("text", ODD)
def test_the_readings_take_odd_text(text):
    split_sentences(text)
    setting_of(text, AT)
    extract(text, role="user", speaker="R.*(x)", occurred_at=AT)
    _REQUEST_FORM.search(text)
    _may_ask_to_forget(text)
    _request_clauses(text)
    _measured(text, "R.*(x)")
    assert _telling_of([text, text], {0}) in ([0], [0, 1])


def test_a_plain_statement_beside_odd_text_is_kept(tmp_path):
    kept = kept_of_one_turn(tmp_path, "R.*(x)", "I'm on my phone all day today (ugh!!!) so keep answers short. "
                            "My cat Miso weighs 6.2 kg.")
    assert any(k == "temporary_instruction" and "short" in t for k, t in kept), kept
    assert any("6.2 kg" in t for _, t in kept), kept
