"""Opening RocksDB directories (through rocksdict) with the options memstream relies on."""
from __future__ import annotations

from pathlib import Path

from rocksdict import Options, Rdict, WriteOptions

from engine.errors import DataDirError


def open_db(path: Path, *, read_only: bool = False) -> Rdict:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DataDirError(f"cannot create {path.parent}: {exc.strerror or exc}") from None
    options = Options(raw_mode=True)
    options.create_if_missing(True)
    options.set_keep_log_file_num(2)
    try:
        if read_only:
            from rocksdict import AccessType

            return Rdict(str(path), options, access_type=AccessType.read_only())
        return Rdict(str(path), options)
    except Exception as exc:  # rocksdict raises a bare Exception for a held LOCK
        raise DataDirError(
            f"cannot open {path}: {exc}. Is another memstream process using this data directory?"
        ) from exc


def write_options(sync: bool) -> WriteOptions:
    opts = WriteOptions()
    opts.sync = sync
    return opts


def purge(db: Rdict) -> None:
    """Flushes memtables and WAL and compacts everything, so deleted values leave the files on disk."""
    db.flush(True)
    db.flush_wal(True)
    db.compact_range(None, None)
