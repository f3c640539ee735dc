"""A replay of a long log folded by several processes at once, each taking the subjects of one shard.

Folding a subject reads only that subject's events, so the subjects can be split: every worker
reads the whole log, skips the entries of other shards unopened (it reads only the envelope's
tenant and user ids from the raw bytes), and folds its own into a state store of its own. It then
makes its subjects' view digest chunks, in subject order, and writes its store's content as one
sorted table file. The replay's own process waits, takes the table files into its state store
(RocksDB ingests them whole) and merges the chunks into the view digest. One interpreter folds
about 13,000 to 14,500 events a second (decoding, opening sealed content and folding are Python,
and no part of it is half of the whole); two workers on two cores replay about 1.5 times as many
(README, Benchmarks): each also reads and skips the other's entries.

Workers are new interpreters (`python -m streams.replay_worker`), not forks: a fork of a process
that has used RocksDB inherits a background thread pool without its threads.

The split is only a way to fold faster. Whenever a worker does not finish cleanly (a damaged or
undecodable log, a lost key, an entry whose envelope names its subject in a form the split does not
expect, a worker killed), its output is thrown away and the caller replays in one process, which
meets whatever stopped the worker as a one-process replay does (the same typed error, the same dead
letters).
"""
from __future__ import annotations

import json
import logging
import os
import re
import selectors
import shutil
import subprocess
import sys
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

log = logging.getLogger("memstream.replay")

Subject = tuple[str, str]

#: The envelope's subject as encode_event writes it (json.dumps: compact, ids JSON-escaped, the
#: envelope's fields before the payload's).
_SUBJECT = re.compile(rb'"tenant_id":"((?:[^"\\]|\\.)*)","user_id":"((?:[^"\\]|\\.)*)"')

#: Progress is reported every this many entries a worker handled.
_REPORT_EVERY = 2_000


def shard_of_raw(raw: bytes, shards: int) -> int:
    """The shard of a logged entry, read from its raw bytes. An entry whose subject cannot be read
    goes to shard 0 (where it is decoded, and set aside if it is malformed)."""
    m = _SUBJECT.search(raw)
    if m is None:
        return 0
    return zlib.crc32(m.group(1) + b"\x00" + m.group(2)) % shards


def shard_of(tenant_id: str, user_id: str, shards: int) -> int:
    """The shard of a subject: the same as `shard_of_raw` gives its entries as encode_event writes them."""
    key = json.dumps(tenant_id)[1:-1].encode() + b"\x00" + json.dumps(user_id)[1:-1].encode()
    return zlib.crc32(key) % shards


class ShardMismatch(Exception):
    """An entry decoded to a subject of another shard than its raw bytes were read as."""


# -- digest chunks on disk -------------------------------------------------------------------------
def _write_str(fh, text: str) -> None:
    b = text.encode()
    fh.write(len(b).to_bytes(4, "big"))
    fh.write(b)


def write_chunks(path: Path, parts: Iterator[tuple[Subject, bytes]]) -> None:
    with open(path, "wb") as fh:
        for (tenant, user), chunk in parts:
            _write_str(fh, tenant)
            _write_str(fh, user)
            fh.write(len(chunk).to_bytes(8, "big"))
            fh.write(chunk)


def read_chunks(path: Path) -> Iterator[tuple[Subject, bytes]]:
    with open(path, "rb") as fh:
        while head := fh.read(4):
            tenant = fh.read(int.from_bytes(head, "big")).decode()
            user = fh.read(int.from_bytes(fh.read(4), "big")).decode()
            chunk = fh.read(int.from_bytes(fh.read(8), "big"))
            yield (tenant, user), chunk


# -- the replay's process ---------------------------------------------------------------------------
@dataclass
class ShardsDone:
    """What the workers left: table files to ingest (one a worker that wrote anything), the digest
    chunk files (each in subject order) and how many log entries they handled together."""
    tables: list[Path]
    chunks: list[Path]
    handled: int
    peak_rss_mb: list[float | None]


def package_root() -> str:
    import streams

    return str(Path(streams.__file__).resolve().parent.parent)


def run(source: Path, settings_json: str, end: int, shards: int, workdir: Path,
        progress: Callable[[int], None] | None) -> ShardsDone | None:
    """Folds the log's entries below `end` in `shards` worker processes, writing under `workdir`.
    Returns None when a worker did not finish cleanly (the caller replays in one process)."""
    spec = {"source": str(source), "settings": settings_json, "end": end, "shards": shards,
            "workdir": str(workdir), "report_every": _REPORT_EVERY, "package_root": package_root(),
            "parent": os.getpid()}
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_root(), env.get("PYTHONPATH")) if p)
    procs: list[subprocess.Popen] = []
    errs = []
    try:
        try:
            (workdir / "spec.json").write_text(json.dumps(spec))
            for i in range(shards):
                err = open(workdir / f"shard-{i}.err", "wb")
                errs.append(err)
                procs.append(subprocess.Popen(
                    # -P: the worker imports memstream from where this process did, never from its
                    # working directory (another checkout there would fold with other code).
                    [sys.executable, "-P", "-m", "streams.replay_worker", str(workdir / "spec.json"), str(i)],
                    stdout=subprocess.PIPE, stderr=err, stdin=subprocess.DEVNULL, env=env))
        except OSError as exc:  # no memory, no processes left, no disk space
            log.warning("replay workers could not be started, replaying in one process: %s", exc)
            return None
        failed = _relay_progress(procs, progress)
    finally:
        # Whatever ended the wait (a worker that stopped, Ctrl-C, an error here), none outlives it.
        for p in procs:
            if p.poll() is None:
                p.kill()
        for p in procs:
            p.wait()
            if p.stdout is not None:
                p.stdout.close()
        for err in errs:
            err.close()
    if failed is not None:
        code = procs[failed].returncode
        try:
            tail = (workdir / f"shard-{failed}.err").read_bytes()[-600:].decode(errors="replace").strip()
        except OSError:
            tail = ""
        log.warning("replay worker %d of %d stopped (exit %d), replaying in one process: %s",
                    failed, shards, code, tail.splitlines()[-1] if tail else "no message")
        return None
    tables, chunks, handled, rss = [], [], 0, []
    try:
        for i in range(shards):
            done = json.loads((workdir / f"shard-{i}.json").read_text())
            handled += done["handled"]
            if done["table"]:
                tables.append(Path(done["table"]))
            chunks.append(Path(done["chunks"]))
            rss.append(done["peak_rss_mb"])
    except (OSError, ValueError, KeyError, TypeError) as exc:  # a worker exited 0 without its report
        log.warning("a replay worker left no readable report, replaying in one process: %s", exc)
        return None
    log.info("replay folded by %d worker processes (peak RSS %s MiB)", shards,
             ", ".join("?" if r is None else f"{r:,.0f}" for r in rss), extra={"worker_peak_rss_mb": rss})
    return ShardsDone(tables, chunks, handled, rss)


def _relay_progress(procs: list[subprocess.Popen], progress: Callable[[int], None] | None) -> int | None:
    """Reads the workers' progress lines (a count of entries each) until every worker has closed
    its output and exited. Returns the index of the first worker that stopped otherwise than
    cleanly (the others are not waited for then), or None."""
    sel = selectors.DefaultSelector()
    partial: dict[int, bytes] = {}
    for i, p in enumerate(procs):
        sel.register(p.stdout, selectors.EVENT_READ, i)
    try:
        while sel.get_map():
            for key, _ in sel.select():
                data = os.read(key.fd, 65536)
                if not data:
                    sel.unregister(key.fileobj)
                    key.fileobj.close()
                    if procs[key.data].wait() != 0:
                        return key.data
                    continue
                lines = (partial.pop(key.fd, b"") + data).split(b"\n")
                partial[key.fd] = lines.pop()
                if progress is not None:
                    n = sum(int(line) for line in lines if line.strip().isdigit())
                    if n:
                        progress(n)
    finally:
        sel.close()
    return None


def merged_chunks(paths: list[Path]) -> Iterator[bytes]:
    """Every subject's digest chunk, in subject order, from the workers' files (each in that order)."""
    import heapq

    for _, chunk in heapq.merge(*(read_chunks(p) for p in paths), key=lambda item: item[0]):
        yield chunk


def new_workdir(target: Path) -> Path:
    """Where the workers write (inside the replay's target: the disk it writes to anyway); removed
    by the caller once the view digest is made."""
    return Path(tempfile.mkdtemp(prefix=".memstream-replay-shards-", dir=target))


def remove_workdir(path: Path | None) -> None:
    if path is not None:
        shutil.rmtree(path, ignore_errors=True)
