"""API keys: who may call the HTTP API, for which tenant, with which scopes.

A key is `msk_<key_id>_<secret>`, shown once when it is made. Only the SHA-256 of the whole key is
kept (the secret is 256 random bits, so a fast hash is enough: nothing to brute-force). A key is
bound to one tenant: requests never name a tenant, they get the key's.

Keys are a log of their own, never the memory log: `create` and `revoke` entries, one JSON object a
line, and one more kind: the change stream's cursor secret (streams.api.cursors), the only secret
the log holds. On the embedded runtime that log is `api-keys.jsonl` in the data directory, appended with
an exclusive lock and fsync, and re-read by a running server when the file changes (so `memstream
keys create` works while `memstream serve` runs). On Kafka the same entries travel on a compacted
topic keyed by key id (streams.kafka), and each worker folds them into a `KeyRing` with `apply`.
"""
from __future__ import annotations

import fcntl
import hashlib
import hmac
import json
import os
import re
import secrets
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Callable, Iterable

from engine.errors import AuthError, InvalidCommandError
from schemas.api import SCOPES, KeyInfo

KEYS_FILE = "api-keys.jsonl"
_TOKEN = re.compile(r"^msk_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$")
_TENANT = re.compile(r"^[A-Za-z0-9._:@-]{1,128}$")


def _now() -> datetime:
    return datetime.now(timezone.utc)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def parse_scopes(text: str | Iterable[str]) -> list[str]:
    items = [s.strip() for s in (text.split(",") if isinstance(text, str) else text) if s.strip()]
    unknown = [s for s in items if s not in SCOPES]
    if unknown or not items:
        raise InvalidCommandError(f"scopes must be a comma-separated subset of {','.join(SCOPES)}"
                                  + (f"; unknown: {', '.join(unknown)}" if unknown else ""))
    return [s for s in SCOPES if s in items]


def new_key(tenant_id: str, scopes: Iterable[str], name: str | None = None,
            ttl: timedelta | None = None, now: datetime | None = None) -> tuple[dict, str]:
    """A `create` entry (what is stored: the hash, never the key) and the key itself."""
    if not isinstance(tenant_id, str) or not _TENANT.match(tenant_id):
        raise InvalidCommandError("tenant must be 1-128 letters, digits or . _ : @ -")
    if name is not None and (len(name) > 200 or not name.isprintable()):
        raise InvalidCommandError("name must be printable and at most 200 characters")
    at = now or _now()
    key_id = secrets.token_hex(8)
    token = f"msk_{key_id}_{secrets.token_urlsafe(32)}"
    entry = {"op": "create", "key_id": key_id, "tenant_id": tenant_id, "scopes": parse_scopes(scopes),
             "name": name, "hash": digest(token), "created_at": at.isoformat(),
             "expires_at": (at + ttl).isoformat() if ttl is not None else None}
    return entry, token


def revoke_entry(key_id: str, now: datetime | None = None) -> dict:
    return {"op": "revoke", "key_id": key_id, "revoked_at": (now or _now()).isoformat()}


class KeyRing:
    """The keys folded from their entries; answers who a presented key is."""

    def __init__(self) -> None:
        self._keys: dict[str, dict] = {}
        #: The change stream's cursor secret (streams.api.cursors): the first one in the log.
        self.cursor_secret: bytes | None = None

    def apply(self, entry: dict) -> None:
        """Folds one entry (idempotent: a repeated create or revoke changes nothing)."""
        op, key_id = entry.get("op"), entry.get("key_id")
        if op == "cursor-secret":
            if self.cursor_secret is None:
                try:
                    secret = bytes.fromhex(entry.get("secret") or "")
                except (TypeError, ValueError):
                    return
                if len(secret) == 32:
                    self.cursor_secret = secret
            return
        if not isinstance(key_id, str):
            return
        if op == "create" and key_id not in self._keys:
            self._keys[key_id] = dict(entry, revoked_at=None)
        elif op == "revoke" and key_id in self._keys and self._keys[key_id]["revoked_at"] is None:
            self._keys[key_id]["revoked_at"] = entry.get("revoked_at") or _now().isoformat()

    def info(self, key_id: str) -> KeyInfo:
        entry = self._keys[key_id]
        return KeyInfo(key_id=key_id, tenant_id=entry["tenant_id"], scopes=entry["scopes"], name=entry.get("name"),
                       created_at=entry["created_at"], expires_at=entry.get("expires_at"),
                       revoked_at=entry.get("revoked_at"))

    def list(self, tenant_id: str | None = None) -> list[KeyInfo]:
        return [self.info(k) for k, e in sorted(self._keys.items(), key=lambda kv: kv[1]["created_at"])
                if tenant_id is None or e["tenant_id"] == tenant_id]

    def __contains__(self, key_id: str) -> bool:
        return key_id in self._keys

    def authenticate(self, token: str | None, now: datetime | None = None) -> KeyInfo:
        """The key's info, or AuthError (one message for every failure: nothing to probe with)."""
        match = _TOKEN.match(token or "")
        entry = self._keys.get(match.group(1)) if match else None
        if entry is None or not hmac.compare_digest(entry["hash"], digest(token)):
            raise AuthError("missing or invalid API key; send 'Authorization: Bearer <key>'")
        info = self.info(match.group(1))
        if info.revoked_at is not None:
            raise AuthError("this API key was revoked")
        if info.expires_at is not None and (now or _now()) >= info.expires_at:
            raise AuthError("this API key has expired")
        return info


class KeyFile:
    """The embedded runtime's key log: `DIR/api-keys.jsonl`, folded into a KeyRing, re-read when
    another process (the CLI) appended to it."""

    def __init__(self, data_dir: str | Path):
        self.path = Path(data_dir) / KEYS_FILE
        self.ring = KeyRing()
        self._seen: tuple[int, int] | None = None
        self._offset = 0

    def _stamp(self) -> tuple[int, int] | None:
        try:
            st = self.path.stat()
        except FileNotFoundError:
            return None
        return (st.st_ino, st.st_size)

    def refresh(self) -> KeyRing:
        stamp = self._stamp()
        if stamp == self._seen:
            return self.ring
        if stamp is None or self._seen is None or stamp[0] != self._seen[0] or stamp[1] < self._offset:
            self.ring, self._offset = KeyRing(), 0  # a new or rewritten file: fold it again
        if stamp is not None:
            with open(self.path, "rb") as fh:
                fh.seek(self._offset)
                data = fh.read()
            complete = data[: data.rfind(b"\n") + 1]  # a line still being written waits
            for line in complete.splitlines():
                try:
                    self.ring.apply(json.loads(line))
                except (ValueError, AttributeError):
                    continue  # a damaged line names no usable key
            self._offset += len(complete)
            stamp = (stamp[0], self._offset)
        self._seen = stamp
        return self.ring

    def append(self, entry: dict, *, unless: Callable[[KeyRing], bool] | None = None) -> None:
        """Appends `entry` under the file's exclusive lock; not when `unless(ring)` holds for the log
        as it stands under that lock (so two processes that check, then append, append once)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            if unless is None or not unless(self.refresh()):
                os.write(fd, (json.dumps(entry, sort_keys=True) + "\n").encode())
                os.fsync(fd)
        finally:
            os.close(fd)

    def cursor_secret(self) -> bytes:
        """The change stream's cursor secret: the first in the log, appended now if there is none
        (under the file's lock, so two servers starting at once agree on one)."""
        if self.refresh().cursor_secret is None:
            from streams.api.cursors import new_secret_entry

            self.append(new_secret_entry(), unless=lambda ring: ring.cursor_secret is not None)
        secret = self.refresh().cursor_secret
        assert secret is not None  # just written, or another server's
        return secret

    # -- what the CLI does ---------------------------------------------------------------------------
    def create(self, tenant_id: str, scopes: Iterable[str], name: str | None = None,
               ttl: timedelta | None = None) -> tuple[KeyInfo, str]:
        entry, token = new_key(tenant_id, scopes, name, ttl)
        self.append(entry)
        return self.refresh().info(entry["key_id"]), token

    def revoke(self, key_id: str) -> KeyInfo:
        ring = self.refresh()
        if key_id not in ring:
            raise InvalidCommandError(f"no API key {key_id!r}; `memstream keys list` shows them")
        self.append(revoke_entry(key_id))
        return self.refresh().info(key_id)

    def authenticate(self, token: str | None) -> KeyInfo:
        return self.refresh().authenticate(token)

    def list(self, tenant_id: str | None = None) -> list[KeyInfo]:
        return self.refresh().list(tenant_id)
