"""Topic names, message keys and partitioning.

Every memstream message is keyed by its subject, and every topic has the same number of
partitions, so the partition of a subject is the same in every topic (co-partitioning): the worker
that owns it reads its turns and commands and writes its events and keys.
"""
from __future__ import annotations

from dataclasses import dataclass

from aiokafka.partitioner import murmur2

from engine.crypto import subject_of, subject_prefix


def subject_key(tenant_id: str, user_id: str) -> bytes:
    return subject_prefix(tenant_id, user_id).encode()


def subject_of_key(key: bytes) -> tuple[str, str]:
    return subject_of(key.decode())


def partition_of(key: bytes, partitions: int) -> int:
    """Kafka's default partitioner (murmur2, as the Java client and aiokafka compute it)."""
    return (murmur2(key) & 0x7FFFFFFF) % partitions


@dataclass(frozen=True)
class Topics:
    prefix: str = "memstream"

    @property
    def turns(self) -> str:
        return f"{self.prefix}-turns"

    @property
    def commands(self) -> str:
        return f"{self.prefix}-commands"

    @property
    def events(self) -> str:
        return f"{self.prefix}-events"

    @property
    def keys(self) -> str:
        return f"{self.prefix}-keys"

    @property
    def dead_letters(self) -> str:
        return f"{self.prefix}-dead-letters"

    @property
    def api_keys(self) -> str:
        """The HTTP API's keys (streams.kafka.apikeys): compacted, keyed by key id, holding only
        hashes; every worker reads it from the beginning."""
        return f"{self.prefix}-api-keys"

    def configs(self, settings) -> dict[str, dict[str, str]]:
        """Topic configurations. The events topic is the log: kept forever. The keys topic is
        compacted, and eagerly: a destroyed key must leave the broker's files soon. The API keys topic
        is compacted too (one message per API key id)."""
        # Input is plaintext as producers sent it (secrets not yet redacted): workers delete what they
        # have handled, and short segments let the broker drop those bytes from its files soon.
        ingress = {"retention.ms": str(settings.ingress_retention_ms),
                   "segment.ms": str(settings.ingress_segment_ms), "file.delete.delay.ms": "1000"}
        return {
            self.turns: ingress,
            self.commands: ingress,
            self.events: {"retention.ms": "-1", "retention.bytes": "-1"},
            self.keys: {"cleanup.policy": "compact", "min.cleanable.dirty.ratio": "0.01",
                        "segment.ms": str(settings.keys_segment_ms), "delete.retention.ms": "1000",
                        "min.compaction.lag.ms": "0", "file.delete.delay.ms": "1000"},
            self.dead_letters: {},
            # Each message holds a key's whole history (its create entry, and its revoke entry once
            # revoked), so compaction keeping only the latest message per key id loses nothing.
            self.api_keys: {"cleanup.policy": "compact", "min.cleanable.dirty.ratio": "0.1",
                            "retention.ms": "-1", "min.compaction.lag.ms": "0"},
        }
