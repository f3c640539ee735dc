"""A turn whose text is only invisible characters is empty: nothing of it could be remembered."""
from __future__ import annotations

import pytest

from engine import MemoryEngine
from engine.errors import EmptyTextError


def turn(text: str) -> dict:
    return {"tenant_id": "t", "user_id": "u", "session_id": "s", "turn_id": "1", "role": "user", "text": text,
            "occurred_at": "2026-04-07T10:00:00Z"}


@pytest.mark.parametrize("text", [" \u200b ", "\ufeff\u2060\n", "\u00ad\t\u200d\u200c", "\x00\x07 "])
def test_invisible_text_is_empty(tmp_path, text):
    with MemoryEngine.open(tmp_path / "d") as engine:
        with pytest.raises(EmptyTextError):
            engine.ingest(turn(text))
        assert engine.position() == 0


@pytest.mark.parametrize("text", ["\u200bI keep a vegetable garden.", "Zoë\u00adlives in Zürich.", "\ufeffOK"])
def test_text_with_something_visible_is_taken(tmp_path, text):
    with MemoryEngine.open(tmp_path / "d") as engine:
        engine.ingest(turn(text))
        assert engine.position() > 0
