"""Every tunable of memstream in one object, overridable by `MEMSTREAM_*` environment variables."""
from __future__ import annotations

import math
from datetime import timezone as _tz, tzinfo
from functools import lru_cache
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError
from urllib.parse import urlsplit

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


@lru_cache(maxsize=256)
def _zone(name: str) -> tzinfo:
    if name.upper() in ("UTC", "Z"):
        return _tz.utc
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"unknown time zone {name!r}; use an IANA name such as 'Europe/Berlin'") from None


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="MEMSTREAM_", extra="forbid")

    # Ingest guard
    max_turn_chars: int = Field(16_000, ge=1, description="Longer turns are rejected, not truncated.")
    max_id_chars: int = 128

    # Short-term memory
    window_max_messages: int = Field(20, ge=2)
    window_budget_tokens: int = Field(2_000, ge=16)
    compact_at: float = Field(0.70, gt=0.0, le=1.0, description="Share of the window budget that triggers compaction.")
    summary_budget_tokens: int = Field(600, ge=16)
    session_ttl_hours: float = Field(4.0, gt=0, description="Life of a 'for this session' instruction.")
    # Time zones: where a subject's "today", "this afternoon" and "until Friday" end.
    timezone: str = Field("UTC", description="IANA time zone of every subject unless `timezones` names another.")
    timezones: dict[str, str] = Field(default_factory=dict, description="Per tenant ('acme') or per subject ('acme/ada') IANA time zones; the subject's entry wins.")

    # Keep score (DESIGN.md): 0.40*importance + 0.20*recency + 0.20*confidence + 0.20*usage - sensitivity - duplicate
    weight_importance: float = 0.40
    weight_recency: float = 0.20
    weight_confidence: float = 0.20
    weight_usage: float = 0.20
    half_life_days: float = Field(30.0, gt=0)
    usage_saturation: int = Field(5, ge=1, description="use_count at which usage counts fully.")
    archive_threshold: float = Field(0.35, description="Keep score below this: archive.")
    delete_threshold: float = Field(0.0, description="Keep score below this: delete for real.")
    # Sensitivity subtracted from the keep score, by privacy level: sensitive data is kept less.
    sensitivity_public: float = 0.0
    sensitivity_personal: float = 0.1
    sensitivity_sensitive: float = 0.15
    sensitivity_secret: float = 1.0
    duplicate_similarity: float = Field(0.8, gt=0, le=1, description="Word-set Jaccard at which two records are duplicates.")
    duplicate_penalty: float = 0.2
    # Consolidation (engine.processor.consolidation): repeated evidence becomes one semantic record
    consolidate_min_evidence: int = Field(3, ge=2, description="Statements by one speaker about the same thing that are consolidated into one reflection record.")
    consolidate_shared_terms: int = Field(2, ge=1, description="Salient content words a statement must share with the new one to count as evidence of the same thing.")
    consolidate_similarity: float = Field(1.0, gt=0, le=1, description="...and at least this share of the salient words of the shorter of the two (1.0: the shorter says nothing the other does not).")
    consolidate_max_parts: int = Field(6, ge=2, description="Statements one consolidated record holds at most; evidence beyond it starts a new one.")
    consolidate: bool = Field(True, description="Consolidate repeated evidence into semantic (reflection) records.")
    # Decisions by meaning (engine.meaning): sentence embeddings and a classifier trained on shipped examples
    decide_by_meaning: bool = Field(True, description="Type, merge, supersede, consolidate and forget by meaning (embeddings); off: rules only.")
    same_similarity: float = Field(0.82, gt=0, le=1, description="Cosine at which two statements of one speaker about one holder say the same thing.")
    same_anchor_similarity: float = Field(0.6, gt=0, le=1, description="...or this cosine when they share a distinctive word, name or number and no value conflicts.")
    update_similarity: float = Field(0.72, gt=0, le=1, description="Cosine of two statements with their values masked at which different values are an update (no change cue).")
    update_cue_similarity: float = Field(0.55, gt=0, le=1, description="...the same with a plain change cue ('no longer', 'switched', 'moved to').")
    update_weak_cue_similarity: float = Field(0.6, gt=0, le=1, description="...the same with a weak cue ('now', 'new').")
    constraint_probability: float = Field(0.5, gt=0, le=1, description="Classifier probability at which a statement is typed as a constraint.")
    forget_probability: float = Field(0.3, gt=0, le=1, description="Classifier probability at which a user's sentence in the form of a request to the assistant ('please forget ...', 'what I told you', 'your memory') asks to forget.")
    forget_probability_alone: float = Field(0.85, gt=0, le=1, description="...and at which any other sentence does.")
    standing_probability: float = Field(0.6, gt=0, le=1, description="Classifier probability at which a first-person sentence the rules kept nothing of is kept as a fact, preference, rule or decision.")
    standing_constraint_probability: float = Field(0.85, gt=0, le=1, description="...and at which such a sentence is kept as a constraint.")
    forget_target_similarity: float = Field(0.25, ge=0, le=1, description="Cosine a record needs with a request to forget 'what I said about X' to be its target.")
    forget_target_margin: float = Field(0.15, ge=0, le=1, description="A record below forget_target_similarity (but above half of it) is still the target of 'forget what I said about X' when it leads every other record by this much.")
    habit_similarity: float = Field(0.6, gt=0, le=1, description="Cosine at which episodes of one speaker on different days are the same activity.")

    # Recall
    recall_k: int = 8
    recall_dense_weight: float = 0.6
    recall_keyword_weight: float = 0.4
    recall_keyword_saturation: float = Field(20.0, gt=0, description="BM25 score at which the keyword part of relevance reaches one half.")
    recall_keep_weight: float = Field(0.15, description="How much the keep score shifts relevance.")
    recall_min_relevance: float = Field(0.15, description="Hits below this relevance are not returned.")
    recall_max_privacy: str = Field("sensitive", description="Most private level recall may return.")
    recall_person_weight: float = Field(0.05, ge=0, description="Relevance shift for records about a person the query names (down for another person).")
    recall_time_weight: float = Field(0.05, ge=0, description="Relevance shift for records in the period a query names, dated ones for a 'when' question, newer ones for 'recently'.")
    embed_batch_size: int = 64
    embedder: Literal["onnx-int8", "torch"] = Field("onnx-int8", description="How records and queries are embedded: the int8 ONNX export of the packaged all-MiniLM-L6-v2 on ONNX Runtime, or the packaged fp32 model on torch (also the fallback when the export cannot be built).")
    ann_threshold: int = Field(20_000, ge=1, description="Active records from which a subject's dense search uses an approximate nearest-neighbour index (usearch) with exact rescoring instead of a scan.")
    # Forget by query: which records a query names (see engine.recall.erasure_matches)
    forget_term_coverage: float = Field(0.6, gt=0, le=1, description="Share of the query's content words a record must hold.")
    forget_min_similarity: float = Field(0.4, ge=0, le=1, description="...and at least this cosine similarity.")
    forget_near_identical: float = Field(0.9, ge=0, le=1, description="Or this similarity alone.")
    # Erasure (engine.erasure): the turns that repeat a forgotten memory are shredded with it
    echo_similarity: float = Field(0.75, gt=0, le=1, description="Cosine at which a sentence of a turn (any role) repeats a memory in other words: the turn is shredded when the memory is forgotten.")
    echo_term_similarity: float = Field(0.4, ge=0, le=1, description="...or this cosine when the sentence holds a strong term of the memory (a number of 3+ digits that is not a year, a word outside the embedder's vocabulary) that is rare among the subject's other memories.")
    echo_term_pair_similarity: float = Field(0.25, ge=0, le=1, description="...or this cosine when it holds such a term and another content word of the memory.")
    echo_weak_similarity: float = Field(0.5, ge=0, le=1, description="...or this cosine when it holds every distinctive term of the memory, or half its content words (a turn that is the source of another memory that stays needs echo_similarity).")
    echo_reply_similarity: float = Field(0.4, ge=0, le=1, description="...or this cosine when the turn answers the memory's source turn or is answered by it (the other party's next or previous turn) and shares two content words with it.")

    # Raw-turn retention (engine.retention): the sweep destroys the keys of raw turns older than this
    retention_days: float | None = Field(None, gt=0, allow_inf_nan=False, description="Days raw turns are kept for every subject unless `retention` names its tenant or the subject; None: kept for ever (records and summaries are never expired by it).")
    retention: dict[str, float | None] = Field(default_factory=dict, description="Per tenant ('acme') or per subject ('acme/ada') retention in days (None: for ever); the subject's entry wins over its tenant's.")

    # Context assembly: per-layer budgets, scaled to the requested total
    layer_summary_tokens: int = 2_000
    layer_profile_tokens: int = 500
    layer_episodic_tokens: int = 1_000
    layer_retrieved_tokens: int = 3_000
    profile_max_tokens: int = 300
    context_redundancy: float = Field(0.4, gt=0, le=1, description="Word-set Jaccard at which a recalled record repeats one already in the context and is left out.")
    context_min_relevance: float = Field(0.05, description="Relevance floor for recalled records in a context (recall() uses recall_min_relevance).")

    # Runtime and memory
    runtime: str = Field("embedded", description="Which runtime stores and processes the log: 'embedded' (one process, RocksDB), or 'module:Class' of another implementation of engine.runtime.Runtime.")
    subject_cache_subjects: int = Field(2_000, ge=1, description="Most subjects whose state and index stay in memory; the least recently used are dropped and reloaded from the state store on demand.")
    gc_full_every_s: float = Field(300.0, ge=0, allow_inf_nan=False, description="While an engine is open, Python's automatic full garbage collections (each walks every object the process holds: up to about a second with a large subject cache) are held off, and one runs at the next read or write of a subject's state once this many seconds have passed (streams.collector; the embedded runtime, which the Kafka workers run too); 0 leaves Python's own policy.")
    replay_workers: int = Field(0, ge=0, le=64, description="Processes a replay of a long log folds it in, each taking the subjects of one shard (streams.replay_shards); 0: one a core, up to 4; 1: the replay's own process only.")
    replay_workers_from: int = Field(50_000, ge=1, description="Log entries from which a replay is split over `replay_workers` processes; a shorter log folds faster than new interpreters start.")
    subject_cache_mb: int = Field(1_024, ge=16, description="Memory budget of the subject cache (estimated), in MiB; whichever bound is reached first evicts.")
    reads_catch_up: bool = Field(True, description="Each read first projects everything the log holds, so it sees every acknowledged write. A server whose own projector keeps the view current (memstream serve) turns it off and has a read wait for its subject's own writes only, so one tenant's backlog does not hold up another tenant's reads.")

    # Serving
    api_max_body_mb: int = Field(32, ge=1, le=4096, description="Largest request body the HTTP API reads, in MiB; a longer one is answered 413 unread (1,000 turns of ordinary length take well under 1 MiB).")

    # Durability
    sync_writes: bool = Field(True, description="fsync the log on every acknowledged append.")

    # Optional LLM adapter (engine.llm): off unless llm_url is set; the offline path stays the fallback.
    llm_url: str | None = Field(None, description="OpenAI-compatible base URL (.../v1) or the full .../chat/completions URL.")
    llm_model: str | None = Field(None, description="Model name sent with every request; required with llm_url.")
    llm_api_key: SecretStr | None = Field(None, description="Sent as a Bearer token; never logged, stored or shown.")
    llm_tasks: Literal["extract", "summarize", "both"] = Field("both", description="What the LLM decides.")
    llm_timeout_seconds: float = Field(20.0, gt=0, le=600, description="Per connect/read/write of one attempt.")
    llm_retries: int = Field(2, ge=0, le=10, description="Further attempts after a timeout, connection error, 429 or 5xx.")
    llm_backoff_seconds: float = Field(0.5, ge=0, le=60, description="First wait between attempts; doubles each time.")
    llm_max_tokens: int = Field(800, ge=16, le=32_000, description="max_tokens of each completion.")
    llm_temperature: float = Field(0.0, ge=0, le=2)
    llm_json_mode: bool = Field(True, description="Ask for response_format json_object (turn off for servers without it).")
    llm_circuit_failures: int = Field(5, ge=1, description="Consecutive failed calls after which the adapter pauses.")
    llm_circuit_cooldown_seconds: float = Field(60.0, ge=0, description="Pause in which turns go straight to the offline path.")

    @field_validator("llm_url", "llm_model", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("llm_url")
    @classmethod
    def _llm_url_ok(cls, value: str | None) -> str | None:
        if value is None:
            return None
        # Messages never echo the URL: it could hold credentials.
        try:
            parts = urlsplit(value.strip())
            host = parts.hostname
        except ValueError:
            raise ValueError("llm_url is not a valid URL") from None
        if parts.scheme not in ("http", "https") or not host:
            raise ValueError("llm_url must be an http:// or https:// URL with a host, e.g. http://127.0.0.1:8000/v1")
        if parts.username is not None or parts.password is not None:
            raise ValueError("llm_url must not carry credentials; put the key in llm_api_key")
        return value.strip()

    @field_validator("timezone")
    @classmethod
    def _zone_ok(cls, value: str) -> str:
        _zone(value)
        return value

    @field_validator("timezones")
    @classmethod
    def _zones_ok(cls, value: dict[str, str]) -> dict[str, str]:
        for zone in value.values():
            _zone(zone)
        return value

    @field_validator("retention_days", mode="before")
    @classmethod
    def _retention_days_is_a_number(cls, value: object) -> object:
        if isinstance(value, bool):
            raise ValueError("retention_days must be a positive number of days, or null for ever (not true/false)")
        return value

    @field_validator("retention", mode="before")
    @classmethod
    def _retention_entries_are_numbers(cls, value: object) -> object:
        if isinstance(value, dict):
            for key, days in value.items():
                if isinstance(days, bool):
                    raise ValueError(f"retention[{key!r}] must be a positive number of days, or null for ever "
                                     "(not true/false)")
        return value

    @field_validator("retention")
    @classmethod
    def _retention_ok(cls, value: dict[str, float | None]) -> dict[str, float | None]:
        for key, days in value.items():
            parts = key.split("/")
            if len(parts) > 2 or not all(part.strip() for part in parts):
                raise ValueError(f"retention key {key!r} must name a tenant ('acme') or a subject ('acme/ada')")
            if days is not None and not (math.isfinite(days) and days > 0):
                raise ValueError(f"retention[{key!r}] must be a positive finite number of days, or null for ever")
        return value

    def retention_of(self, tenant_id: str, user_id: str) -> tuple[float | None, str]:
        """(days raw turns are kept, which setting says so) for one subject: its own entry in
        `retention`, else its tenant's, else `retention_days`."""
        for key, scope in ((f"{tenant_id}/{user_id}", f"subject {tenant_id}/{user_id}"),
                           (tenant_id, f"tenant {tenant_id}")):
            if key in self.retention:
                return self.retention[key], scope
        return self.retention_days, "default"

    def zone_of(self, tenant_id: str, user_id: str) -> tzinfo:
        """The subject's time zone: its own entry in `timezones`, else its tenant's, else `timezone`."""
        name = self.timezones.get(f"{tenant_id}/{user_id}") or self.timezones.get(tenant_id) or self.timezone
        return _zone(name)

    @property
    def llm_enabled(self) -> bool:
        return self.llm_url is not None

    @model_validator(mode="after")
    def _thresholds_ordered(self) -> "Settings":
        if self.delete_threshold > self.archive_threshold:
            raise ValueError("delete_threshold must not exceed archive_threshold")
        if self.recall_max_privacy not in ("public", "personal", "sensitive", "secret"):
            raise ValueError("recall_max_privacy must be public, personal, sensitive or secret")
        if self.llm_url is not None and not self.llm_model:
            raise ValueError("llm_model is required when llm_url is set (the model name the endpoint serves)")
        return self


def load_settings(**overrides: Any) -> Settings:
    """Settings from the `MEMSTREAM_*` environment and `overrides`; anything invalid, a value that
    is not JSON where a map is expected included, is one InvalidSettingsError saying what."""
    from pydantic import ValidationError
    from pydantic_settings import SettingsError

    from engine.errors import InvalidSettingsError

    try:
        return Settings(**overrides)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        raise InvalidSettingsError(f"invalid settings: {problems}") from None
    except SettingsError as exc:  # e.g. MEMSTREAM_RETENTION holding no JSON
        cause = f" ({exc.__cause__})" if exc.__cause__ else ""
        raise InvalidSettingsError(f"invalid settings: {exc}{cause}") from None
