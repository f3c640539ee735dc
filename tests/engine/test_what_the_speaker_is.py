"""What the speaker is, said plainly ("I'm the treasurer of the rowing club now"), is a fact.

The classifier is unsure of such sentences when a "now" ends them; a role after "I'm a/an/the"
keeps them. What says how the speaker feels or fares ("I'm a mess", "I'm the worst") is no role.
"""
from __future__ import annotations

import pytest

from engine.processor import _role_statement
from tests.conftest import engine_after


def _records(tmp_path, text):
    with engine_after(tmp_path, [text], "Ola", "2026-06-01", 0) as engine:
        return [(r.kind, r.text) for r in engine.records("t", "u")]


@pytest.mark.parametrize("text, word", [
    ("I'm the treasurer of the allotment society now.", "treasurer"),
    ("I am a paramedic on the night rota now.", "paramedic"),
    ("I've become a volunteer at the animal shelter.", "volunteer"),
    ("I'm the new coach of the under-12 netball squad.", "coach"),
])
def test_what_the_speaker_is_is_kept_as_a_fact(tmp_path, text, word):
    assert _role_statement(text)
    records = _records(tmp_path, text)
    assert any(kind == "fact" and word in body for kind, body in records), records


@pytest.mark.parametrize("text", ["I'm a mess today.", "I'm the worst at this.", "I'm a bit tired of it.",
                                  "I'm the one who booked it.", "Am I the organiser?"])
def test_how_the_speaker_fares_is_no_role(text):
    assert not _role_statement(text)
