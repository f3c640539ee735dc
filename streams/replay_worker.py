"""A replay worker: folds the subjects of one shard of a log (streams.replay_shards), then writes their
view digest chunks and its state store's content as one sorted table file.

    python -m streams.replay_worker SPEC_JSON INDEX

It prints the count of log entries it handled, now and then, one number a line; its exit status is
0 only when everything it was to write is written.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from rocksdict import SstFileWriter

from engine.digest import collector_paused, subject_chunk
from engine.processor import OFFLINE
from engine.settings import Settings
from streams.embedded import EmbeddedRuntime
from streams.replay_shards import ShardMismatch, package_root, write_chunks
from streams.rocks import IDENTITY_KEY, options


def main(spec_path: Path, index: int) -> int:
    spec = json.loads(spec_path.read_text())
    if package_root() != spec["package_root"]:
        raise ShardMismatch(f"this worker runs memstream from {package_root()}, the replay from {spec['package_root']}")
    workdir, shards, end = Path(spec["workdir"]), spec["shards"], spec["end"]
    source = Path(spec["source"])
    report_every = spec["report_every"]
    # Its store is thrown away once read: nothing is gained by syncing its writes.
    settings = Settings.model_validate_json(spec["settings"]).model_copy(update={"sync_writes": False})

    def no_embedder():
        raise RuntimeError("a replay folds without embedding")

    pending = [0]

    def report(n: int) -> None:
        pending[0] += n
        if pending[0] >= report_every:
            if os.getppid() != spec["parent"]:
                os._exit(3)  # the replay's process is gone (killed outright): nobody waits for this fold
            sys.stdout.write(f"{pending[0]}\n")
            sys.stdout.flush()
            pending[0] = 0

    rt = EmbeddedRuntime(workdir / f"shard-{index}", settings, no_embedder, log_dir=source / "log",
                         keys_dir=source / "keys", replay=True, deciders=OFFLINE, shard=(index, shards))
    if rt.log.next_seq < end:
        raise ShardMismatch(f"the log ends at {rt.log.next_seq}, before {end}")
    handled = rt.process(decide=False, embed=False, progress=report, limit=end - rt.store.offset())
    chunks = workdir / f"shard-{index}.chunks"
    with collector_paused():
        write_chunks(chunks, ((s, part if type(part) is bytes else subject_chunk(part))
                              for s, part in rt.digest_parts_by_subject()))
    table = workdir / f"shard-{index}.sst"
    written = 0
    writer = SstFileWriter(options(create=True))
    writer.open(str(table))
    for key, value in rt.store.db.items():
        if key == b"o" or key == IDENTITY_KEY:
            continue
        writer[key] = value
        written += 1
    if written:
        writer.finish()
    sys.stdout.write(f"{pending[0]}\n")
    sys.stdout.flush()
    (workdir / f"shard-{index}.json").write_text(json.dumps(
        {"handled": handled, "table": str(table) if written else None, "chunks": str(chunks),
         "peak_rss_mb": _peak_rss_mb()}))
    # What the worker holds (its store, its subjects) is thrown away with its directory: an exit
    # without closing or freeing anything, which would take a good part of a second.
    os._exit(0)


def _peak_rss_mb() -> float | None:
    """This interpreter's own peak RSS (VmHWM; ru_maxrss would count the replay's process too: a new
    process is a fork of it until it runs this interpreter)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), int(sys.argv[2])))
