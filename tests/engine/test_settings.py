import pytest
from pydantic import ValidationError

from engine import MemoryEngine
from engine.errors import InvalidSettingsError
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


# -- the optional LLM adapter's settings ------------------------------------------------------------

def test_the_llm_adapter_is_off_unless_an_endpoint_is_set(monkeypatch):
    assert not Settings().llm_enabled
    monkeypatch.setenv("MEMSTREAM_LLM_URL", "")
    assert not Settings().llm_enabled  # a blank variable means unset


def test_llm_settings_come_from_the_environment_and_the_key_stays_secret(monkeypatch):
    monkeypatch.setenv("MEMSTREAM_LLM_URL", "http://127.0.0.1:8000/v1")
    monkeypatch.setenv("MEMSTREAM_LLM_MODEL", "small-model")
    monkeypatch.setenv("MEMSTREAM_LLM_API_KEY", "sk-env-key-SECRET-0042")
    monkeypatch.setenv("MEMSTREAM_LLM_RETRIES", "4")
    s = Settings()
    assert s.llm_enabled and s.llm_model == "small-model" and s.llm_retries == 4
    assert s.llm_api_key.get_secret_value() == "sk-env-key-SECRET-0042"
    for shown in (repr(s), str(s), s.model_dump_json()):
        assert "sk-env-key-SECRET-0042" not in shown


@pytest.mark.parametrize("settings, message", [
    ({"llm_url": "ftp://host/v1", "llm_model": "m"}, "http:// or https://"),
    ({"llm_url": "http:///v1", "llm_model": "m"}, "with a host"),
    ({"llm_url": "https://user:pw@host/v1", "llm_model": "m"}, "must not carry credentials"),
    ({"llm_url": "http://127.0.0.1:8000/v1"}, "llm_model is required"),
    ({"llm_url": "http://127.0.0.1:8000/v1", "llm_model": "m", "llm_timeout_seconds": 0}, "llm_timeout_seconds"),
    ({"llm_url": "http://127.0.0.1:8000/v1", "llm_model": "m", "llm_retries": -1}, "llm_retries"),
    ({"llm_url": "http://127.0.0.1:8000/v1", "llm_model": "m", "llm_tasks": "everything"}, "llm_tasks"),
])
def test_invalid_llm_settings_raise_the_typed_error_without_echoing_secrets(tmp_path, settings, message):
    from engine import MemoryEngine
    from engine.errors import InvalidSettingsError

    with pytest.raises(InvalidSettingsError, match=message) as info:
        MemoryEngine.open(tmp_path / "data", llm_api_key="sk-never-shown-SECRET", **settings)
    assert "sk-never-shown-SECRET" not in str(info.value) and "pw@" not in str(info.value)
    assert not (tmp_path / "data").exists()


@pytest.mark.parametrize("settings, message", [
    ({"runtime": "nowhere"}, "runtime 'nowhere' is neither"),
    ({"runtime": "no_such_module:Runtime"}, "cannot be loaded"),
    ({"runtime": "streams.memory:NoSuchRuntime"}, "cannot be loaded"),
    ({"runtime": "json:loads"}, "has no open"),
    ({"runtime": ":X"}, "neither"),
    ({"embedder": "fp64"}, "embedder"),
    ({"subject_cache_subjects": 0}, "subject_cache_subjects"),
    ({"subject_cache_mb": 1}, "subject_cache_mb"),
    ({"gc_full_every_s": -1}, "gc_full_every_s"),
    ({"gc_full_every_s": float("nan")}, "gc_full_every_s"),
    ({"gc_full_every_s": float("inf")}, "gc_full_every_s"),
    ({"gc_full_every_s": "often"}, "gc_full_every_s"),
])
def test_a_bad_runtime_embedder_or_cache_setting_is_a_typed_error_and_writes_nothing(tmp_path, settings, message):
    from engine import MemoryEngine
    from engine.errors import InvalidSettingsError

    with pytest.raises(InvalidSettingsError, match=message):
        MemoryEngine.open(tmp_path / "data", **settings)
    assert not (tmp_path / "data").exists()


@pytest.mark.parametrize("settings, message", [
    ({"retention": {"acme/ada/extra": 3}}, "must name a tenant"),
    ({"retention": {"": 3}}, "must name a tenant"),
    ({"retention": {"acme/": 3}}, "must name a tenant"),
    ({"retention": {"/ada": 3}}, "must name a tenant"),
    ({"retention": {"acme": True}}, "not true/false"),
    ({"retention": {"acme": float("inf")}}, "positive finite number"),
    ({"retention": {"acme": 0}}, "positive finite number"),
    ({"retention_days": float("inf")}, "retention_days"),
    ({"retention_days": float("nan")}, "retention_days"),
    ({"retention_days": True}, "not true/false"),
])
def test_a_retention_setting_that_could_never_apply_is_a_typed_error_and_writes_nothing(tmp_path, settings, message):
    from engine import MemoryEngine
    from engine.errors import InvalidSettingsError

    with pytest.raises(InvalidSettingsError, match=message):
        MemoryEngine.open(tmp_path / "data", **settings)
    assert not (tmp_path / "data").exists()


def test_retention_for_a_tenant_and_a_subject_is_accepted_and_the_subject_wins():
    s = Settings(retention={"acme": 30, "acme/ada": None, "beta": 2.5}, retention_days=90)
    assert s.retention_of("acme", "ada") == (None, "subject acme/ada")
    assert s.retention_of("acme", "bo") == (30, "tenant acme")
    assert s.retention_of("gamma", "x") == (90, "default")


@pytest.mark.parametrize("var, value", [("MEMSTREAM_RETENTION", "notjson"), ("MEMSTREAM_TIMEZONES", "{bad"),
                                        ("MEMSTREAM_RETENTION", "[1, 2")])
def test_a_map_setting_whose_variable_holds_no_json_is_one_typed_error(tmp_path, monkeypatch, capsys, var, value):
    from engine.cli import main

    MemoryEngine.open(tmp_path / "d").close()
    monkeypatch.setenv(var, value)
    with pytest.raises(InvalidSettingsError, match=var.removeprefix("MEMSTREAM_").lower()):
        MemoryEngine.open(tmp_path / "new")
    assert not (tmp_path / "new").exists()
    assert main(["--data-dir", str(tmp_path / "d"), "digest"]) == 2
    err = capsys.readouterr().err
    assert "invalid settings" in err and "Traceback" not in err
