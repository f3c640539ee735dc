"""This round's readings answer long odd input as they answer short input: a clause split over a
long run of "and their brother", a long run of bare changes and "now" sentences, lower-case months
and "last ..." repeated, a subjectless doing or an edit request padded with spaces. (They are read
in linear time; a test asserts what they answer, not how fast.)"""
from __future__ import annotations

from datetime import datetime, timezone

from engine.dates import resolve_dates
from engine.extractor import done_said_alone, split_sentences
from engine.processor import _edits_a_text
from engine.statements import clause_pieces

AT = datetime(2026, 3, 2, 10, tzinfo=timezone.utc)


def test_a_long_run_of_kin_without_a_clause_stays_one_piece():
    pieces, _ = clause_pieces("Robin swims " + "and their brother " * 5000, "Robin")
    assert len(pieces) == 1


def test_a_long_run_of_kin_clauses_splits_at_each():
    text = "Robin swims at the lido" + " and their brother Jamal owes the bank" * 200
    pieces, _ = clause_pieces(text, "Robin")
    assert len(pieces) == 201


def test_bare_changes_and_now_sentences_join_in_pairs():
    text = " ".join(["Switched banks. Now with Monzo."] * 2000)
    assert split_sentences(text) == ["Switched banks, now with Monzo."] * 2000


def test_months_in_a_long_lower_case_text_are_read():
    text = "went vegan in january and " * 3000 + "we got married last December"
    assert resolve_dates(text, AT)[1] == datetime(2026, 1, 1, tzinfo=timezone.utc)


def test_padded_asks_are_read_as_short_ones():
    pad = " " * 20000
    assert done_said_alone("got engaged!!" + pad)
    assert not done_said_alone(pad + "got a sec?")
    assert _edits_a_text("remove the bit about pricing" + pad + "from the proposal") is False
    assert _edits_a_text("remove the bit about pricing from the proposal" + pad)
