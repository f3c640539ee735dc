"""Errors a user of memstream can cause. Each says what went wrong and what to do about it."""
from __future__ import annotations


class MemstreamError(Exception):
    """Base class of every error memstream raises on purpose."""


class InvalidTurnError(MemstreamError, ValueError):
    """A turn failed validation; nothing of it was written."""

    def __init__(self, message: str, *, field: str | None = None, turn_id: str | None = None):
        self.field = field
        self.turn_id = turn_id
        where = f" (turn {turn_id!r})" if turn_id else ""
        super().__init__(f"{message}{where}")


class EmptyTextError(InvalidTurnError):
    pass


class OversizeTextError(InvalidTurnError):
    pass


class UnknownRoleError(InvalidTurnError):
    pass


class MissingFieldError(InvalidTurnError):
    pass


class BadTimestampError(InvalidTurnError):
    pass


class TenantMismatchError(MemstreamError, PermissionError):
    """A request named one tenant and touched another's data."""


class UnknownMemoryError(MemstreamError, KeyError):
    """No memory with that id for that subject (it may have been forgotten)."""

    def __str__(self) -> str:  # KeyError quotes its message; keep it readable
        return str(self.args[0]) if self.args else "unknown memory"


class InvalidSettingsError(MemstreamError, ValueError):
    """A setting passed to MemoryEngine.open (or a MEMSTREAM_* variable) is unknown or invalid."""


class CorruptDataError(MemstreamError, RuntimeError):
    """Stored content failed authentication: the key store does not belong to this log, or a file
    was altered. Restore the data directory from a consistent backup."""


class InvalidCommandError(MemstreamError, ValueError):
    """A command (remember, forget, sweep) was malformed."""


class EngineClosedError(MemstreamError, RuntimeError):
    """The engine was used after close()."""


class DataDirError(MemstreamError, OSError):
    """The data directory is missing, locked by another process, or not a memstream directory."""


class LLMError(MemstreamError, RuntimeError):
    """The optional LLM adapter got no usable answer from its chat-completions endpoint. The engine
    catches it, decides that turn with the offline extractor or summarizer instead, and counts the
    fallback in `MemoryEngine.stats()`. Messages name the endpoint's host and what failed, never the
    API key or the conversation. `reason` is a short code: timeout, unavailable, http, paused, reply."""

    def __init__(self, message: str, *, reason: str = "error"):
        self.reason = reason
        super().__init__(message)


class LLMUnavailableError(LLMError):
    """The endpoint timed out, could not be reached, or answered with an HTTP error, on every attempt
    (or the adapter is pausing after repeated failures). Check `llm_url`, the server and the network;
    raise `llm_timeout_seconds` or `llm_retries` if the server is merely slow."""


class LLMReplyError(LLMError, ValueError):
    """The endpoint answered, but not with what was asked for: not a chat completion, not JSON, or
    JSON that does not fit the schema the prompt requires. Use a model that follows JSON
    instructions (and `llm_json_mode=true` if the server supports `response_format`)."""
