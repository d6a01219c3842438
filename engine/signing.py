"""Ed25519 signatures over statements: what a signed publication and a signed event file
carry, and how anyone holding the public key checks them.

The engine never holds a private key: a command that signs is handed a :class:`Signer`
(the adapters read the key from a file kept outside the store, ``adapters/keys.py``),
and only the public key, the statement signed and the signature are recorded.

A statement is a JSON object; what is signed is its canonical encoding
(:func:`canonical`: UTF-8 JSON, keys sorted, no spaces), so the same statement gives the
same bytes in every store and every language. A public key is written
``ed25519:BASE64`` (the 32 raw bytes), a signature as base64 (64 bytes).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from collections.abc import Mapping
from typing import Any, Protocol

import orjson
from pydantic import BaseModel, ConfigDict

from engine.errors import N_, InvalidInput

ALGORITHM = "ed25519"
PREFIX = f"{ALGORITHM}:"


class Signer(Protocol):
    """What signs: a private key the engine never sees, and its public key."""

    @property
    def public_key(self) -> str:
        """The public key, ``ed25519:BASE64``."""
        ...

    def sign(self, message: bytes) -> bytes:
        """The 64-byte Ed25519 signature of ``message``."""
        ...


class Signature(BaseModel):
    """A statement, who signed it (their public key) and the signature, as recorded."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    algorithm: str = ALGORITHM
    public_key: str
    signed: dict[str, Any]
    """The statement signed (its canonical encoding is what the signature covers)."""
    signature: str
    """The signature, base64."""

    def holds(self) -> bool:
        """Whether the signature is the public key's over the statement."""
        return self.algorithm == ALGORITHM and verifies(
            self.public_key, canonical(self.signed), self.signature
        )


def canonical(statement: Mapping[str, Any]) -> bytes:
    """The bytes a statement's signature covers: JSON, keys sorted, no spaces."""
    return orjson.dumps(statement, option=orjson.OPT_SORT_KEYS)


def sign(signer: Signer, statement: Mapping[str, Any]) -> Signature:
    """``statement`` signed by ``signer``."""
    signed = dict(statement)
    raw = signer.sign(canonical(signed))
    return Signature(
        public_key=signer.public_key, signed=signed, signature=base64.b64encode(raw).decode()
    )


def public_key_text(raw: bytes) -> str:
    """A public key's 32 raw bytes as Traveller writes them: ``ed25519:BASE64``."""
    return PREFIX + base64.b64encode(raw).decode()


def public_key_bytes(text: str) -> bytes:
    """The 32 raw bytes of a public key written ``ed25519:BASE64``; a clear error for
    anything else."""
    body = text.strip().removeprefix(PREFIX)
    try:
        raw = base64.b64decode(body, validate=True)
    except (binascii.Error, ValueError):
        raw = b""
    if not text.strip().startswith(PREFIX) or len(raw) != 32:
        raise InvalidInput(
            N_("%(key)s is not an Ed25519 public key."),
            hint=N_(
                "A public key is written ed25519: followed by 44 characters of base64, as "
                "the signer's key files show it."
            ),
            code="key.public_invalid",
            key=repr(text.strip()[:60]),
        )
    return raw


def fingerprint(public_key: str) -> str:
    """A short, checkable name of a public key: ``SHA256:`` and the base64 of its hash
    (as ssh shows keys), for reading out over the telephone."""
    digest = hashlib.sha256(public_key_bytes(public_key)).digest()
    return "SHA256:" + base64.b64encode(digest).decode().rstrip("=")


def verifies(public_key: str, message: bytes, signature: str) -> bool:
    """Whether ``signature`` (base64) is ``public_key``'s over ``message``."""
    # cryptography is loaded by the few commands that check a signature, not by every one
    # that reads a tournament's events (they carry signatures, as data).
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    try:
        raw = base64.b64decode(signature, validate=True)
        key = Ed25519PublicKey.from_public_bytes(public_key_bytes(public_key))
        key.verify(raw, message)
    except (InvalidSignature, InvalidInput, binascii.Error, ValueError):
        return False
    return True
