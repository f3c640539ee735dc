"""`memstream doctor`: a data directory checked end to end, without writing to it; and the one repair
that needs no backup, rebuilding the derived state store from the log and the keys.

What is checked:
  - every store opens, and every block of it reads back with a valid checksum (a full pass);
  - the log's entries are numbered 0, 1, 2 ... without a gap, each is a valid event, and its id
    index holds one entry per event;
  - the key store is not behind the log (the keys' watermark the log recorded at its last append);
  - the state's offset lies within the log;
  - every key the log still needs exists: a key that sealed content in the log and that no event
    destroyed (a forget, an expiry, a merge, a retention expiry, a subject forget logged after the
    content) is lost, not forgotten.

Read-only: stores are opened read-only (rocksdict rewrites its own rocksdict-config.json with the
same bytes when it opens a store; nothing else is touched), and a directory that a running process
holds is refused rather than read while it changes.
"""
from __future__ import annotations

import json
import os
import struct
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from engine.crypto import subject_of
from engine.errors import DamagedStoreError, DataDirError, DataDirLockedError
from engine.projector import apply
from engine.state import SubjectState
from schemas.events import Event
from streams import datadir
from streams.codec import needed_keys
from streams.keystore import newest as _newest
from streams.rocks import Store, advice, open_db

_N = struct.Struct(">Q")
_COUNTER_KEY = b"\x00counter"  # streams.keystore's


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

    def found(store: str, problem: str) -> None:
        findings.append(Finding(store, problem, advice(store, data_dir)))

    stores: dict[str, Store] = {}
    try:
        for name in datadir.STORES:
            try:
                stores[name] = open_db(data_dir / name, read_only=True, create=False, store=name, data_dir=data_dir)
            except DamagedStoreError as exc:
                found(name, exc.problem)
        log = _check_log(stores.get("log"), found, findings.facts)
        keys_watermark = _check_keys(stores.get("keys"), found, findings.facts)
        _check_state(stores.get("state"), found, findings.facts)
        if log is not None:
            next_seq, needed, destroyed, forgets, recorded_watermark = log
            offset = findings.facts.get("state_offset")
            if isinstance(offset, int) and offset > next_seq:
                found("log", f"the state has processed {offset} log entries, but the log holds only {next_seq}: "
                             "the log lost its newest entries")
            if keys_watermark is not None and recorded_watermark is not None and keys_watermark < recorded_watermark:
                found("keys", f"the log's entries need keys numbered up to {recorded_watermark - 1}, but the key "
                              f"store's newest is {_newest(keys_watermark)}: its newest "
                              f"{recorded_watermark - keys_watermark} key(s) are gone")
            if "keys" in stores and not any(f.store == "keys" for f in findings):
                lost = _lost_keys(stores["keys"], needed, destroyed, forgets)
                findings.facts["keys_needed"] = len(needed)
                findings.facts["keys_destroyed_by_events"] = len(destroyed)
                if lost:
                    shown = ", ".join(lost[:3]) + (f" and {len(lost) - 3} more" if len(lost) > 3 else "")
                    found("keys", f"{len(lost)} data key(s) the log needs are gone although no forget, expiry or "
                                  f"merge destroyed them: their content is lost, not forgotten ({shown})")
    finally:
        for store in stores.values():
            try:
                store.close()
            except Exception:
                pass
    return findings


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
    """(next seq, needed keys by first seq, destroyed key names, subject forgets, keys watermark)."""
    if store is None:
        return None
    counts = _full_pass(store, found, "log")
    if counts is None:
        return None
    needed: dict[str, int] = {}
    destroyed: set[str] = set()
    forgets: dict[tuple[str, str], list[int]] = {}
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
                refs = needed_keys(json.loads(raw))
            except Exception:
                bad.append(seq)
                it.next()
                continue
            for ref in refs:
                needed.setdefault(ref.storage_key(), seq)
            if event.payload.type == "subject_forgotten":
                forgets.setdefault((event.tenant_id, event.user_id), []).append(seq)
            else:
                try:
                    for ref in apply(SubjectState(event.tenant_id, event.user_id), event):
                        destroyed.add(ref.storage_key())
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
    return expected, needed, destroyed, forgets, watermark


def _check_keys(store: Store | None, found, facts: dict) -> int | None:
    if store is None:
        return None
    counts = _full_pass(store, found, "keys")
    if counts is None:
        return None
    raw = store.get(_COUNTER_KEY)
    facts["keys_held"] = sum(counts.values()) - (1 if raw else 0)
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


def _lost_keys(keys: Store, needed: dict[str, int], destroyed: set[str],
               forgets: dict[tuple[str, str], list[int]]) -> list[str]:
    lost = []
    for name, seq in sorted(needed.items(), key=lambda item: item[1]):
        if name in destroyed:
            continue
        try:
            subject = subject_of(name)
        except ValueError:
            subject = None
        if subject is not None and any(seq < at for at in forgets.get(subject, ())):
            continue
        if keys.get(name.encode()) is None:
            lost.append(name)
    return lost


def rebuild_state(data_dir: Path) -> Path | None:
    """Sets `state/` aside as `state.damaged-<UTC time>` and creates an empty state store in its
    place; opening the directory then rebuilds the state from the log and the keys (each turn's
    logged decisions folded, not decided again). Refused while the directory is in use, and when
    the log or the keys are damaged themselves (then only a backup helps)."""
    data_dir = Path(data_dir)
    layout = _layout(data_dir)
    _refuse_if_in_use(data_dir, layout.stores)
    for name in ("log", "keys"):
        store = open_db(data_dir / name, read_only=True, create=False, store=name, data_dir=data_dir)
        try:
            for _ in store.items():  # every block read: a damaged store raises, typed
                pass
        finally:
            store.close()
    state = data_dir / "state"
    aside = None
    if state.exists():
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        aside = data_dir / f"state.damaged-{stamp}"
        try:
            os.rename(state, aside)
        except OSError as exc:
            raise DataDirError(f"cannot set {state} aside: {exc.strerror or exc}") from None
    open_db(state, create=True, store="state", data_dir=data_dir).close()
    if layout.adopt:
        datadir.write_manifest(data_dir, datadir.STORES)
    return aside
