"""`MemoryEngine`: the public facade over the embedded runtime.

    engine = MemoryEngine.open("./data")
    engine.ingest({...turn...}); engine.flush()
    engine.recall(tenant_id="t", user_id="u", query="what language?")
    engine.context(tenant_id="t", user_id="u", session_id="s", query="...", budget_tokens=400)

Writes are acknowledged once they are on the durable log. Reads first bring the view up to date, so
a recall always sees every turn ingested before it.
"""
from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

import numpy as np

from engine.commands import forget_events, forget_targets, remember_events, remembered_id, usage_event
from engine.context import assemble, layer_budgets
from engine.embedder import Embedder, shared_embedder
from engine.context import check_budget_tokens
from engine.erasure import record_vectors_of, uncached
from engine.retention import ARCHIVE_POLICY, raw_turns_of, read_raw_turns
from engine.errors import (
    DamagedStoreError,
    DataDirError,
    EngineClosedError,
    InvalidCommandError,
    InvalidTurnError,
    MemstreamError,
    TenantMismatchError,
    UnknownMemoryError,
    error_place,
)
from engine.guard import check_id, redact_speaker, redact_turn, validate_turn
from engine.redaction import redact
from engine.ids import derive, turn_event_id
from engine.policy import decide_sweep
from engine.processor import OFFLINE
from engine.recall import as_told_of
from engine.runtime import Runtime, resolve
from engine.settings import Settings, load_settings
from engine.state import WindowTurn
from engine.summaries import previous_session, session_summary
from engine.textnorm import term_set
from engine.tokens import count_tokens_each

from schemas.commands import Forget, Remember
from schemas.common import PRIVACY_ORDER
from schemas.events import Event, SecretRedacted, TurnReceived, TurnsExpired
from schemas.records import MemoryRecord
from schemas.turns import TurnIn
from schemas.views import AuditEntry, ContextResult, RecallHit, SummaryView


#: The events that change what a tenant's memory holds: what `changes` reads (and the API streams).
CHANGE_TYPES = frozenset({"memory_recorded", "memory_updated", "memory_superseded", "memories_merged",
                          "memory_expired", "memory_archived", "memory_forgotten", "subject_forgotten"})


def _query_vector(embedder, query: str):
    """The query's embedding, made before a read takes the runtime's lock: it depends on the query
    alone, so concurrent readers embed at once instead of one after another (ONNX Runtime and torch
    release the GIL), and the lock is held for the search only."""
    return embedder.embed([query], cache=False)[0] if query.strip() else None


def _query_vectors(embedder, query: str, index, plain=None):
    """The query's embedding (`plain`, when made already), and with it the query told of the subject
    when it is asked in the first person (records name the person: "Dev works as ..."); None
    without a query or records."""
    if not query.strip() or not len(index):
        return None
    if plain is None:
        plain = embedder.embed([query], cache=False)[0]
    told = as_told_of(query, index)
    if told is None:
        return plain
    return np.stack([plain, embedder.embed([told], cache=False)[0]])


#: Events a sweep appends before it has the runtime fold them.
_SWEEP_PROCESS_EVERY = 5_000


def _validation_message(exc: Exception) -> str:
    """A command's validation error in one line, "field: what is wrong", without pydantic's
    input echo and links."""
    errors = getattr(exc, "errors", None)
    if not callable(errors):
        return str(exc)
    parts = []
    for e in errors():
        where = ".".join(str(p) for p in e.get("loc", ()))
        msg = str(e.get("msg", "")).removeprefix("Value error, ")
        parts.append(f"{where}: {msg}" if where else msg)
    return "; ".join(parts) or str(exc)


def _utcnow() -> datetime:
    return datetime.now(timezone.utc)


def _as_utc(value: datetime | str | None) -> datetime | None:
    if value is None:
        return None
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            raise InvalidCommandError(f"{value!r} is not an ISO 8601 time (e.g. 2026-11-02T09:00:00Z)") from None
    if not isinstance(value, datetime):
        raise InvalidCommandError(f"expected a datetime or an ISO 8601 string, not {type(value).__name__}")
    if value.tzinfo is None:
        value = value.replace(tzinfo=timezone.utc)
    return value.astimezone(timezone.utc)


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _salt(request_id: str | None, rt: Runtime) -> str:
    """What makes a command's event ids unique: the caller's request id (idempotent on retry, and the
    same on every runtime), else the log position (each call is a new request)."""
    return f"request:{request_id}" if request_id is not None else str(rt.position())


def _command_data(command: object, kw: dict[str, Any], model: type) -> dict[str, Any]:
    if command is None:
        return dict(kw)
    if isinstance(command, model):
        return {**command.model_dump(exclude_unset=True), **kw}
    if isinstance(command, Mapping):
        return {**command, **kw}
    raise InvalidCommandError(f"expected a {model.__name__} or a dict, not {type(command).__name__}")


def _settings(overrides: Mapping[str, Any]) -> Settings:
    return load_settings(**overrides)


def _data_dir(data_dir: object) -> Path:
    if not isinstance(data_dir, (str, Path)) or not str(data_dir):
        raise DataDirError("data_dir must be a path to a directory")
    path = Path(data_dir)
    try:
        is_file = path.exists() and not path.is_dir()
    except OSError as exc:  # a name too long for the file system, a path through a file, ...
        raise DataDirError(f"cannot use {str(path)[:120]!r} as a data directory: {exc.strerror or exc}") from None
    if is_file:
        raise DataDirError(f"{path} is a file; give a directory for memstream's data")
    return path


def _embedder_factory(embedder: Embedder | None, cfg: Settings):
    return (lambda: embedder) if embedder is not None else (lambda: shared_embedder(cfg.embedder))


class MemoryEngine:
    """The public facade. Give it a runtime (engine.runtime.Runtime) and settings, or let `open`
    resolve the runtime the settings name. It validates, decides through the pure core
    (engine.processor, engine.commands, engine.policy) under the runtime's lock, and reads."""

    def __init__(self, runtime: Runtime, settings: Settings | None = None, tenant_id: str | None = None,
                 llm: Any = None):
        self._rt = runtime
        self.settings = settings or runtime.settings
        self.tenant_id = tenant_id
        self._llm = llm  # engine.llm_adapter.LLMAdapter when llm_url is set
        self._closed = False

    @property
    def runtime(self) -> Runtime:
        """The runtime this engine drives (for tools that work at the runtime's level)."""
        return self._rt

    # -- lifecycle -------------------------------------------------------------------------------
    @classmethod
    def open(cls, data_dir: str | Path, *, tenant_id: str | None = None,
             embedder: Embedder | str | None = None, **settings: Any) -> "MemoryEngine":
        """Opens (creating if needed) a data directory and catches up with its log.

        `settings` override `Settings` fields (and `MEMSTREAM_*` variables). `tenant_id` binds the
        engine to one tenant: anything for another tenant is refused.
        """
        if isinstance(embedder, str):  # the `embedder` setting by name ("onnx-int8", "torch")
            settings["embedder"], embedder = embedder, None
        cfg = _settings(settings)
        path = _data_dir(data_dir)
        factory = _embedder_factory(embedder, cfg)
        llm, deciders = None, OFFLINE
        if cfg.llm_enabled:
            # Opt-in: the HTTP adapter decides turns, the offline path is its fallback; its decisions
            # are logged as events, so replay never calls it (engine.llm_adapter).
            from engine.llm_adapter import LLMAdapter

            llm = LLMAdapter(cfg)
            deciders = llm.deciders
        try:
            runtime = resolve(cfg.runtime).open(path, cfg, factory, deciders=deciders)
        except BaseException:
            if llm is not None:
                llm.close()
            raise
        engine = cls(runtime, cfg, tenant_id, llm)
        try:
            runtime.process()  # recovery: resume from the committed offset
        except BaseException:
            engine.close()  # a failed open leaves no store locked in this process
            raise
        return engine

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            try:
                self._rt.close()
            finally:
                if self._llm is not None:
                    self._llm.close()

    def __enter__(self) -> "MemoryEngine":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @classmethod
    def replay(cls, data_dir: str | Path, into: str | Path, *, embedder: Embedder | None = None,
               progress: Callable[[int], None] | None = None, **settings: Any) -> str:
        """Rebuilds the view from `data_dir`'s log and keys in the empty directory `into`, writing
        nothing to `data_dir`; returns the rebuilt view's digest (equal to the live one's when the
        log replays to the same state)."""
        from engine.digest import view_digest

        cfg = _settings(settings)
        source, target = _data_dir(data_dir), _data_dir(into)
        rt = resolve(cfg.runtime).open(target, cfg, _embedder_factory(embedder, cfg), deciders=OFFLINE,
                                       replay_from=source)
        try:
            rt.process(decide=False, embed=False, progress=progress)
            # A runtime may hand some subjects' digest chunks made while it folded (the embedded
            # one keeps those its cache let go, so they are not read from its store again).
            parts = getattr(rt, "digest_parts", None)
            return view_digest(parts() if callable(parts) else (rt.state(*s) for s in rt.subjects()), ordered=True)
        finally:
            rt.close()

    def _check(self) -> Runtime:
        if self._closed:
            raise EngineClosedError("this MemoryEngine is closed; open the data directory again")
        return self._rt

    def _subject(self, tenant_id: str, user_id: str, session_id: str | None = None) -> None:
        try:
            check_id("tenant_id", tenant_id, self.settings)
            check_id("user_id", user_id, self.settings)
            if session_id is not None:
                check_id("session_id", session_id, self.settings)
        except InvalidTurnError as exc:
            raise InvalidCommandError(str(exc)) from None
        if self.tenant_id is not None and tenant_id != self.tenant_id:
            raise TenantMismatchError(
                f"this engine serves tenant {self.tenant_id!r}, not {tenant_id!r}"
            )

    # -- ingest ----------------------------------------------------------------------------------
    @staticmethod
    def _redacted(turn: TurnIn) -> tuple[str, str | None, list[str]]:
        """The turn's text and speaker as they may be logged, and the kinds of secret taken out."""
        text, kinds = redact_turn(turn)
        speaker, speaker_kinds = redact_speaker(turn.speaker)
        return text, speaker, kinds + speaker_kinds

    def _turn_events(self, turn: TurnIn, redacted: tuple[str, str | None, list[str]], tokens: int,
                     recorded_at: datetime) -> list[Event]:
        text, speaker, kinds = redacted
        event_id = turn_event_id(turn.tenant_id, turn.user_id, turn.session_id, turn.turn_id)
        common = dict(tenant_id=turn.tenant_id, user_id=turn.user_id, session_id=turn.session_id,
                      occurred_at=turn.occurred_at, recorded_at=recorded_at)
        events = [Event(event_id=event_id, type="turn_received", **common, payload=TurnReceived(
            turn_id=turn.turn_id, role=turn.role, speaker=speaker, text=text, tokens=tokens))]
        if kinds:
            events.append(Event(event_id=derive(event_id, "redaction"), type="secret_redacted",
                                causation_id=event_id, **common,
                                payload=SecretRedacted(turn_id=turn.turn_id, kinds=sorted(set(kinds)), count=len(kinds))))
        return events

    def ingest(self, turn: TurnIn | Mapping[str, Any]) -> bool:
        """Validates, redacts and durably appends one turn. False if that turn was already ingested."""
        return self.ingest_many([turn]) == 1

    def ingest_many(self, turns: Iterable[TurnIn | Mapping[str, Any]]) -> int:
        """All-or-nothing: every turn is validated first; one bad turn raises and nothing is written.

        Returns how many turns were new (re-sent turns are ignored by id).
        """
        rt = self._check()
        if turns is None or isinstance(turns, (str, bytes, Mapping)):
            raise InvalidTurnError("ingest_many takes a list of turns (dicts or TurnIn); use ingest for one")
        validated = [validate_turn(t, self.settings, self.tenant_id) for t in turns]
        now = _utcnow()
        redacted = [self._redacted(turn) for turn in validated]
        tokens = count_tokens_each([r[0] for r in redacted])  # one tokenizer call for the batch
        events: list[Event] = []
        for turn, red, n in zip(validated, redacted, tokens):
            events.extend(self._turn_events(turn, red, n, now))
        with rt.lock:
            new = rt.append(events)
        return sum(1 for e, is_new in zip(events, new) if is_new and e.type == "turn_received")

    def ingest_each(self, turns: Iterable[TurnIn | Mapping[str, Any]]) -> list[bool | MemstreamError]:
        """Per item: True (written now), False (already present: same ids) or the typed error that
        rejected it. Valid items are written in one append; nothing of a rejected item is."""
        rt = self._check()
        if turns is None or isinstance(turns, (str, bytes, Mapping)):
            raise InvalidTurnError("ingest_each takes a list of turns (dicts or TurnIn)")
        now = _utcnow()
        outcomes: list[bool | MemstreamError] = []
        ready: list[tuple[int, TurnIn, tuple[str, str | None, list[str]]]] = []
        for i, raw in enumerate(turns):
            try:
                turn = validate_turn(raw, self.settings, self.tenant_id)
                ready.append((i, turn, self._redacted(turn)))
            except MemstreamError as exc:
                outcomes.append(exc)
                continue
            outcomes.append(False)
        tokens = count_tokens_each([red[0] for _, _, red in ready])  # one tokenizer call for the batch
        events: list[Event] = []
        firsts: dict[int, int] = {}  # item -> index of its turn_received event
        for (i, turn, red), n in zip(ready, tokens):
            turn_events = self._turn_events(turn, red, n, now)
            firsts[i] = next(len(events) + j for j, e in enumerate(turn_events) if e.type == "turn_received")
            events.extend(turn_events)
        if events:
            with rt.lock:
                new = rt.append(events)
            for i, first in firsts.items():
                outcomes[i] = new[first]
        return outcomes

    def flush(self, progress: Callable[[int], None] | None = None, *, limit: int | None = None) -> int:
        """Returns once the processor and the view have caught up with the log (or handled `limit`
        more entries); `progress` is called with the number of entries handled as they are."""
        if limit is not None and (not isinstance(limit, int) or limit < 1):
            raise InvalidCommandError("limit must be a positive whole number")
        return self._check().process(progress=progress, limit=limit)

    def prepare(self, limit: int = 64) -> int:
        """Embeds, in one batch and without holding the engine's lock, what deciding the next
        `limit` ingested turns will need, so that flushing them in small steps (`flush(limit=...)`,
        as a server does to let writes in between) decides as fast as one whole flush. Returns how
        many turns it prepared. Changes no decision; skipping it changes none either."""
        if not isinstance(limit, int) or limit < 1:
            raise InvalidCommandError("limit must be a positive whole number")
        return self._check().prepare(limit)

    def pending(self) -> int:
        """Log entries the view has not caught up with (what `flush` would process)."""
        return self._check().pending()

    def position(self) -> int:
        """How many entries the log holds now. An entry appended before this call (an acknowledged
        `ingest_each`) is in the view, decided, once `projected()` is past this value. Takes no
        lock, so it never waits for a projection in progress."""
        return self._check().position()

    def _catch_up(self, rt: Runtime) -> None:
        """What a read does first: project everything logged (unless `reads_catch_up` is off, for a
        server whose projector keeps the view current and makes a read wait for its own writes)."""
        if self.settings.reads_catch_up:
            rt.process()

    # -- commands --------------------------------------------------------------------------------
    def remember(self, command: Remember | Mapping[str, Any] | None = None, **kw: Any) -> str:
        """Stores a memory the user stated explicitly; returns its memory_id (an existing one when
        the same thing was remembered before: repeats reinforce, they are not stored twice)."""
        try:
            cmd = Remember.model_validate(_command_data(command, kw, Remember))
        except ValueError as exc:
            raise InvalidCommandError(_validation_message(exc)) from None
        self._subject(cmd.tenant_id, cmd.user_id, cmd.session_id)
        if not _encodable(cmd.text):
            raise InvalidCommandError("text is not valid Unicode (it holds a lone surrogate)")
        rt = self._check()
        if not term_set(cmd.text):
            raise InvalidCommandError("text has no words to remember")
        if len(cmd.text) > self.settings.max_turn_chars:
            raise InvalidCommandError(f"text is longer than max_turn_chars={self.settings.max_turn_chars}")
        occurred = cmd.occurred_at or _utcnow()
        text, secret_kinds = redact(cmd.text)
        if secret_kinds:
            raise InvalidCommandError("refusing to remember a secret; the text contains "
                                      + ", ".join(sorted(set(secret_kinds))))
        # Named by the request id alone when there is one: a redelivered request records once,
        # whatever its clock says. Otherwise salted with the log position: remembering again
        # after a forget records again.
        if cmd.request_id is not None:
            command_id = derive("remember", cmd.tenant_id, cmd.user_id, _salt(cmd.request_id, rt))
        else:
            command_id = derive("remember", cmd.tenant_id, cmd.user_id, occurred.isoformat(), text,
                                _salt(None, rt))
        with rt.lock:
            rt.process()
            meaning = rt.deciders.meaning if self.settings.decide_by_meaning else None
            events = remember_events(rt.state(cmd.tenant_id, cmd.user_id), cmd, text, occurred, command_id,
                                     _utcnow(), self.settings, meaning)
            rt.append(events)
            rt.process()
        memory_id = remembered_id(events)
        if memory_id is not None:
            return memory_id
        raise InvalidCommandError("an explicit memory with the same slot and a stronger source exists")

    def forget(self, command: Forget | Mapping[str, Any] | None = None, **kw: Any) -> list[str]:
        """Deletes for real: by id, by query, "forget that" (the memory most recently recorded or
        recalled in the session), or the whole subject. Returns the forgotten ids.

        Forget by query erases, in every tier, the records that name what the query names (most of
        its content words, or near-identical meaning). `dry_run=True` returns the ids it would
        forget and changes nothing: erasure cannot be undone.
        """
        data = _command_data(command, kw, Forget)
        dry_run = bool(data.pop("dry_run", False))
        if "mode" not in data:
            data["mode"] = ("subject" if data.pop("subject", False) else
                            "id" if data.get("memory_id") else
                            "query" if data.get("query") else
                            "that" if data.get("session_id") else None)
            if data["mode"] is None:
                raise InvalidCommandError("forget needs memory_id, query, session_id (forget that) or subject=True")
        else:
            data.pop("subject", None)
        try:
            cmd = Forget.model_validate(data)
        except Exception as exc:
            raise InvalidCommandError(_validation_message(exc)) from None
        self._subject(cmd.tenant_id, cmd.user_id, cmd.session_id)
        if cmd.query is not None and not _encodable(cmd.query):
            raise InvalidCommandError("query is not valid Unicode (it holds a lone surrogate)")
        rt = self._check()
        occurred = cmd.occurred_at or _utcnow()
        with rt.lock:
            rt.process()
            state = rt.state(cmd.tenant_id, cmd.user_id)
            ids = self._forget_targets(cmd, state)
            if dry_run:
                return ids
            events = forget_events(state, cmd, ids, occurred, _utcnow(), _salt(cmd.request_id, rt),
                                   rt.key_watermark(), self.settings, *self._echo_embedders())
            rt.append(events)
            rt.process()
            if cmd.mode == "subject":
                return ids
            # With the records that repeat what was named (engine.erasure).
            return [e.payload.memory_id for e in events]

    def _echo_embedders(self):
        """What engine.erasure compares by meaning with (None, None: by distinctive terms alone)."""
        if not self.settings.decide_by_meaning:
            return None, None
        embedder = self._rt.embedder
        return uncached(embedder), record_vectors_of(embedder)

    def _forget_targets(self, cmd: Forget, state) -> list[str]:
        rt = self._rt
        return forget_targets(state, cmd, lambda ids: rt.vectors(cmd.tenant_id, cmd.user_id, ids),
                              lambda q: rt.embedder.embed([q], cache=False)[0], self.settings)

    def sweep(self, now: datetime | str | None = None, *, tenant_id: str | None = None,
              user_id: str | None = None, request_id: str | None = None) -> dict[str, int]:
        """Runs the forgetting policy at `now` over every subject (or one); returns counts by action.

        With a `request_id` the sweep's events are named by it, so a redelivered sweep is a no-op."""
        rt = self._check()
        at = _as_utc(now) or _utcnow()
        counts: dict[str, int] = {}
        with rt.lock:
            rt.process()
            if tenant_id is not None or user_id is not None:
                self._subject(tenant_id or "", user_id or "")
                subjects = [(tenant_id, user_id)]
            else:
                subjects = [s for s in rt.subjects() if self.tenant_id is None or s[0] == self.tenant_id]
            unprocessed = 0
            from_log = self._raw_turns_from_log(subjects)
            for tenant, user in subjects:
                events = decide_sweep(rt.state(tenant, user), at, self.settings, _utcnow(),
                                      salt=_salt(request_id, rt), raw_turns=from_log.get((tenant, user)))
                for e, new in zip(events, rt.append(events)):
                    if new:
                        counts[e.type] = counts.get(e.type, 0) + 1
                        unprocessed += 1
                if unprocessed >= _SWEEP_PROCESS_EVERY:
                    # Fold as it goes: what waits to be folded is held in memory, and a sweep over
                    # every subject can decide about most of their records.
                    rt.process()
                    unprocessed = 0
            rt.process()
        return counts

    def _raw_turns_from_log(self, subjects) -> dict:
        """Raw turns of the subjects under a retention whose state does not hold the complete index
        (a state store that does not keep it): read from the log in one pass (engine.retention)."""
        rt = self._rt
        wanted = {s for s in subjects if self.settings.retention_of(*s)[0] is not None
                  and not rt.state(*s).raw_turns_complete}
        if not wanted:
            return {}
        found = read_raw_turns(rt.events(0), wanted)
        return {s: found.get(s, {}) for s in wanted}

    def archive_session(self, tenant_id: str, user_id: str, session_id: str, *,
                        now: datetime | str | None = None, request_id: str | None = None) -> int:
        """"Archive this session": shreds its raw turns (their keys; window entries and running-summary
        lines go with them) and keeps its records, its session summary and every provenance id.
        One content-free `turns_expired` event (policy 'archive_session'); returns how many turns
        it shredded (0 when none was readable any more)."""
        self._subject(tenant_id, user_id, session_id)
        rt = self._check()
        at = _as_utc(now) or _utcnow()
        with rt.lock:
            rt.process()
            state = rt.state(tenant_id, user_id)
            raw = raw_turns_of(state, rt.events(0))
            turn_ids = sorted(raw.get(session_id, {}))
            if not turn_ids:
                if session_id not in state.sessions:
                    raise InvalidCommandError(f"user {user_id!r} has no session {session_id!r} to archive")
                return 0
            rt.append([Event(event_id=derive("archive", tenant_id, user_id, session_id, _salt(request_id, rt)),
                             type="turns_expired", tenant_id=tenant_id, user_id=user_id, session_id=session_id,
                             occurred_at=at, recorded_at=_utcnow(),
                             payload=TurnsExpired(turn_ids=turn_ids, reason="archived", policy=ARCHIVE_POLICY))])
            rt.process()
            return len(turn_ids)

    # -- reads -----------------------------------------------------------------------------------
    def _recall(self, tenant_id: str, user_id: str, query: str, k: int, now: datetime,
                max_privacy: str | None, session_id: str | None, *, record_use: bool,
                kinds: set[str] | None = None, request_id: str | None = None, plain=None) -> list[RecallHit]:
        rt = self._rt
        index = rt.index(tenant_id, user_id)
        qvec = _query_vectors(rt.embedder, query, index, plain)
        scored = index.search(query, qvec, k, now, self.settings, max_privacy, kinds)
        hits = [RecallHit(memory_id=s.record.memory_id, text=s.record.text or "", kind=s.record.kind,
                          score=round(s.score, 6), source_turn_ids=s.record.source_turn_ids,
                          sources=list(s.record.sources),
                          relevance=round(s.relevance, 6), keep_score=round(s.keep, 6),
                          created_at=s.record.created_at, happened_at=s.record.happened_at) for s in scored]
        if record_use and hits:
            self._record_use(tenant_id, user_id, [h.memory_id for h in hits], now, session_id, request_id)
        return hits

    def _record_use(self, tenant_id: str, user_id: str, memory_ids: list[str], now: datetime,
                    session_id: str | None, request_id: str | None = None) -> None:
        rt = self._rt
        unique = f"request:{request_id}" if request_id is not None else f"seq:{rt.position()}"
        rt.append([usage_event(tenant_id, user_id, memory_ids, now, _utcnow(), session_id, unique)])
        rt.process()

    def recall(self, *, tenant_id: str, user_id: str, query: str, k: int | None = None,
               session_id: str | None = None, now: datetime | str | None = None,
               max_privacy: str | None = None, record_use: bool = True,
               request_id: str | None = None) -> list[RecallHit]:
        """The subject's k most relevant active, unexpired, permitted memories, each with provenance.

        Recording use (use_count, last_used_at) is an event, so it survives replay. Pass a
        `request_id` to make that idempotent: a retried request then counts its use once.
        """
        self._subject(tenant_id, user_id, session_id)
        self._reading(query, max_privacy)
        if k is not None and (not isinstance(k, int) or k < 1):
            raise InvalidCommandError("k must be a positive whole number")
        at = _as_utc(now) or _utcnow()
        rt = self._check()
        plain = _query_vector(rt.embedder, query)
        with rt.lock:
            self._catch_up(rt)
            return self._recall(tenant_id, user_id, query, k or self.settings.recall_k,
                                at, max_privacy, session_id, record_use=record_use, request_id=request_id,
                                plain=plain)

    @staticmethod
    def _reading(query: object, max_privacy: object) -> None:
        if not isinstance(query, str):
            raise InvalidCommandError(f"query must be a string, not {type(query).__name__}")
        if not _encodable(query):
            raise InvalidCommandError("query is not valid Unicode (it holds a lone surrogate)")
        if max_privacy is not None and (not isinstance(max_privacy, str) or max_privacy not in PRIVACY_ORDER):
            raise InvalidCommandError(f"max_privacy must be one of {', '.join(PRIVACY_ORDER)}")

    def context(self, *, tenant_id: str, user_id: str, session_id: str | None = None, query: str = "",
                budget_tokens: int = 2_000, now: datetime | str | None = None,
                max_privacy: str | None = None, record_use: bool = True,
                request_id: str | None = None) -> ContextResult:
        """Packs summary, profile, episodes and recalled memories into `budget_tokens`."""
        self._subject(tenant_id, user_id, session_id)
        self._reading(query, max_privacy)
        check_budget_tokens(budget_tokens)
        rt = self._check()
        at = _as_utc(now) or _utcnow()
        privacy = max_privacy or self.settings.recall_max_privacy
        plain = _query_vector(rt.embedder, query)
        with rt.lock:
            self._catch_up(rt)
            index = rt.index(tenant_id, user_id)
            qvec = _query_vectors(rt.embedder, query, index, plain)
            # Context fills a budget: a weaker match may still earn room the better ones left.
            scored = index.search(query, qvec, 40, at, self.settings, privacy,
                                  min_relevance=self.settings.context_min_relevance)
            state = rt.state(tenant_id, user_id)
            previous = None
            before = previous_session(state, session_id, at, privacy) if session_id else None
            if before is not None:
                previous = session_summary(state, before, now=at, settings=self.settings, max_privacy=privacy,
                                           budget_tokens=layer_budgets(budget_tokens, self.settings)["summary"])
            result = assemble(state, session_id=session_id,
                              budget_tokens=budget_tokens, hits=scored, now=at, settings=self.settings,
                              max_privacy=privacy, query=query, previous=previous)
            if record_use and result.memory_ids:
                used = [m for m in result.memory_ids if m in {s.record.memory_id for s in scored}]
                if used:
                    self._record_use(tenant_id, user_id, used, at, session_id, request_id)
            return result

    def rederive(self, *, tenant_id: str | None = None, user_id: str | None = None, dry_run: bool = False,
                 now: datetime | str | None = None) -> list:
        """Re-decides the still-readable turns under the current deciders and appends the
        differences (new, superseded and forgotten records) as ordinary events; `dry_run` only
        returns them. One `engine.rederive.RederiveDiff` per subject with a difference. Forgotten
        turns stay forgotten; `remember()` records are left alone (see engine.rederive)."""
        from engine.rederive import RederiveDiff, rederive_subject

        rt = self._check()
        if user_id is not None and tenant_id is None:
            raise InvalidCommandError("rederive --user needs --tenant")
        if tenant_id is not None:
            self._subject(tenant_id, user_id or "-")
        tenant = tenant_id or self.tenant_id
        at = _as_utc(now) or _utcnow()
        diffs = []
        with rt.lock:
            rt.process()
            # Turns whose decisions a failure of the processor lost: deciding them again is what
            # rederive does, so they are resolved by it (a turn forgotten since stays a dead letter).
            lost = {d["event_id"] for d in rt.dead_letters()
                    if d.get("event_id") and d["reason"].startswith("processor failed") and "resolved" not in d}
            turns: dict[tuple[str, str], list[Event]] = {}
            for event in rt.events(0):
                if event.type != "turn_received" or (tenant and event.tenant_id != tenant) or (
                        user_id and event.user_id != user_id):
                    continue
                turns.setdefault((event.tenant_id, event.user_id), []).append(event)
            for (t, u), subject_turns in sorted(turns.items()):
                try:
                    diff = rederive_subject(rt.state(t, u), subject_turns, self.settings, rt.deciders, at, _utcnow())
                except (DamagedStoreError, DataDirError):
                    raise
                except Exception as exc:
                    # A fault still present (the one that dead-lettered a turn, say) stops this
                    # subject only: the others are decided again, and its letters stay unresolved.
                    diffs.append(RederiveDiff(t, u, turns_read=len(subject_turns), failed=error_place(exc)))
                    continue
                redecided = lost & {e.event_id for e in subject_turns if e.payload.text is not None}
                diff.dead_letters_resolved = len(redecided)
                if diff.empty:
                    continue
                diffs.append(diff)
                if not dry_run:
                    rt.append(diff.events)
                    rt.process()
                    if redecided:
                        rt.resolve_dead_letters(redecided, f"rederive {rt.deciders.version}", at.isoformat())
        return diffs

    def _own_subjects(self) -> list[tuple[str, str]]:
        """Every subject with state, or only this engine's tenant's when it is bound to one."""
        return [s for s in self._rt.subjects() if self.tenant_id is None or s[0] == self.tenant_id]

    def view_digest(self) -> str:
        """The view's digest (engine.digest); an engine bound to a tenant digests that tenant's view."""
        from engine.digest import view_digest

        rt = self._check()
        with rt.lock:
            rt.process()
            return view_digest((rt.state(*s) for s in self._own_subjects()), ordered=True)

    def records(self, tenant_id: str, user_id: str, *, include_inactive: bool = False) -> list[MemoryRecord]:
        """The subject's records in the view (active only unless asked), oldest first."""
        self._subject(tenant_id, user_id)
        rt = self._check()
        with rt.lock:
            self._catch_up(rt)
            recs = rt.state(tenant_id, user_id).records.values()
            return sorted((r.model_copy(deep=True) for r in recs if include_inactive or r.tier == "active"),
                          key=lambda r: (r.created_at, r.memory_id))

    def users(self, tenant_id: str) -> list[str]:
        """The ids of the tenant's users that have state in the view (records or sessions), sorted."""
        self._subject(tenant_id, "-")
        rt = self._check()
        with rt.lock:
            self._catch_up(rt)
            return [u for t, u in rt.subjects() if t == tenant_id]

    def summary(self, tenant_id: str, user_id: str, session_id: str) -> list[str]:
        """The session's running summary lines."""
        self._subject(tenant_id, user_id, session_id)
        rt = self._check()
        with rt.lock:
            self._catch_up(rt)
            session = rt.state(tenant_id, user_id).sessions.get(session_id)
            return [i.text for i in session.summary if i.text] if session else []

    @staticmethod
    def _budget(budget_tokens: object) -> int:
        return check_budget_tokens(budget_tokens)

    @staticmethod
    def _view(summary) -> SummaryView:
        return SummaryView(title=summary.title, text=summary.text, lines=list(summary.lines),
                           memory_ids=list(summary.memory_ids), source_turn_ids=list(summary.source_turn_ids),
                           tokens=summary.tokens, omitted=summary.omitted)

    def session_summary(self, *, tenant_id: str, user_id: str, session_id: str, budget_tokens: int = 200,
                        now: datetime | str | None = None, max_privacy: str | None = None) -> SummaryView:
        """What a session left in long-term memory, most important first within the budget, in order
        (engine.summaries). Computed from the active records, so it never holds forgotten content."""
        from engine.summaries import session_summary

        self._subject(tenant_id, user_id, session_id)
        self._reading("", max_privacy)
        budget = self._budget(budget_tokens)
        rt = self._check()
        with rt.lock:
            self._catch_up(rt)
            return self._view(session_summary(
                rt.state(tenant_id, user_id), session_id, now=_as_utc(now) or _utcnow(), settings=self.settings,
                max_privacy=max_privacy or self.settings.recall_max_privacy, budget_tokens=budget))

    def topic_summary(self, *, tenant_id: str, user_id: str, topic: str, budget_tokens: int = 200,
                      now: datetime | str | None = None, max_privacy: str | None = None) -> SummaryView:
        """What the memories say about a topic, in the order it happened (engine.summaries)."""
        from engine.summaries import topic_summary

        self._subject(tenant_id, user_id)
        self._reading(topic, max_privacy)
        if not topic.strip():
            raise InvalidCommandError("topic must name something, e.g. 'adoption'")
        budget = self._budget(budget_tokens)
        rt = self._check()
        with rt.lock:
            self._catch_up(rt)
            index = rt.index(tenant_id, user_id)
            qvec = rt.embedder.embed([topic], cache=False)[0] if len(index) else None
            return self._view(topic_summary(
                index, topic, qvec, now=_as_utc(now) or _utcnow(), settings=self.settings,
                max_privacy=max_privacy or self.settings.recall_max_privacy, budget_tokens=budget))

    def profile(self, *, tenant_id: str, user_id: str, session_id: str | None = None,
                budget_tokens: int | None = None, now: datetime | str | None = None,
                max_privacy: str | None = None) -> SummaryView:
        """The user profile: standing instructions, constraints, preferences, decisions and facts, one
        line per person, within `profile_max_tokens` unless a budget is given (engine.summaries)."""
        from engine.summaries import profile

        self._subject(tenant_id, user_id, session_id)
        self._reading("", max_privacy)
        budget = self._budget(budget_tokens) if budget_tokens is not None else None
        rt = self._check()
        with rt.lock:
            self._catch_up(rt)
            return self._view(profile(
                rt.state(tenant_id, user_id), now=_as_utc(now) or _utcnow(), settings=self.settings,
                max_privacy=max_privacy or self.settings.recall_max_privacy, session_id=session_id,
                budget_tokens=budget))

    def record_use(self, *, tenant_id: str, user_id: str, memory_ids: list[str], session_id: str | None = None,
                   now: datetime | str | None = None, request_id: str | None = None) -> int:
        """Records that these memories were put into a prompt (use_count, last_used_at), as an event;
        a `request_id` makes a retry count once. Every id must be one of the subject's records."""
        self._subject(tenant_id, user_id, session_id)
        if not isinstance(memory_ids, list) or not memory_ids or not all(
                isinstance(m, str) and m and _encodable(m) for m in memory_ids):
            raise InvalidCommandError("memory_ids must be a non-empty list of memory ids")
        at = _as_utc(now) or _utcnow()
        rt = self._check()
        with rt.lock:
            rt.process()
            records = rt.state(tenant_id, user_id).records
            unknown = [m for m in memory_ids if m not in records or records[m].tier != "active"]
            if unknown:
                raise UnknownMemoryError(f"no active memory {unknown[0]!r} for this user")
            ids = list(dict.fromkeys(memory_ids))
            self._record_use(tenant_id, user_id, ids, at, session_id, request_id)
            return len(ids)

    def session_turns(self, tenant_id: str, user_id: str, session_id: str) -> list[WindowTurn]:
        """The session's recent turns that are still readable, oldest first: the exact recent
        messages an agent puts back into its prompt. An open session's are its window; an ended
        one's (its window released) are its last `window_max_messages` raw turns whose keys live,
        read from the log."""
        self._subject(tenant_id, user_id, session_id)
        rt = self._check()
        with rt.lock:
            self._catch_up(rt)
            state = rt.state(tenant_id, user_id)
            session = state.sessions.get(session_id)
            if session is not None and session.window:
                return [t for t in session.window if t.text]
            raw = raw_turns_of(state, None).get(session_id, {})
            recent = sorted(raw.items(), key=lambda kv: (kv[1], kv[0]))[-self.settings.window_max_messages:]
            out = []
            for turn_id in (t for t, _ in recent):
                event = rt.logged_event(turn_event_id(tenant_id, user_id, session_id, turn_id))
                p = event.payload if event is not None else None
                if p is not None and p.type == "turn_received" and p.text:
                    out.append(WindowTurn(p.turn_id, p.role, p.speaker, p.text, p.tokens, event.occurred_at))
            return out

    def projected(self) -> int:
        """The log position the view has caught up with: entries before it are projected."""
        rt = self._check()
        with rt.lock:
            return rt.position() - rt.pending()

    def changes(self, start: int, *, tenant_id: str, user_id: str | None = None,
                limit: int = 256) -> tuple[list[tuple[int, Event]], int]:
        """The memory changes (CHANGE_TYPES) of a tenant (or one user) projected at log positions
        from `start`, with their positions, at most `limit`; and the position to read on from."""
        self._subject(tenant_id, user_id or "-")
        end = self.projected()
        rt = self._rt
        found: list[tuple[int, Event]] = []
        position = max(0, start)
        if position >= end:
            return found, position
        for seq, event in enumerate(rt.events(position), position):
            if seq >= end:
                break
            position = seq + 1
            if (event.type in CHANGE_TYPES and event.tenant_id == tenant_id
                    and (user_id is None or event.user_id == user_id)):
                found.append((seq, event))
                if len(found) >= limit:
                    break
        return found, position

    def window(self, tenant_id: str, user_id: str, session_id: str) -> list[str]:
        """Turn ids currently in the session's sliding window, oldest first."""
        self._subject(tenant_id, user_id, session_id)
        rt = self._check()
        with rt.lock:
            self._catch_up(rt)
            session = rt.state(tenant_id, user_id).sessions.get(session_id)
            return [t.turn_id for t in session.window] if session else []

    def audit(self, memory_id: str, *, tenant_id: str | None = None) -> list[AuditEntry]:
        """Every event about one memory, oldest first — content-free, so it outlives forgetting."""
        if not isinstance(memory_id, str) or not memory_id or not _encodable(memory_id):
            raise InvalidCommandError("memory_id must be a non-empty string")
        rt = self._check()
        with rt.lock:
            entries = []
            for event in rt.events_about(memory_id):
                if tenant_id is not None and event.tenant_id != tenant_id:
                    raise TenantMismatchError(f"memory {memory_id!r} does not belong to tenant {tenant_id!r}")
                if self.tenant_id is not None and event.tenant_id != self.tenant_id:
                    raise TenantMismatchError(f"memory {memory_id!r} does not belong to this engine's tenant")
                detail = event.payload.model_dump(mode="json")
                if event.payload.type == "memory_recorded":
                    rec = detail.pop("record")
                    detail.update({k: rec[k] for k in ("memory_id", "kind", "source", "sources",
                                                       "confidence", "importance", "privacy_level", "expires_at")})
                    detail["content"] = "readable" if rec["text"] is not None else "shredded"
                entries.append(AuditEntry(event_id=event.event_id, type=event.type, occurred_at=event.occurred_at,
                                          recorded_at=event.recorded_at, causation_id=event.causation_id,
                                          detail=detail))
            if not entries:
                raise UnknownMemoryError(f"no events about memory {memory_id!r}")
            return entries

    def dead_letters(self) -> list[dict]:
        """Log entries that could not be processed, each with its seq, event id, reason and whose it
        was (tenant, user, session and turn ids; never content). A turn whose decisions were lost to
        a failure of the processor is decided again by `rederive()` while it is readable
        (`turn_readable`); its letter then says so (`resolved`: the deciders' version, and
        `resolved_at`; both None until then)."""
        rt = self._check()
        with rt.lock:
            self._catch_up(rt)
            out = []
            for letter in rt.dead_letters():
                event = self._letter_event(letter)
                if self.tenant_id is not None and (event is None or event.tenant_id != self.tenant_id):
                    continue
                # Whose entry it was, by ids only (never content); None where it cannot be decoded.
                turn = event is not None and event.payload.type == "turn_received"
                out.append({**letter, "resolved": letter.get("resolved"), "resolved_at": letter.get("resolved_at"),
                            "tenant_id": event.tenant_id if event else None,
                            "user_id": event.user_id if event else None,
                            "session_id": event.session_id if event else None,
                            "turn_id": event.payload.turn_id if turn else None,
                            "turn_readable": (event.payload.text is not None) if turn else None})
            return out

    def dead_letter_count(self) -> int:
        """How many dead letters `dead_letters()` lists, without reading whose entries they were
        (what a metric polls)."""
        rt = self._check()
        if self.tenant_id is not None:
            return len(self.dead_letters())
        with rt.lock:
            self._catch_up(rt)
            return len(rt.dead_letters())

    def _letter_event(self, letter: dict) -> Event | None:
        """The dead-lettered log entry (None when it cannot even be decoded: then it is nobody's to
        see but an unbound engine's)."""
        try:
            event = next(self._rt.events(letter["seq"]), None)
        except Exception:
            return None
        if event is None or (letter.get("event_id") and event.event_id != letter["event_id"]):
            return None
        return event

    def compact(self) -> None:
        """Compacts every store so that deleted and shredded bytes leave the files on disk."""
        rt = self._check()
        with rt.lock:
            rt.process()
            rt.compact()

    def stats(self) -> dict[str, int]:
        rt = self._check()
        with rt.lock:
            rt.process()
            tiers = {"active": 0, "archived": 0, "superseded": 0}
            subjects = self._own_subjects()
            for subject in subjects:
                for r in rt.state(*subject).records.values():
                    if r.tier in tiers:
                        tiers[r.tier] += 1
            return {
                "subjects": len(subjects),
                # The log is shared by every tenant: an engine bound to one counts its events.
                "log_events": rt.position() if self.tenant_id is None else sum(
                    1 for e in rt.events(0) if e.tenant_id == self.tenant_id),
                "records_active": tiers["active"],
                "records_archived": tiers["archived"],
                "records_superseded": tiers["superseded"],
                # With the LLM adapter on: decisions asked of it, and how many fell back to the
                # offline path (llm_fallbacks, by reason); counted since this engine was opened.
                **(self._llm.stats() if self._llm is not None else {}),
            }
