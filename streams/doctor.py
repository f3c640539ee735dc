"""`memstream doctor`: a data directory checked end to end, without writing to it; and the one repair
that needs no backup, rebuilding the derived state store from the log and the keys.

What is checked:
  - every store is there (its directory and its CURRENT file), opens, and every block of it reads
    back with a valid checksum (a full pass);
  - every store is the directory's own: it carries the id in the directory's manifest (a store
    copied in from another directory is named, and not compared with the others);
  - the log's entries are numbered 0, 1, 2 ... without a gap, each is a valid event, and its id
    index holds one entry per event;
  - the key store is not behind the log (the keys' watermark the log recorded at its last append);
  - the state's offset lies within the log, and the state folded the entry its offset names (a
    state made from another log did not);
  - every key the log still needs exists: a key that sealed content in the log and that no event
    destroyed (a forget, an expiry, a merge, a retention expiry, a subject forget logged after the
    content) is lost, not forgotten.

Read-only: RocksDB and rocksdict write even when they open a store read-only (rocksdict rewrites its
rocksdict-config.json; a failed open leaves LOCK and LOG files), so doctor opens each store from a
scratch view outside the directory (streams.doctor._ScratchView), removed afterwards; nothing in the
directory changes, not even a file's time. A directory that a running process holds is refused
rather than read while it changes.
"""
from __future__ import annotations

import json
import os
import shutil
import struct
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterator

from engine.errors import DamagedStoreError, DataDirError, DataDirLockedError, MissingStoreError
from schemas.events import Event
from streams import datadir
from streams.codec import KeyNeeds
from streams.keystore import newest as _newest
from streams.rocks import Store, advice, open_db, translate

_N = struct.Struct(">Q")
_COUNTER_KEY = b"\x00counter"  # streams.keystore's
#: Files RocksDB never changes once written: the scratch view links to them instead of copying.
_IMMUTABLE = (".sst", ".blob")


@dataclass(frozen=True)
class Finding:
    """Something wrong with one store, and what to do about it."""

    store: str
    problem: str
    advice: str

    def __str__(self) -> str:
        return f"[{self.store}] {self.problem}. {self.advice}"


class Findings(list):
    """The findings (a list, empty when the directory is healthy) and what was counted on the way."""

    def __init__(self) -> None:
        super().__init__()
        self.facts: dict[str, object] = {}


def _refuse_if_in_use(data_dir: Path, stores: tuple[str, ...]) -> None:
    for name in stores:
        holders = datadir.lock_holders(data_dir / name)
        if holders:
            raise DataDirLockedError(
                f"{data_dir} is in use by process {holders[0]}: another memstream process (or an engine in this "
                "process) holds it; stop it, then run doctor again (a store read while it changes would give "
                "false findings)")


class _ScratchView:
    """Each store of a data directory as a scratch directory outside it: symbolic links to its table
    files (never changed once written) and copies of the few files RocksDB may write when it opens a
    store, even read-only (CURRENT, MANIFEST-*, OPTIONS-*, the WAL). RocksDB (and rocksdict, which
    rewrites its rocksdict-config.json at every open, and leaves LOCK and LOG files where an open
    fails) is pointed at the scratch copy only, so no byte, name or time in the data directory changes."""

    def __init__(self, data_dir: Path, root: Path):
        self.data_dir, self.root = data_dir, root

    def open(self, name: str) -> Store:
        src = self.data_dir / name
        try:
            if not src.exists():
                raise MissingStoreError(name, src, "its directory is missing", advice(name, self.data_dir))
            if not src.is_dir():
                raise MissingStoreError(name, src, "it is a file, not a store directory", advice(name, self.data_dir))
            if not (src / "CURRENT").is_file():
                raise MissingStoreError(name, src, "its CURRENT file is missing (RocksDB cannot tell which of its "
                                        "files hold the data)", advice(name, self.data_dir))
            dst = self.root / name
            dst.mkdir()
            for entry in os.scandir(src):
                if entry.name == "LOCK" or entry.name.startswith("LOG") or not entry.is_file(follow_symlinks=False):
                    continue
                if entry.name == "rocksdict-config.json":
                    continue  # rocksdict's own, rewritten at every open; memstream opens in raw mode
                if entry.name.endswith(_IMMUTABLE):
                    os.symlink(os.path.abspath(entry.path), dst / entry.name)  # the view lives elsewhere
                else:
                    shutil.copyfile(entry.path, dst / entry.name)
        except OSError as exc:
            raise translate(exc, name, src, self.data_dir) from None
        return open_db(dst, read_only=True, create=False, store=name, data_dir=self.data_dir)

    def mend(self, text: str) -> str:
        """A message about a scratch copy, naming the data directory's file instead."""
        return text.replace(str(self.root), str(self.data_dir))


@contextmanager
def _scratch_view(data_dir: Path) -> Iterator[_ScratchView]:
    try:
        root = Path(tempfile.mkdtemp(prefix="memstream-doctor-"))
    except OSError as exc:
        raise DataDirError(f"cannot make a scratch directory for doctor in {tempfile.gettempdir()}: "
                           f"{exc.strerror or exc} (set TMPDIR to a writable directory)") from None
    try:
        yield _ScratchView(data_dir, root)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _layout(data_dir: Path) -> datadir.Layout:
    layout = datadir.inspect(data_dir)
    if layout.new:
        raise DataDirError(f"{data_dir} holds no memstream data directory (check --data-dir)")
    if "log" not in layout.stores:
        raise DataDirError(f"{data_dir} holds a view replayed from another directory's log: check the directory "
                           "it was replayed from" + (f" ({layout.replayed_from})" if layout.replayed_from else ""))
    return layout


def check(data_dir: Path) -> Findings:
    data_dir = Path(data_dir)
    layout = _layout(data_dir)
    _refuse_if_in_use(data_dir, layout.stores)
    findings = Findings()
    with _scratch_view(data_dir) as scratch:
        def found(store: str, problem: str) -> None:
            findings.append(Finding(store, scratch.mend(problem), advice(store, data_dir)))

        stores: dict[str, Store] = {}
        try:
            for name in datadir.STORES:
                try:
                    stores[name] = scratch.open(name)
                except DamagedStoreError as exc:
                    found(name, exc.problem)
            _check_stores(stores, layout, found, findings)
        finally:
            for store in stores.values():
                try:
                    store.close()
                except Exception:
                    pass
    return findings


def _check_stores(stores: dict[str, Store], layout: datadir.Layout, found, findings: Findings) -> None:
    facts = findings.facts
    # A store from another directory is named as such, and not compared with the others: what it
    # would disagree on says nothing about this directory's own stores.
    readable = {}
    for name, store in stores.items():
        try:
            store.identity()
            readable[name] = store
        except DamagedStoreError as exc:
            found(name, exc.problem)
    stores = readable
    data_id, foreign, carried = datadir.identities(stores, layout.data_id)
    for name in foreign:
        carries = f"carries the id {carried[name]}" if carried[name] else "carries no data directory id"
        found(name, f"it belongs to another data directory: it {carries}, not this directory's id {data_id}")
    own = {name: store for name, store in stores.items() if name not in foreign}
    log = _check_log(own.get("log"), found, facts)
    keys_watermark = _check_keys(own.get("keys"), found, facts)
    _check_state(own.get("state"), found, facts)
    if log is None:
        return
    next_seq, needs, recorded_watermark = log
    state = own.get("state")
    offset = facts.get("state_offset") if state is not None else None
    if isinstance(offset, int) and offset > next_seq:
        if next_seq > 0 and not _folded(own["log"], state, next_seq - 1):
            found("state", f"the state has processed {offset} log entries, but not this log's last one (entry "
                           f"{next_seq - 1}): it was made from another log (a state store from another directory "
                           "or another time)")
        else:
            found("log", f"the state has processed {offset} log entries, but the log holds only {next_seq}: "
                         "the log lost its newest entries")
    elif isinstance(offset, int) and offset > 0 and not _folded(own["log"], state, offset - 1):
        found("state", f"the state says it processed the log up to entry {offset - 1}, but it never folded that "
                       "entry: it was made from another log (a state store from another directory or another time)")
    if keys_watermark is not None and recorded_watermark is not None and keys_watermark < recorded_watermark:
        found("keys", f"the log's entries need keys numbered up to {recorded_watermark - 1}, but the key "
                      f"store's newest is {_newest(keys_watermark)}: its newest "
                      f"{recorded_watermark - keys_watermark} key(s) are gone")
    if keys_watermark is not None and not any(f.store == "keys" for f in findings):
        keys = own["keys"]
        lost = needs.lost(lambda name: keys.get(name.encode()) is not None)
        facts["keys_needed"] = len(needs.needed)
        facts["keys_destroyed_by_events"] = len(needs.destroyed)
        if lost:
            shown = ", ".join(lost[:3]) + (f" and {len(lost) - 3} more" if len(lost) > 3 else "")
            found("keys", f"{len(lost)} data key(s) the log needs are gone although no forget, expiry or "
                          f"merge destroyed them: their content is lost, not forgotten ({shown})")


def _folded(log: Store, state: Store, seq: int) -> bool:
    """Whether the state folded log entry `seq` in (its event id marked applied) or set it aside as
    a dead letter."""
    raw = log.get(b"e" + _N.pack(seq))
    if raw is not None:
        try:
            event_id = json.loads(raw).get("event_id")
        except (ValueError, AttributeError):
            event_id = None
        if isinstance(event_id, str) and state.get(b"a" + event_id.encode()) is not None:
            return True
    return state.get(b"d" + _N.pack(seq)) is not None


def _full_pass(store: Store, found, name: str) -> dict[bytes, int] | None:
    """Reads every entry (so every block's checksum is verified); counts keys by first byte."""
    counts: dict[bytes, int] = {}
    try:
        for key, _ in store.items():
            counts[key[:1]] = counts.get(key[:1], 0) + 1
    except DamagedStoreError as exc:
        found(name, exc.problem)
        return None
    return counts


def _check_log(store: Store | None, found, facts: dict):
    """(next seq, what the entries say about keys (streams.codec.KeyNeeds), the keys' watermark)."""
    if store is None:
        return None
    counts = _full_pass(store, found, "log")
    if counts is None:
        return None
    needs = KeyNeeds()
    gaps: list[tuple[int, int]] = []
    bad: list[int] = []
    expected = 0
    it = store.iter()
    it.seek(b"e")
    try:
        while it.valid():
            key = it.key()
            if not key.startswith(b"e"):
                break
            seq = _N.unpack(key[1:9])[0]
            if seq != expected:
                gaps.append((expected, seq - 1))
            expected = seq + 1
            raw = it.value()
            try:
                event = Event.model_validate_json(raw)
                needs.add(seq, json.loads(raw), event)
            except Exception:
                bad.append(seq)
            it.next()
    except DamagedStoreError as exc:
        found("log", exc.problem)
        return None
    entries = counts.get(b"e", 0)
    facts["log_entries"] = entries
    for first, last in gaps:
        found("log", f"entries {first} to {last} are missing" if last > first else f"entry {first} is missing")
    if bad:
        found("log", f"{len(bad)} entr{'y is' if len(bad) == 1 else 'ies are'} not valid events "
                     f"(seq {', '.join(map(str, bad[:5]))}{' ...' if len(bad) > 5 else ''})")
    if counts.get(b"i", 0) != entries:
        found("log", f"its id index holds {counts.get(b'i', 0)} ids for {entries} entries")
    raw = store.get(b"k")
    watermark = _N.unpack(raw)[0] if raw else None
    return expected, needs, watermark


def _check_keys(store: Store | None, found, facts: dict) -> int | None:
    if store is None:
        return None
    counts = _full_pass(store, found, "keys")
    if counts is None:
        return None
    raw = store.get(_COUNTER_KEY)
    facts["keys_held"] = sum(n for first, n in counts.items() if first != b"\x00")  # not the counter, nor the id
    return _N.unpack(raw)[0] if raw else 0


def _check_state(store: Store | None, found, facts: dict) -> None:
    if store is None:
        return
    counts = _full_pass(store, found, "state")
    if counts is None:
        return
    raw = store.get(b"o")
    facts["state_offset"] = _N.unpack(raw)[0] if raw else 0
    facts["dead_letters"] = counts.get(b"d", 0)


def rebuild_state(data_dir: Path) -> Path | None:
    """Sets `state/` aside as `state.damaged-<UTC time>` and creates an empty state store in its
    place; opening the directory then rebuilds the state from the log and the keys (each turn's
    logged decisions folded, not decided again). Refused while the directory is in use, and when
    doctor finds anything wrong with the log or the keys (damaged, foreign, behind the log, or lost
    keys): a state rebuilt from them would silently lack what they lost; only a backup helps then."""
    data_dir = Path(data_dir)
    layout = _layout(data_dir)
    _refuse_if_in_use(data_dir, layout.stores)
    for finding in check(data_dir):
        if finding.store in ("log", "keys"):
            raise DamagedStoreError(finding.store, data_dir / finding.store,
                                    f"{finding.problem}; the state was not rebuilt", finding.advice)
    state = data_dir / "state"
    aside = None
    if state.exists():
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        aside = data_dir / f"state.damaged-{stamp}"
        try:
            os.rename(state, aside)
        except OSError as exc:
            raise DataDirError(f"cannot set {state} aside: {exc.strerror or exc}") from None
    store = open_db(state, create=True, store="state", data_dir=data_dir)
    try:
        if layout.data_id is not None:
            store.stamp(layout.data_id)  # the new state is this directory's own
    finally:
        store.close()
    if layout.adopt:
        datadir.write_manifest(data_dir, datadir.STORES)
    return aside
