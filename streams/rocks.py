"""Opening RocksDB directories (through rocksdict) with the options memstream relies on, and the one
place where RocksDB's untyped errors become typed memstream errors.

Every store is opened with paranoid checks and a WAL recovery mode that tolerates only a torn last
record (what a process killed in the middle of a write leaves); a WAL garbled anywhere else fails the
open instead of being replayed up to the damage and silently dropping the rest (RocksDB's default).
Iterators are wrapped so that one that stops on an error (a block whose checksum fails) raises
instead of looking like the end of the data. An existing store is opened with create_if_missing off:
a store whose files are gone is reported, never created afresh over what is left.
"""
from __future__ import annotations

import errno
from pathlib import Path
from typing import Iterator

from rocksdict import AccessType, DBRecoveryMode, IngestExternalFileOptions, Options, Rdict, WriteBatch, WriteOptions

from engine.errors import (
    DamagedStoreError,
    DataDirError,
    DataDirLockedError,
    DataDirPermissionError,
    MemstreamError,
    MissingStoreError,
)

#: The reserved key under which every store holds the id of the data directory it was created for
#: (streams.datadir): a store copied in from another directory is found by it. No store's own keys
#: start with a NUL byte except the key store's counter.
IDENTITY_KEY = b"\x00datadir"

#: What to do when a store is damaged. The log and the keys are the record; the state is derived.
ADVICE = {
    "log": "The log is the record of everything memstream was told and cannot be rebuilt: restore the "
           "data directory from a backup",
    "keys": "The keys are the only way to read the log's content and cannot be rebuilt: restore the data "
            "directory (its log and keys together) from a backup",
    "state": "The state is derived from the log and the keys: rebuild it with "
             "`memstream replay --rebuild --data-dir {data_dir}`",
}


def advice(store: str, data_dir: Path | str | None) -> str:
    return ADVICE.get(store, ADVICE["log"]).format(data_dir=data_dir if data_dir is not None else "DIR")


def translate(exc: BaseException, store: str, path: Path, data_dir: Path | None = None) -> MemstreamError:
    """The typed error for an exception rocksdict (or the OS) raised on store `store` at `path`."""
    if isinstance(exc, MemstreamError):
        return exc
    text = str(exc)
    low = text.lower()
    code = getattr(exc, "errno", None)
    data_dir = data_dir if data_dir is not None else path.parent
    if "lock hold by" in low or "while lock file" in low or ("/lock:" in low and (
            "resource temporarily unavailable" in low or "no locks available" in low)):
        return DataDirLockedError(
            f"cannot open {path}: another memstream process (or another engine in this process) is using "
            f"the data directory {data_dir}; close it first")
    if isinstance(exc, PermissionError) or code in (errno.EACCES, errno.EPERM) or "permission denied" in low \
            or "operation not permitted" in low:
        return DataDirPermissionError(
            f"cannot open {path}: permission denied. The {store} store is not this user's to read and write: "
            f"fix the owner or mode of {data_dir} (and what is in it), or run as the user who owns it")
    if code == errno.ENAMETOOLONG or "file name too long" in low:
        return DataDirError(f"cannot use {data_dir}: a file name in it is too long for this file system "
                            "(255 bytes a name at most); choose a shorter --data-dir")
    if code in (errno.ENOTDIR, errno.ENOENT, errno.EEXIST, errno.EROFS, errno.ELOOP):
        return DataDirError(f"cannot use {data_dir} for the {store} store: {getattr(exc, 'strerror', None) or text}")
    if code == errno.ENOSPC or "no space left" in low:
        return DataDirError(f"cannot write {path}: no space left on the device; free space and retry")
    if "does not exist (create_if_missing is false)" in low or "current: no such file" in low:
        return MissingStoreError(store, path, "its CURRENT file is missing (RocksDB cannot tell which of its "
                                 "files hold the data)", advice(store, data_dir))
    if "corruption" in low or "checksum" in low or "truncated" in low or "bad magic" in low \
            or "missing" in low or "no such file" in low or isinstance(exc, OSError):
        return DamagedStoreError(store, path, _short(text), advice(store, data_dir))
    return DamagedStoreError(store, path, f"RocksDB reported: {_short(text)}", advice(store, data_dir))


def _short(text: str, limit: int = 300) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + " ..."


class CheckedIter:
    """A rocksdict iterator whose `valid()` raises when the iterator stopped on an error."""

    __slots__ = ("_it", "_store", "key", "value", "next", "prev", "seek", "seek_for_prev", "seek_to_first",
                 "seek_to_last")

    def __init__(self, it, store: "Store"):
        self._it = it
        self._store = store
        # Bound methods straight from rocksdict: no wrapper on the hot path.
        self.key, self.value, self.next, self.prev = it.key, it.value, it.next, it.prev
        self.seek, self.seek_for_prev = it.seek, it.seek_for_prev
        self.seek_to_first, self.seek_to_last = it.seek_to_first, it.seek_to_last

    def valid(self) -> bool:
        if self._it.valid():
            return True
        try:
            self._it.status()
        except Exception as exc:
            raise self._store.error(exc) from None
        return False


class Store:
    """One RocksDB store of a data directory ("log", "keys" or "state"): rocksdict's methods that
    memstream uses, each raising a typed error that names the store and what to do."""

    __slots__ = ("_db", "name", "path", "data_dir")

    def __init__(self, db: Rdict, name: str, path: Path, data_dir: Path | None):
        self._db, self.name, self.path, self.data_dir = db, name, path, data_dir

    def error(self, exc: BaseException) -> MemstreamError:
        return translate(exc, self.name, self.path, self.data_dir)

    def get(self, key: bytes) -> bytes | None:
        try:
            return self._db.get(key)
        except Exception as exc:
            raise self.error(exc) from None

    def write(self, batch, options: WriteOptions) -> None:
        try:
            self._db.write(batch, options)
        except Exception as exc:
            raise self.error(exc) from None

    def ingest(self, tables: list[Path]) -> None:
        """Takes whole sorted table files (rocksdict's SstFileWriter) into the store, moving them."""
        if not tables:
            return
        opts = IngestExternalFileOptions()
        opts.set_move_files(True)
        try:
            self._db.ingest_external_file([str(t) for t in tables], opts)
        except Exception as exc:
            raise self.error(exc) from None

    def iter(self) -> CheckedIter:
        try:
            return CheckedIter(self._db.iter(), self)
        except Exception as exc:
            raise self.error(exc) from None

    def items(self) -> Iterator[tuple[bytes, bytes]]:
        it = self.iter()
        it.seek_to_first()
        while it.valid():
            yield it.key(), it.value()
            it.next()

    def identity(self) -> str | None:
        """The id of the data directory this store was created for (None: never stamped)."""
        raw = self.get(IDENTITY_KEY)
        return raw.decode("ascii", errors="replace") if raw else None

    def stamp(self, data_id: str) -> None:
        """Records the data directory's id in the store (one synced write)."""
        batch = WriteBatch(raw_mode=True)
        batch.put(IDENTITY_KEY, data_id.encode("ascii"))
        self.write(batch, write_options(True))

    def flush(self, wait: bool = True) -> None:
        try:
            self._db.flush(wait)
        except Exception as exc:
            raise self.error(exc) from None

    def flush_wal(self, sync: bool = True) -> None:
        try:
            self._db.flush_wal(sync)
        except Exception as exc:
            raise self.error(exc) from None

    def compact_range(self, begin: bytes | None, end: bytes | None) -> None:
        try:
            self._db.compact_range(begin, end)
        except Exception as exc:
            raise self.error(exc) from None

    def close(self) -> None:
        try:
            self._db.close()
        except Exception as exc:
            raise self.error(exc) from None


def options(*, create: bool) -> Options:
    opts = Options(raw_mode=True)
    opts.create_if_missing(create)
    opts.set_keep_log_file_num(2)
    opts.set_paranoid_checks(True)
    opts.set_wal_recovery_mode(DBRecoveryMode.tolerate_corrupted_tail_records())
    return opts


def open_db(path: Path, *, read_only: bool = False, create: bool = True, store: str | None = None,
            data_dir: Path | None = None) -> Store:
    """Opens the RocksDB store at `path` ("log", "keys" or "state": `store`, by default the
    directory's name). create=False: the store must exist (a data directory that was created
    before); a missing one is a MissingStoreError, never an empty store made in its place."""
    path = Path(path)
    name = store or path.name
    where = data_dir if data_dir is not None else path.parent
    if create and not read_only:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise translate(exc, name, path, where) from None
    else:
        try:
            present = path.is_dir()
        except OSError as exc:
            raise translate(exc, name, path, where) from None
        if not present:
            try:
                is_file = path.exists()
            except OSError:
                is_file = False
            raise MissingStoreError(name, path, "it is a file, not a store directory" if is_file
                                    else "its directory is missing", advice(name, where))
        if not _has_current(path, name, where):
            # Checked before RocksDB sees the directory: even a failed open leaves files (LOG, LOCK).
            raise MissingStoreError(name, path, "its CURRENT file is missing (RocksDB cannot tell which of its "
                                    "files hold the data)", advice(name, where))
    try:
        if read_only:
            db = Rdict(str(path), options(create=False), access_type=AccessType.read_only())
        else:
            db = Rdict(str(path), options(create=create))
    except Exception as exc:
        raise translate(exc, name, path, where) from exc
    return Store(db, name, path, where)


def _has_current(path: Path, name: str, where: Path) -> bool:
    try:
        return (path / "CURRENT").is_file()
    except OSError as exc:
        raise translate(exc, name, path, where) from None


def write_options(sync: bool) -> WriteOptions:
    opts = WriteOptions()
    opts.sync = sync
    return opts


def purge(db: Store) -> None:
    """Flushes memtables and WAL and compacts everything, so deleted values leave the files on disk."""
    db.flush(True)
    db.flush_wal(True)
    db.compact_range(None, None)
