"""The profile and recall read a speaker named beyond ASCII as a person: "Zoë", "Łukasz", "Élodie"
head their profile line as "Zoe" does (before, "[A-Z][a-z]+" stopped at the "ë" and the line was
filed under "User")."""
from __future__ import annotations

import pytest

from engine import MemoryEngine
from engine.recall import first_participant, person_of


@pytest.mark.parametrize("name", ["Zoë", "Łukasz", "Élodie"])
def test_the_profile_line_is_theirs(tmp_path, name):
    with MemoryEngine.open(tmp_path / "d") as engine:
        # a name heads the profile once it leads three records (engine.recall.participants)
        for i, text in enumerate(["I live in Manchester.", "I am allergic to peanuts.", "I work as a welder."]):
            engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": f"s{i}", "turn_id": str(i), "role": "user",
                           "speaker": name, "text": text, "occurred_at": f"2026-03-0{2 + i}T10:00:00Z"})
        engine.flush()
        lines = engine.profile(tenant_id="t", user_id="u").lines
    assert lines and lines[0].startswith(f"{name}: ") and "User" not in lines[0], lines


@pytest.mark.parametrize("text, person", [
    ("Zoë lives in Ghent", "Zoë"),
    ("Łukasz: We moved to Gdańsk", "Łukasz"),
    ("Élodie's sister is a nurse", "Élodie"),
])
def test_whom_a_record_is_about(text, person):
    assert person_of(text) == person
    assert first_participant(text, frozenset({person})) == person
