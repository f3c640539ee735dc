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


class InputFileError(MemstreamError, OSError):
    """A file the command line was told to read or write cannot be used: ingest's input is missing
    or a directory, or its --rejects file is a directory, lies in a missing directory, or is the
    input itself. Nothing was ingested."""


class DataDirError(MemstreamError, OSError):
    """The data directory is missing, locked by another process, or not a memstream directory."""


class DataDirLockedError(DataDirError):
    """Another memstream process (or another engine in this process) holds the data directory's
    lock. Close it first, or point --data-dir elsewhere."""


class DataDirPermissionError(DataDirError):
    """The operating system refused access to the data directory (EACCES / EPERM): the directory is
    not this user's to read or write. Fix its owner or mode, or run as the user who owns it."""


class DamagedStoreError(CorruptDataError):
    """One of a data directory's stores ("log", "keys" or "state") is damaged: a file is corrupt,
    missing or truncated, or it disagrees with the other stores. `store` names it and the message
    says what to do: the log and the keys are the record (restore them from a backup); the state is
    derived from them (rebuild it with `memstream replay --rebuild`)."""

    def __init__(self, store: str, path: object, problem: str, advice: str):
        self.store = store
        self.path = path
        self.problem = problem
        self.advice = advice
        super().__init__(f"the {store} store at {path} is damaged: {problem}. {advice}")


class MissingStoreError(DamagedStoreError):
    """A store of an existing data directory is gone (its directory or its CURRENT file). memstream
    never creates a store over an existing directory's missing one."""


class ForeignStoreError(DamagedStoreError):
    """A store of a data directory belongs to another one: it carries another directory's id (each
    store is stamped with its directory's id when it is created), or none where the manifest names
    one. A store copied or restored from elsewhere would otherwise mix another directory's log, keys
    or records into this one's view. `found` is the id the store carries (None: no id at all)."""

    def __init__(self, store: str, path: object, found: str | None, expected: str, advice: str,
                 others: tuple[str, ...] = ()):
        self.found = found
        self.expected = expected
        self.others = tuple(others)
        carries = f"carries the id {found}" if found else "carries no data directory id"
        also = (f" (the {' and '.join(self.others)} store{'s are' if len(self.others) > 1 else ' is'} foreign too)"
                if self.others else "")
        super().__init__(store, path, f"it belongs to another data directory: it {carries}, not this "
                         f"directory's id {expected}{also}", advice)


class LostKeysError(DamagedStoreError):
    """Data keys that the log needs are gone although no forget or expiry destroyed them: the
    content they sealed is lost, not forgotten. `lost` holds their storage names (ids, no content)."""

    def __init__(self, path: object, lost: list[str], advice: str):
        self.lost = list(lost)
        shown = ", ".join(self.lost[:3]) + (f" and {len(self.lost) - 3} more" if len(self.lost) > 3 else "")
        super().__init__("keys", path, f"{len(self.lost)} data key(s) the log needs were never destroyed by a "
                         f"forget or expiry and are gone ({shown})", advice)


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


class AuthError(MemstreamError):
    """The HTTP API got no key, a malformed or unknown one, or one that was revoked or has expired
    (HTTP 401). Send `Authorization: Bearer <key>` with a key from `memstream keys create`."""


class ScopeError(MemstreamError, PermissionError):
    """The API key is valid but lacks the scope the request needs (HTTP 403): reads need `read`,
    turns, remember and usage need `write`, forget needs `forget`, the inspector needs `admin`."""


def error_place(exc: BaseException) -> str:
    """An error as its type and the place it was raised ("MemoryError at processor.py:812"), never
    its message: a message can quote the content it choked on, and content must not leave its seal."""
    import traceback
    from pathlib import Path

    frames = traceback.extract_tb(exc.__traceback__)
    where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    return f"{type(exc).__name__}{where}"
