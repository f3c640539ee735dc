"""Content encryption for crypto-shredding.

Every piece of content is sealed with AES-256-GCM under a data key named by a `KeyRef`: one key per
turn, one per memory record. Keys live in a key store kept apart from the log. Destroying a key makes
every copy of what it sealed unreadable — in the log, the tables, the embedding cache and any backup —
without rewriting them. The subject, tenant and user ids are bound as associated data, so a sealed
blob cannot be replayed into another subject.
"""
from __future__ import annotations

import os
from binascii import a2b_base64, b2a_base64
from dataclasses import dataclass
from typing import Protocol, Sequence

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

NONCE_BYTES = 12
KEY_BYTES = 32


@dataclass(frozen=True, slots=True)
class KeyRef:
    """Names one data key: `scope` is "turn" or "mem" (or "subject"), `name` the turn or memory id."""

    tenant_id: str
    user_id: str
    scope: str
    name: str

    def storage_key(self) -> str:
        return f"{subject_prefix(self.tenant_id, self.user_id)}{self.scope}/{self.name}"


def subject_prefix(tenant_id: str, user_id: str) -> str:
    # Length-prefixed so that ("a", "b/c") and ("a/b", "c") can never share a prefix.
    return f"{len(tenant_id)}:{tenant_id}/{len(user_id)}:{user_id}/"


def subject_of(storage_key: str) -> tuple[str, str]:
    """The (tenant_id, user_id) a storage key or subject prefix names; ValueError if it names none."""
    parts = []
    i = 0
    for _ in range(2):
        colon = storage_key.index(":", i)
        n = int(storage_key[i:colon])
        parts.append(storage_key[colon + 1: colon + 1 + n])
        i = colon + 1 + n
        if storage_key[i:i + 1] != "/":
            raise ValueError("not a subject-prefixed key")
        i += 1
    return parts[0], parts[1]


class KeyStore(Protocol):
    def get(self, ref: KeyRef) -> bytes | None: ...
    def get_or_create(self, ref: KeyRef) -> bytes: ...
    def destroy(self, refs: list[KeyRef]) -> None: ...
    def destroy_subject(self, tenant_id: str, user_id: str, before: int | None = None) -> None: ...
    def persist(self) -> None: ...


class Shredded(Exception):
    """The key that sealed this content is gone: the content is unreadable by design."""


def _aad(ref: KeyRef) -> bytes:
    return ref.storage_key().encode()


def _b64(data: bytes) -> str:
    """base64.b64encode(data).decode() without its Python-level wrapping (what it calls)."""
    return b2a_base64(data, newline=False).decode()


#: base64.b64decode(text) without its Python-level wrapping: the same decoder, the same errors
#: (binascii.Error, a ValueError) on malformed input, characters outside the alphabet skipped alike.
_unb64 = a2b_base64


def seal(key: bytes, ref: KeyRef, plaintext: bytes) -> bytes:
    nonce = os.urandom(NONCE_BYTES)
    return nonce + AESGCM(key).encrypt(nonce, plaintext, _aad(ref))


def open_sealed(key: bytes, ref: KeyRef, blob: bytes) -> bytes:
    from cryptography.exceptions import InvalidTag

    from engine.errors import CorruptDataError

    try:
        return AESGCM(key).decrypt(blob[:NONCE_BYTES], blob[NONCE_BYTES:], _aad(ref))
    except InvalidTag:
        raise CorruptDataError(
            f"content sealed under {ref.scope} key {ref.name!r} failed authentication: the key store "
            "does not match this data, or a file was altered"
        ) from None


def new_key() -> bytes:
    return AESGCM.generate_key(bit_length=KEY_BYTES * 8)


class Sealer:
    """Seals and opens content for one key store; caches nothing but the AESGCM key lookups."""

    def __init__(self, keys: KeyStore):
        self.keys = keys
        # A key store that looks keys up by storage name spares naming a key twice per opening.
        self._get_named = getattr(keys, "get_named", None)

    def _key(self, ref: KeyRef, name: str) -> bytes | None:
        return self._get_named(name) if self._get_named is not None else self.keys.get(ref)

    def seal_text(self, ref: KeyRef, text: str | None) -> str | None:
        if text is None:
            return None
        return _b64(seal(self.keys.get_or_create(ref), ref, text.encode()))

    def open_text(self, ref: KeyRef, sealed: str | None) -> str | None:
        """The text, or None when the key has been destroyed."""
        if sealed is None:
            return None
        key = self.keys.get(ref)
        if key is None:
            return None
        return open_sealed(key, ref, _unb64(sealed)).decode()

    def seal_texts(self, ref: KeyRef, texts: Sequence[str | None]) -> list[str | None]:
        """Several texts under one key: the key is looked up once (and not made when all are None)."""
        if all(t is None for t in texts):
            return [None] * len(texts)
        key, aad = self.keys.get_or_create(ref), _aad(ref)
        aead = AESGCM(key)
        out: list[str | None] = []
        for text in texts:
            if text is None:
                out.append(None)
                continue
            nonce = os.urandom(NONCE_BYTES)
            out.append(_b64(nonce + aead.encrypt(nonce, text.encode(), aad)))
        return out

    def open_texts(self, ref: KeyRef, sealed: Sequence[str | None]) -> list[str | None]:
        """Several texts sealed under one key (all None when it was destroyed)."""
        if all(s is None for s in sealed):
            return [None] * len(sealed)
        name = ref.storage_key()
        key = self._key(ref, name)
        if key is None:
            return [None] * len(sealed)
        from cryptography.exceptions import InvalidTag

        decrypt, aad = AESGCM(key).decrypt, name.encode()  # the associated data is the key's name
        try:
            return [None if s is None else decrypt((blob := _unb64(s))[:NONCE_BYTES], blob[NONCE_BYTES:], aad).decode()
                    for s in sealed]
        except InvalidTag:
            return [open_sealed(key, ref, _unb64(s)).decode() if s is not None else None
                    for s in sealed]  # raises the typed error for the one that fails

    def seal_bytes(self, ref: KeyRef, data: bytes) -> bytes:
        return seal(self.keys.get_or_create(ref), ref, data)

    def open_bytes(self, ref: KeyRef, blob: bytes) -> bytes | None:
        key = self.keys.get(ref)
        if key is None:
            return None
        return open_sealed(key, ref, blob)
