"""Settings of the Kafka runtime (`MEMSTREAM_KAFKA_*`), apart from the engine's: engine/ knows nothing
of Kafka."""
from __future__ import annotations

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


def bootstrap_of(broker: str) -> str:
    """'kafka://host:port' (or 'host:port', comma-separated for several) -> 'host:port,...'."""
    servers = []
    for part in broker.split(","):
        part = part.strip()
        if part.startswith("kafka://"):
            part = part[len("kafka://"):]
        part = part.rstrip("/")
        if not part or ":" not in part:
            raise ValueError(f"broker {broker!r} must look like kafka://HOST:PORT")
        servers.append(part)
    return ",".join(servers)


class KafkaSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="MEMSTREAM_KAFKA_", extra="forbid")

    broker: str = Field("kafka://127.0.0.1:9092", description="Bootstrap servers, kafka://HOST:PORT[,...].")
    app_id: str = Field("memstream", description="Consumer group of the workers; also names faust's own topics.")
    topic_prefix: str = Field("memstream", description="Topics are <prefix>-turns, -commands, -events, -keys, -dead-letters.")
    partitions: int = Field(8, ge=1, description="Partitions of every memstream topic (all must have the same).")
    replication: int = Field(1, ge=1)
    max_message_bytes: int = Field(262_144, ge=1_024, description="Larger input messages are dead-lettered.")
    ingress_retention_ms: int = Field(7 * 24 * 3600 * 1000, description="How long raw input messages are kept.")
    ingress_segment_ms: int = Field(600_000, ge=100, description=(
        "Segment roll of the input topics: how soon handled input leaves the broker's files."))
    keys_segment_ms: int = Field(600_000, ge=100, description=(
        "Segment roll of the keys topic: how soon a destroyed key can be compacted away."))
    batch_max: int = Field(500, ge=1, description="Input messages handled (and embedded) together.")
    batch_within_s: float = Field(0.2, gt=0)
    session_timeout_s: float = Field(10.0, gt=0)
    heartbeat_s: float = Field(1.0, gt=0)
    commit_interval_s: float = Field(0.5, gt=0, description=(
        "faust's commit timer; input offsets are committed by each partition's transaction, not by faust."))
    web_host: str = Field("127.0.0.1", description="Where this worker's HTTP API listens.")
    web_advertised_host: str | None = Field(None, description="How other workers reach this one (routing); default web_host.")
    web_port: int = Field(6066, ge=0, le=65_535)
    publish_retries: int = Field(30, ge=0, description=(
        "Transactions tried for a batch (each failure aborts it and rebuilds the partition's store) "
        "before the worker stops without acknowledging it."))
    transaction_timeout_s: float = Field(30.0, gt=0, description=(
        "How long one transaction step may take before it is abandoned (and aborted); also the "
        "broker's timeout for a transaction its producer left open."))

    @field_validator("broker")
    @classmethod
    def _broker_form(cls, value: str) -> str:
        bootstrap_of(value)
        return value

    def environment(self) -> dict[str, str]:
        """These settings as MEMSTREAM_KAFKA_* variables: how to hand them to a worker process."""
        return {f"MEMSTREAM_KAFKA_{name.upper()}": str(value)
                for name, value in self.model_dump(exclude_none=True).items()}

    @property
    def bootstrap(self) -> str:
        return bootstrap_of(self.broker)
