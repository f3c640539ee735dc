"""The HTTP side of the optional LLM adapter: one client for an OpenAI-compatible chat-completions
endpoint (OpenAI, vLLM, llama.cpp server, Ollama, LiteLLM, ...).

This is shell, not core: it does network I/O, waits, and reads the wall clock (for its pause after
repeated failures). The processor never imports it; `engine.llm_adapter` wraps it in the extractor and
summarizer interfaces and hands those to the processor, whose decisions are logged as events, so
replay never comes here.

    client = ChatClient(settings)
    content = client.complete(system_prompt, user_prompt)   # str, or raises an LLMError
    reply = parse_json_reply(content, MyReplyModel)         # validated, or raises LLMReplyError

Failures are typed (engine.errors): `LLMUnavailableError` for timeouts, connection errors and HTTP
errors after the retries (and while paused), `LLMReplyError` for a reply that is not a chat completion,
not JSON, or not of the requested shape. Messages name the endpoint's host, the attempt count and what
went wrong; never the API key, the prompt or the reply's content.
"""
from __future__ import annotations

import json
import logging
import re
import threading
import time
from typing import Callable, TypeVar
from urllib.parse import urlsplit

import httpx
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.errors import LLMReplyError, LLMUnavailableError
from engine.settings import Settings

__all__ = ["ChatClient", "parse_json_reply", "endpoint_url"]

log = logging.getLogger("memstream.llm")

M = TypeVar("M", bound=BaseModel)

_RETRY_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504})
_MAX_RETRY_AFTER = 30.0


def endpoint_url(base: str) -> str:
    """`.../v1` -> `.../v1/chat/completions`; a URL that already names the route is kept."""
    url = base.strip()
    if urlsplit(url).path.rstrip("/").endswith("/chat/completions"):
        return url
    return url.rstrip("/") + "/chat/completions"


class _Message(BaseModel):
    model_config = ConfigDict(extra="ignore")
    content: str | None = None


class _Choice(BaseModel):
    model_config = ConfigDict(extra="ignore")
    message: _Message
    finish_reason: str | None = None


class _Completion(BaseModel):
    model_config = ConfigDict(extra="ignore")
    choices: list[_Choice] = Field(min_length=1)


def _problems(exc: ValidationError, limit: int = 4) -> str:
    """Where and how a reply misses its schema; never the offending values (they may be content)."""
    parts = [f"{'.'.join(map(str, e['loc'])) or 'reply'}: {e['type']}" for e in exc.errors()[:limit]]
    more = exc.error_count() - limit
    return "; ".join(parts) + (f"; and {more} more" if more > 0 else "")


_FENCE = re.compile(r"^\s*```(?:json|JSON)?\s*\n?(?P<body>.*?)\n?```\s*$", re.DOTALL)


def parse_json_reply(content: str, model: type[M]) -> M:
    """The JSON object in a completion's content, validated against `model`.

    A reply wrapped in a ```json fence is accepted (models add one even when told not to); anything
    else that is not one JSON object of the right shape raises LLMReplyError.
    """
    m = _FENCE.match(content)
    text = m.group("body") if m else content
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise LLMReplyError("the LLM's reply is not JSON (the prompt asks for one JSON object)",
                            reason="reply") from None
    if not isinstance(data, dict):
        raise LLMReplyError(f"the LLM's reply is JSON but not an object (got {type(data).__name__})",
                            reason="reply")
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise LLMReplyError(f"the LLM's reply does not fit the {model.__name__} schema: {_problems(exc)}",
                            reason="reply") from None


class ChatClient:
    """A synchronous chat-completions client with timeouts, retries with exponential backoff, and a
    pause after `llm_circuit_failures` failed calls in a row (during which calls fail at once, so an
    outage costs no waiting per turn). Thread-safe; `close()` when done."""

    def __init__(self, settings: Settings, *, transport: httpx.BaseTransport | None = None,
                 sleep: Callable[[float], None] = time.sleep, clock: Callable[[], float] = time.monotonic):
        if settings.llm_url is None or not settings.llm_model:
            raise ValueError("ChatClient needs llm_url and llm_model")
        self.url = endpoint_url(settings.llm_url)
        self.host = urlsplit(self.url).hostname or "?"
        self.model = settings.llm_model
        self.settings = settings
        self._sleep = sleep
        self._clock = clock
        headers = {"Content-Type": "application/json", "Accept": "application/json",
                   "User-Agent": "memstream-llm-adapter"}
        if settings.llm_api_key is not None and settings.llm_api_key.get_secret_value():
            headers["Authorization"] = "Bearer " + settings.llm_api_key.get_secret_value()
        self._http = httpx.Client(timeout=httpx.Timeout(settings.llm_timeout_seconds), headers=headers,
                                  transport=transport, follow_redirects=False)
        self._lock = threading.Lock()
        self._failures_in_a_row = 0
        self._paused_until: float | None = None
        # calls: complete() invocations; requests/retries: HTTP attempts; replies/failures: outcomes of calls
        self.counters = {"calls": 0, "requests": 0, "retries": 0, "replies": 0, "failures": 0}

    def __repr__(self) -> str:
        return f"ChatClient(host={self.host!r}, model={self.model!r})"

    def close(self) -> None:
        self._http.close()

    def _count(self, name: str, n: int = 1) -> None:
        with self._lock:
            self.counters[name] += n

    # -- one call ---------------------------------------------------------------------------------
    def complete(self, system: str, user: str) -> str:
        """The assistant message's content for (system, user) messages. Raises LLMUnavailableError or
        LLMReplyError; each failed call counts toward the pause, each success resets it."""
        with self._lock:
            self.counters["calls"] += 1
            if self._paused_until is not None:
                if self._clock() < self._paused_until:
                    self.counters["failures"] += 1
                    raise LLMUnavailableError(
                        f"LLM calls to {self.host} are paused after {self._failures_in_a_row} failed calls in a "
                        f"row; they resume after llm_circuit_cooldown_seconds="
                        f"{self.settings.llm_circuit_cooldown_seconds:g}", reason="paused")
                self._paused_until = None  # half-open: this call decides
        try:
            content = self._complete(system, user)
        except Exception:
            with self._lock:
                self.counters["failures"] += 1
                self._failures_in_a_row += 1
                if self._failures_in_a_row >= self.settings.llm_circuit_failures:
                    self._paused_until = self._clock() + self.settings.llm_circuit_cooldown_seconds
            raise
        with self._lock:
            self.counters["replies"] += 1
            self._failures_in_a_row = 0
        return content

    def _body(self, system: str, user: str) -> dict:
        body = {
            "model": self.model,
            "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}],
            "temperature": self.settings.llm_temperature,
            "max_tokens": self.settings.llm_max_tokens,
            "stream": False,
        }
        if self.settings.llm_json_mode:
            body["response_format"] = {"type": "json_object"}
        return body

    def _complete(self, system: str, user: str) -> str:
        s = self.settings
        attempts = 1 + s.llm_retries
        body = self._body(system, user)
        last = ""
        for attempt in range(attempts):
            if attempt:
                self._count("retries")
            self._count("requests")
            retry_after: float | None = None
            try:
                resp = self._http.post(self.url, json=body)
            except httpx.TimeoutException as exc:
                last, reason = f"no reply within llm_timeout_seconds={s.llm_timeout_seconds:g} ({type(exc).__name__})", "timeout"
            except httpx.TransportError as exc:
                last, reason = f"cannot reach the endpoint ({type(exc).__name__})", "unavailable"
            else:
                if resp.status_code == 200:
                    return self._content(resp)
                last, reason = f"HTTP {resp.status_code}{_hint(resp.status_code)}", "http"
                if resp.status_code not in _RETRY_STATUS:
                    raise LLMUnavailableError(f"the LLM endpoint {self.host} answered {last}", reason=reason)
                retry_after = _retry_after(resp.headers.get("retry-after"))
            if attempt + 1 < attempts:
                delay = s.llm_backoff_seconds * (2 ** attempt)
                if retry_after is not None:
                    delay = max(delay, min(retry_after, _MAX_RETRY_AFTER))
                log.info("LLM attempt %d/%d to %s failed (%s); retrying in %.2fs",
                         attempt + 1, attempts, self.host, last, delay)
                if delay > 0:
                    self._sleep(delay)
        raise LLMUnavailableError(f"the LLM endpoint {self.host} failed {attempts} attempt(s): {last}",
                                  reason=reason)

    def _content(self, resp: httpx.Response) -> str:
        try:
            data = resp.json()
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise LLMReplyError(f"the LLM endpoint {self.host} answered HTTP 200 with a body that is not JSON",
                                reason="reply") from None
        if not isinstance(data, dict):
            raise LLMReplyError(f"the LLM endpoint {self.host} answered with JSON that is not a chat completion",
                                reason="reply")
        try:
            completion = _Completion.model_validate(data)
        except ValidationError as exc:
            raise LLMReplyError(f"the LLM endpoint {self.host} answered with something other than a chat "
                                f"completion: {_problems(exc)}", reason="reply") from None
        choice = completion.choices[0]
        if choice.finish_reason == "length":
            raise LLMReplyError(f"the LLM's reply was cut off at llm_max_tokens={self.settings.llm_max_tokens}; "
                                "raise it", reason="reply")
        if not choice.message.content or not choice.message.content.strip():
            raise LLMReplyError(f"the LLM endpoint {self.host} answered with an empty message", reason="reply")
        return choice.message.content


def _hint(status: int) -> str:
    return {
        400: " (the server refused the request: check llm_model, and try llm_json_mode=false)",
        401: " (check llm_api_key)",
        403: " (check llm_api_key and the model's access rights)",
        404: " (check llm_url: it should end in /v1 or /chat/completions, and llm_model)",
        429: " (rate limited)",
    }.get(status, "")


def _retry_after(value: str | None) -> float | None:
    if not value:
        return None
    try:
        seconds = float(value)
    except ValueError:
        return None  # the HTTP-date form: fall back to our own backoff
    return seconds if seconds >= 0 else None
