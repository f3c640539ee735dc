"""What a data directory is: new, or memstream's (with the stores it was created with).

A data directory is marked as memstream's by its manifest, `memstream.json`, written last when the
directory is created (after its stores exist). From then on its stores are opened, never created:
a store that is missing or damaged in an existing directory is reported (streams.rocks), so a lost
`keys/` or `log/CURRENT` can no longer be papered over by a fresh empty store.

Directories made before the manifest existed (a FORMAT file and stores, no manifest) are adopted:
their stores are opened without creating any, and the manifest is written once all of them opened.
A directory is new when none of its stores holds data: nothing exists, or a creation was
interrupted before anything was written.

Each directory has an id (in its manifest), and each of its stores carries it (a reserved key,
streams.rocks.IDENTITY_KEY, written when the store is created): a `keys/`, `log/` or `state/`
copied in from another directory carries another id (or none) and is refused by name. A directory
from before ids is given one once its stores passed every other check at an open: the stores are
stamped first, then the manifest names the id.
"""
from __future__ import annotations

import json
import os
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from engine.errors import DataDirError, ForeignStoreError
from streams.rocks import Store, advice, translate

FORMAT = "memstream-data 1"
MANIFEST = "memstream.json"
STORES = ("keys", "log", "state")


@dataclass(frozen=True)
class Layout:
    """new: create every store. Otherwise `stores` must all exist and open; adopt: a directory from
    before manifests, whose manifest is written once its stores opened."""

    new: bool
    stores: tuple[str, ...] = STORES
    adopt: bool = False
    replayed_from: str | None = None
    #: the directory's id from its manifest (None: new, or made before ids)
    data_id: str | None = None
    created_at: str | None = None


def _exists(path: Path, data_dir: Path, store: str = "data") -> bool:
    try:
        return path.exists()
    except OSError as exc:  # e.g. a name longer than the file system allows
        raise translate(exc, store, path, data_dir) from None


def holds_data(store_dir: Path) -> bool:
    """Whether a RocksDB directory holds anything written: a table file, or a WAL with records."""
    try:
        entries = list(os.scandir(store_dir))
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise translate(exc, store_dir.name, store_dir, store_dir.parent) from None
    for entry in entries:
        if entry.name.endswith(".sst"):
            return True
        if entry.name.endswith(".log") and entry.name[:-4].isdigit() and entry.stat().st_size > 0:
            return True
    return False


def read_manifest(data_dir: Path) -> dict | None:
    path = data_dir / MANIFEST
    if not _exists(path, data_dir):
        return None
    try:
        manifest = json.loads(path.read_text())
        if not isinstance(manifest, dict) or not isinstance(manifest.get("stores"), list):
            raise ValueError("not a manifest")
    except (OSError, ValueError) as exc:
        raise DataDirError(f"{path} is unreadable ({exc}): restore the data directory from a backup, or, "
                           f"if the directory is intact, write it again: {{\"format\": \"{FORMAT}\", "
                           f"\"stores\": [\"keys\", \"log\", \"state\"]}}") from None
    return manifest


def inspect(data_dir: Path) -> Layout:
    """What `data_dir` is, read without writing anything. Raises DataDirError when it cannot be
    memstream's (a file, another format)."""
    data_dir = Path(data_dir)
    if not _exists(data_dir, data_dir):
        return Layout(new=True)
    if not data_dir.is_dir():
        raise DataDirError(f"{data_dir} is a file; give a directory for memstream's data")
    manifest = read_manifest(data_dir)
    marker = data_dir / "FORMAT"
    found = manifest.get("format") if manifest is not None else None
    if found is None and _exists(marker, data_dir):
        try:
            found = marker.read_text().strip()
        except OSError as exc:
            raise translate(exc, "data", marker, data_dir) from None
    if found is not None and found != FORMAT:
        raise DataDirError(f"{data_dir} holds {found!r}; this memstream reads {FORMAT!r}")
    if manifest is not None:
        stores = tuple(s for s in manifest["stores"] if s in STORES)
        data_id = manifest.get("id")
        return Layout(new=False, stores=stores, replayed_from=manifest.get("replayed_from"),
                      data_id=data_id if isinstance(data_id, str) and data_id else None,
                      created_at=manifest.get("created_at"))
    present = [s for s in STORES if _exists(data_dir / s, data_dir)]
    if not any(holds_data(data_dir / s) for s in present):
        return Layout(new=True)
    if "state" in present and "log" not in present and "keys" not in present:
        return Layout(new=False, stores=("state",), adopt=True, replayed_from="")
    return Layout(new=False, adopt=True)


def new_id() -> str:
    return uuid.uuid4().hex


def write_manifest(data_dir: Path, stores: tuple[str, ...], replayed_from: Path | str | None = None, *,
                   data_id: str | None = None, created_at: str | None = None) -> None:
    """Marks the directory as memstream's (atomically: a temporary file renamed, then synced)."""
    body = {"format": FORMAT, "stores": sorted(stores),
            "created_at": created_at or datetime.now(timezone.utc).isoformat(timespec="seconds")}
    if data_id is not None:
        body["id"] = data_id
    if replayed_from is not None:
        body["replayed_from"] = str(replayed_from)
    path = data_dir / MANIFEST
    tmp = data_dir / (MANIFEST + ".tmp")
    try:
        with open(tmp, "w") as fh:
            fh.write(json.dumps(body, indent=2) + "\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
        fd = os.open(data_dir, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as exc:
        raise translate(exc, "data", path, data_dir) from None


def write_format(data_dir: Path) -> None:
    """The FORMAT file older memstream versions read (written first, as they did)."""
    marker = data_dir / "FORMAT"
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        if not marker.exists():
            marker.write_text(FORMAT + "\n")
    except OSError as exc:
        raise translate(exc, "data", marker, data_dir) from None


def lock_holders(store_dir: Path) -> list[int]:
    """Process ids holding the RocksDB lock of a store (Linux: read from /proc/locks, which takes no
    lock itself). Empty when nobody holds it, or where /proc/locks does not exist."""
    try:
        st = os.stat(store_dir / "LOCK")
        lines = Path("/proc/locks").read_text().splitlines()
    except OSError:
        return []
    want = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"
    holders = []
    for line in lines:
        parts = line.split()
        # "1: POSIX  ADVISORY  WRITE 1234 08:01:5678 0 EOF" ("->" marks a blocked waiter)
        if "->" in parts:
            continue
        for i, part in enumerate(parts):
            if part.count(":") == 2 and i > 0:
                if part.lower() == want and parts[i - 1].isdigit():
                    holders.append(int(parts[i - 1]))
                break
    return holders


def identities(stores: dict[str, Store], expected: str | None) -> tuple[str | None, list[str], dict[str, str | None]]:
    """(the directory's id, the stores that carry another, what each carries). `expected`: the
    manifest's id; None for a directory from before ids, whose stamped stores must then agree with
    each other (the log's stamp, else the keys', names the directory)."""
    found = {name: store.identity() for name, store in stores.items()}
    if expected is not None:
        return expected, [n for n in STORE_ORDER if n in found and found[n] != expected], found
    stamped = {n: i for n, i in found.items() if i}
    if not stamped:
        return None, [], found
    ref = next(stamped[n] for n in STORE_ORDER if n in stamped)
    return ref, [n for n in STORE_ORDER if n in stamped and stamped[n] != ref], found


#: The order in which stores are named when several are wrong: the record first.
STORE_ORDER = ("log", "keys", "state")


def check_identity(stores: dict[str, Store], expected: str | None) -> str | None:
    """Raises ForeignStoreError naming the first store (log, keys, state) that belongs to another
    data directory; returns the directory's id (None: a directory from before ids, none stamped)."""
    data_id, foreign, found = identities(stores, expected)
    if foreign:
        first = stores[foreign[0]]
        raise ForeignStoreError(first.name, first.path, found[foreign[0]], data_id,
                                advice(first.name, first.data_dir), others=tuple(foreign[1:]))
    return data_id
