"""The chat-completions client (engine.llm) against a real local server that speaks the protocol:
request shape, auth, retries, timeouts, malformed replies, and the pause after repeated failures."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from pydantic import BaseModel

from engine.errors import LLMError, LLMReplyError, LLMUnavailableError
from engine.llm import ChatClient, endpoint_url, parse_json_reply
from engine.settings import Settings

sys.path.insert(0, str(Path(__file__).parent))
from fake_llm_server import FakeLLM, Reply, completion  # noqa: E402

KEY = "sk-test-0123456789abcdefSECRET"


@pytest.fixture
def server():
    fake = FakeLLM()
    yield fake
    fake.stop()


def client_for(server: FakeLLM, **kw) -> ChatClient:
    settings = Settings(**{"llm_url": server.url, "llm_model": "fake-model", "llm_api_key": KEY,
                           "llm_backoff_seconds": 0, **kw})
    return ChatClient(settings)


def test_a_completion_is_requested_in_the_openai_shape_with_the_key_as_bearer_token(server):
    server.default = lambda r: Reply(body=completion('{"memories": []}'))
    client = client_for(server, llm_max_tokens=321)
    try:
        assert client.complete("system words", "user words") == '{"memories": []}'
    finally:
        client.close()
    (req,) = server.requests
    assert req["path"] == "/v1/chat/completions"
    assert req["headers"]["Authorization"] == f"Bearer {KEY}"
    body = req["body"]
    assert body["model"] == "fake-model" and body["max_tokens"] == 321 and body["temperature"] == 0
    assert body["messages"] == [{"role": "system", "content": "system words"},
                                {"role": "user", "content": "user words"}]
    assert body["response_format"] == {"type": "json_object"} and body["stream"] is False


def test_without_a_key_no_authorization_header_is_sent_and_json_mode_can_be_turned_off(server):
    server.default = lambda r: Reply(body=completion("{}"))
    client = ChatClient(Settings(llm_url=server.url + "/chat/completions", llm_model="m", llm_json_mode=False))
    try:
        client.complete("s", "u")
    finally:
        client.close()
    (req,) = server.requests
    assert "Authorization" not in req["headers"] and "response_format" not in req["body"]
    assert req["path"] == "/v1/chat/completions"


def test_a_server_error_is_retried_and_the_retry_succeeds(server):
    server.script = ["500", "503"]
    server.default = lambda r: Reply(body=completion("{}"))
    client = client_for(server, llm_retries=2)
    try:
        assert client.complete("s", "u") == "{}"
    finally:
        client.close()
    assert len(server.requests) == 3
    assert client.counters["retries"] == 2 and client.counters["replies"] == 1


def test_when_retries_run_out_the_error_is_typed_and_names_the_status(server):
    server.default = "500"
    client = client_for(server, llm_retries=1)
    with pytest.raises(LLMUnavailableError, match=r"HTTP 500") as info:
        client.complete("s", "u")
    client.close()
    assert info.value.reason == "http"
    assert "127.0.0.1" in str(info.value) and "2 attempt" in str(info.value)
    assert len(server.requests) == 2


def test_a_refused_request_is_not_retried_and_its_error_never_quotes_the_key(server):
    # A server that echoes the Authorization header back in its error body must not get it into our message.
    server.default = lambda r: Reply(status=401, body={"error": f"bad header: Bearer {KEY}"})
    client = client_for(server, llm_retries=3)
    with pytest.raises(LLMUnavailableError, match="llm_api_key") as info:
        client.complete("s", "u")
    client.close()
    assert len(server.requests) == 1
    assert KEY not in str(info.value) and KEY not in repr(info.value) and KEY not in repr(client)


def test_a_stalled_server_times_out_with_a_typed_error_on_every_attempt(server):
    server.default = "stall"
    client = client_for(server, llm_timeout_seconds=0.2, llm_retries=1)
    with pytest.raises(LLMUnavailableError, match="llm_timeout_seconds") as info:
        client.complete("s", "u")
    client.close()
    assert info.value.reason == "timeout"
    assert len(server.requests) == 2


def test_an_unreachable_endpoint_is_a_typed_error(server):
    url = server.url
    server.stop()
    client = ChatClient(Settings(llm_url=url, llm_model="m", llm_retries=0))
    with pytest.raises(LLMUnavailableError, match="cannot reach") as info:
        client.complete("s", "u")
    client.close()
    assert info.value.reason == "unavailable"


def test_backoff_doubles_and_retry_after_is_honoured_up_to_a_cap(server):
    slept: list[float] = []
    server.script = ["503", "503", lambda r: Reply(status=429, headers={"Retry-After": "7"}),
                     lambda r: Reply(status=429, headers={"Retry-After": "86400"})]
    server.default = lambda r: Reply(body=completion("{}"))
    settings = Settings(llm_url=server.url, llm_model="m", llm_retries=4, llm_backoff_seconds=0.5)
    client = ChatClient(settings, sleep=slept.append)
    try:
        client.complete("s", "u")
    finally:
        client.close()
    assert slept == [0.5, 1.0, 7.0, 30.0]


@pytest.mark.parametrize("behaviour, message", [
    ("not a completion", "other than a chat completion"),
    ("html", "not JSON"),
    (lambda r: Reply(body=completion('{"memories": [', finish_reason="length")), "llm_max_tokens"),
    (lambda r: Reply(body=completion("")), "empty message"),
])
def test_a_reply_that_is_not_a_usable_completion_is_a_reply_error(server, behaviour, message):
    server.default = behaviour
    client = client_for(server, llm_retries=3)
    with pytest.raises(LLMReplyError, match=message) as info:
        client.complete("s", "u")
    client.close()
    assert info.value.reason == "reply" and isinstance(info.value, LLMError)
    assert len(server.requests) == 1  # a model that answered badly is not asked again for the same thing


class _Shape(BaseModel):
    memories: list[int]


def test_json_replies_are_validated_and_errors_name_places_never_values():
    assert parse_json_reply('```json\n{"memories": [1, 2]}\n```', _Shape).memories == [1, 2]
    with pytest.raises(LLMReplyError, match="not JSON"):
        parse_json_reply("Sure! Here you go: memories 1 and 2", _Shape)
    with pytest.raises(LLMReplyError, match="not an object"):
        parse_json_reply("[1, 2]", _Shape)
    with pytest.raises(LLMReplyError, match=r"memories\.0: int_parsing") as info:
        parse_json_reply('{"memories": ["Ada has a PRIVATE_DETAIL"]}', _Shape)
    assert "PRIVATE_DETAIL" not in str(info.value)


def test_after_repeated_failures_calls_pause_without_requests_then_resume(server):
    now = [1000.0]
    server.default = "503"
    settings = Settings(llm_url=server.url, llm_model="m", llm_retries=0, llm_circuit_failures=2,
                        llm_circuit_cooldown_seconds=60)
    client = ChatClient(settings, clock=lambda: now[0])
    try:
        for _ in range(2):
            with pytest.raises(LLMUnavailableError):
                client.complete("s", "u")
        with pytest.raises(LLMUnavailableError, match="paused") as info:
            client.complete("s", "u")
        assert info.value.reason == "paused" and len(server.requests) == 2
        now[0] += 61
        server.default = lambda r: Reply(body=completion("{}"))
        assert client.complete("s", "u") == "{}"  # after the cooldown one call tries again; success resets
        assert len(server.requests) == 3
    finally:
        client.close()


@pytest.mark.parametrize("given, expected", [
    ("http://h:1/v1", "http://h:1/v1/chat/completions"),
    ("http://h:1/v1/", "http://h:1/v1/chat/completions"),
    ("https://h/openai/v1/chat/completions", "https://h/openai/v1/chat/completions"),
])
def test_the_endpoint_url_is_the_base_url_plus_the_route(given, expected):
    assert endpoint_url(given) == expected

