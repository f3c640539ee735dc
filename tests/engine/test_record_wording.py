"""Openers that frame a statement (a confidence, a label) are not part of the record."""
from __future__ import annotations

import pytest

from conftest import make_turn

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("text, opener, kept", [
    ("Between you and me, I'm applying for a transfer to the Dublin office.", "between", "transfer"),
    ("Just between us - my brother is selling his restaurant.", "between", "restaurant"),
    ("Confidentially, we're planning to close the Leeds branch in spring.", "confidential", "leeds"),
    ("To be honest, I prefer working late over early starts.", "honest", "working late"),
])
def test_a_confidence_before_a_statement_is_not_kept_in_its_record(engine, text, opener, kept):
    engine.ingest(make_turn(text, 0, speaker="Noor"))
    engine.flush()
    found = [r.text for r in engine.records("acme", "u1") if kept in (r.text or "").lower()]
    assert found and opener not in found[0].lower(), found
