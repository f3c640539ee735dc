import pytest
from pydantic import ValidationError

from engine.settings import Settings


def test_environment_variables_override_settings(monkeypatch):
    monkeypatch.setenv("MEMSTREAM_WINDOW_MAX_MESSAGES", "3")
    monkeypatch.setenv("MEMSTREAM_HALF_LIFE_DAYS", "7.5")
    s = Settings()
    assert s.window_max_messages == 3 and s.half_life_days == 7.5


def test_keyword_arguments_beat_the_environment(monkeypatch):
    monkeypatch.setenv("MEMSTREAM_WINDOW_MAX_MESSAGES", "3")
    assert Settings(window_max_messages=9).window_max_messages == 9


def test_inconsistent_thresholds_are_refused():
    with pytest.raises(ValidationError, match="delete_threshold"):
        Settings(delete_threshold=0.5, archive_threshold=0.2)
    with pytest.raises(ValidationError):
        Settings(unknown_setting=1)
