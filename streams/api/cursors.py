"""Opaque change-stream cursors.

A change stream's cursor (its SSE ids, `since`, `Last-Event-ID`) is where the stream reads on
from: a position in the log (embedded) or one position per partition (Kafka). Those positions
count every tenant's events, so a cursor in the clear would tell a tenant how much every other
tenant writes, and how fast. The API hands out cursors sealed instead: the runtime's cursor,
encrypted with AES-GCM under a secret of the server's, with the tenant as associated data,
padded to one length. A
tenant learns nothing from one, and a cursor made for one tenant does not open for another.

The secret is an entry of the API key log (streams.api.keys: `api-keys.jsonl`, or the Kafka API
keys topic), made by the first server that finds none; the first such entry in the log is the one
every server uses, so a cursor stays valid across restarts and across a Kafka group's workers.
'0' ("from the beginning") needs no sealing and means the same to every tenant.
"""
from __future__ import annotations

import base64
import os

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from engine.errors import InvalidCommandError

PREFIX = "c1."
_NONCE = 12
_BLOCK = 48  # a cursor longer than the runtime's longest is padded to a multiple of this
_TOO_LONG = 4096

BAD_CURSOR = "cursor (Last-Event-ID or since) must be an id this stream sent, or 0 for the beginning"


class CursorSeal:
    """Seals a runtime's cursor for one tenant, and opens what it sealed."""

    def __init__(self, secret: bytes, longest: int = 19):
        """`longest`: the length of the runtime's longest cursor (19 digits of a position; on Kafka one
        position per partition): every cursor is padded to it, so none is longer than another."""
        if len(secret) != 32:
            raise ValueError("a cursor secret is 32 bytes")
        self._aead = AESGCM(secret)
        self._size = max(1, longest)

    def seal(self, tenant_id: str, cursor: str) -> str:
        if cursor == "0":
            return cursor
        plain = cursor.encode()
        # Padded: the length would say how many digits the positions have, so how much was written.
        plain += b"\0" * (self._size - len(plain) if len(plain) <= self._size else -len(plain) % _BLOCK)
        nonce = os.urandom(_NONCE)
        blob = nonce + self._aead.encrypt(nonce, plain, tenant_id.encode())
        return PREFIX + base64.urlsafe_b64encode(blob).rstrip(b"=").decode()

    def open(self, tenant_id: str, sealed: str) -> str:
        """The runtime's cursor; InvalidCommandError for anything this server did not seal for
        this tenant (a cursor of another tenant, of another server's secret, or altered)."""
        if sealed == "0":
            return sealed
        if not isinstance(sealed, str) or not sealed.startswith(PREFIX) or len(sealed) > _TOO_LONG:
            raise InvalidCommandError(BAD_CURSOR)
        text = sealed[len(PREFIX):]
        try:
            # Strictly: only the one spelling seal() gives (no padding, no other alphabet, nothing
            # after it), so what a client sends back is exactly what it was given.
            blob = base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)
            if len(blob) <= _NONCE + 16 or base64.urlsafe_b64encode(blob).rstrip(b"=").decode() != text:
                raise ValueError("not a cursor's spelling")
            return self._aead.decrypt(blob[:_NONCE], blob[_NONCE:], tenant_id.encode()).rstrip(b"\0").decode()
        except (ValueError, InvalidTag, UnicodeDecodeError):
            raise InvalidCommandError(BAD_CURSOR) from None


def new_secret_entry() -> dict:
    """A key log entry holding a new cursor secret (streams.api.keys.KeyRing folds it)."""
    import secrets

    return {"op": "cursor-secret", "id": secrets.token_hex(8), "secret": secrets.token_hex(32)}
