"""One input partition's state store on a worker: an engine directory of its own, and the changelog
position it reflects (as Kafka Streams and quixstreams keep one store per partition with its
changelog offset).

    DIR/partitions/<p>/engine/          the embedded engine holding the partition's subjects
    DIR/partitions/<p>/changelog.json   {"events": next events-topic offset to read,
                                         "position": local log entries that are on the changelog,
                                         "keys": the key store's creation counter at that moment}

The marker is written only after a Kafka transaction that published the store's changes has
committed (or after a restore, with what the changelog held). A store whose log or key store went
further than its marker holds writes that never reached the changelog (a crash between the local
write and the commit, or an aborted transaction): it is not trusted, and is deleted and rebuilt
from its partition of the changelog.
"""
from __future__ import annotations

import json
import logging
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.embedder import Embedder
from engine.errors import CorruptDataError
from engine.facade import MemoryEngine

log = logging.getLogger("memstream.kafka")

PARTITIONS_DIR = "partitions"
MARKER = "changelog.json"


def write_json_atomically(path: Path, data: Any) -> None:
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w") as fh:
        json.dump(data, fh)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
    fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def partition_dirs(data_dir: Path) -> dict[int, Path]:
    """The partition stores a worker directory holds on disk, by partition."""
    root = Path(data_dir) / PARTITIONS_DIR
    if not root.is_dir():
        return {}
    return {int(p.name): p for p in root.iterdir() if p.is_dir() and p.name.isdigit()}


@dataclass
class PartitionStore:
    partition: int
    dir: Path
    engine: MemoryEngine
    events_offset: int = 0  # the next offset of the events topic this store has not seen
    published: int = 0  # local log entries known to be on the changelog
    resumed: bool = False  # opened from a trusted directory (not created empty)
    pending_keys: list[tuple[str, bytes | None]] = field(default_factory=list)

    @property
    def rt(self) -> Any:
        return self.engine.runtime

    @classmethod
    def open(cls, data_dir: Path, partition: int, *, embedder: Embedder | None = None) -> "PartitionStore":
        """The partition's store: the trusted one on disk, or a new empty one (an untrusted one on
        disk is deleted first)."""
        path = Path(data_dir) / PARTITIONS_DIR / str(partition)
        factory = {"embedder": embedder} if embedder is not None else {}
        marker = _read_marker(path / MARKER)
        engine = None
        if (path / "engine").exists():
            try:
                engine = MemoryEngine.open(path / "engine", **factory)
            except CorruptDataError as exc:
                # The local store is a cache of the changelog: a damaged one is rebuilt from it.
                log.warning("partition %d: local store %s is damaged (%s: %s); rebuilding it from the changelog",
                            partition, path, type(exc).__name__, exc)
        if engine is not None:
            rt = engine.runtime
            if marker is not None and marker["position"] == rt.position() and marker["keys"] == rt.key_watermark():
                store = cls(partition, path, engine, events_offset=marker["events"],
                            published=marker["position"], resumed=True)
                store._listen()
                return store
            engine.close()
            log.warning("partition %d: local store %s holds writes that never reached the changelog "
                        "(or no changelog position); rebuilding it from the changelog", partition, path)
        if path.exists():
            shutil.rmtree(path)
        path.mkdir(parents=True)
        store = cls(partition, path, MemoryEngine.open(path / "engine", **factory))
        store._listen()
        store.save()
        return store

    def _listen(self) -> None:
        self.rt.keys.listener = lambda name, value: self.pending_keys.append((name, value))

    def save(self) -> None:
        """Records that everything up to `published` (and the key store as it is) is on the changelog."""
        write_json_atomically(self.dir / MARKER, {"events": self.events_offset, "position": self.published,
                                                  "keys": self.rt.key_watermark()})

    def unpublished(self) -> bool:
        return bool(self.pending_keys) or self.rt.position() > self.published

    def close(self) -> None:
        self.rt.keys.listener = None
        self.engine.close()

    def delete(self) -> None:
        """Closes the store and removes its directory (the partition went to another worker, or the
        store holds writes that were never committed)."""
        try:
            self.close()
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


def _read_marker(path: Path) -> dict[str, int] | None:
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not all(isinstance(data.get(k), int) for k in ("events", "position", "keys")):
        return None
    return data


def worker_view_digest(data_dir: Path, partitions: int | None = None) -> str:
    """The view digest of a (stopped) worker's directory: every partition store it holds, taken as
    one view. `partitions` (the topics' count) also checks that each subject sits in its own
    partition's store."""
    from engine.digest import view_digest
    from streams.kafka.topics import partition_of, subject_key

    states = []
    engines = []
    try:
        for p, path in sorted(partition_dirs(data_dir).items()):
            engines.append(engine := MemoryEngine.open(path / "engine"))
            for subject in engine.runtime.subjects():
                if partitions is not None and partition_of(subject_key(*subject), partitions) != p:
                    raise AssertionError(f"subject {subject} is in the store of partition {p}")
                states.append(engine.runtime.state(*subject))
        return view_digest(states)
    finally:
        for engine in engines:
            engine.close()
