"""A club's or a director's signing keys: Ed25519 key pairs kept as files outside the
store, never logged and never in an event.

A key named ``NAME`` is two files in the keys folder (``--dir``, else ``$TRAVELLER_KEYS``,
else ``$XDG_CONFIG_HOME/traveller/keys``, i.e. ``~/.config/traveller/keys``):

- ``NAME.key``: the private key, PEM (PKCS#8), readable by its owner only (mode 0600 in
  a folder of mode 0700); a key file others may read is refused, as ssh refuses one;
- ``NAME.pub``: the public key, one line ``ed25519:BASE64 NAME``, what a club hands to its
  federation (``traveller keys show``).

Where a command signs (``session publish --sign-with KEY``) the key is named by its name
in the keys folder or by the path of its ``.key`` file; ``$TRAVELLER_SIGNING_KEY`` is the
default. Where a command checks (``--key``) a public key is a ``.pub`` file, a PEM public
key file, or the ``ed25519:…`` text itself.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from engine.errors import N_, InvalidInput, NotFound
from engine.signing import PREFIX, fingerprint, public_key_bytes, public_key_text

# cryptography is loaded where a key is made or read, not by every command that could
# sign (``event`` and ``session`` commands start without it), as in engine.signing.
if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

KEYS_ENV = "TRAVELLER_KEYS"
"""The keys folder, when not the default."""
SIGNING_ENV = "TRAVELLER_SIGNING_KEY"
"""The key a publication is signed with when the command names none."""
DEFAULT_NAME = "club"
PRIVATE_SUFFIX = ".key"
PUBLIC_SUFFIX = ".pub"
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")


def keys_folder(explicit: str | Path | None = None) -> Path:
    """Where keys are kept: ``explicit``, else ``$TRAVELLER_KEYS``, else
    ``$XDG_CONFIG_HOME/traveller/keys`` (``~/.config/traveller/keys``)."""
    if explicit:
        return Path(explicit).expanduser()
    if os.environ.get(KEYS_ENV):
        return Path(os.environ[KEYS_ENV]).expanduser()
    config = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(config) / "traveller" / "keys"


@dataclass(frozen=True)
class KeyPair:
    """A private key read from its file (a :class:`engine.signing.Signer`)."""

    name: str
    path: Path
    _private: Ed25519PrivateKey

    @property
    def public_key(self) -> str:
        from cryptography.hazmat.primitives import serialization

        raw = self._private.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )
        return public_key_text(raw)

    def sign(self, message: bytes) -> bytes:
        return self._private.sign(message)

    def __repr__(self) -> str:  # never the key itself, in a log or a traceback
        return f"KeyPair({self.name!r}, {str(self.path)!r})"


@dataclass(frozen=True)
class KeyListed:
    """A key of the keys folder as ``keys list`` and ``keys show`` give it."""

    name: str
    public_key: str
    fingerprint: str
    private: Path | None
    """The private key's file (None: only the public key is kept here)."""
    public: Path

    def to_json(self) -> dict[str, str | None]:
        return {
            "name": self.name,
            "public_key": self.public_key,
            "fingerprint": self.fingerprint,
            "private_key_file": None if self.private is None else str(self.private),
            "public_key_file": str(self.public),
        }


def check_name(name: str) -> str:
    """A key's name: letters, digits, ``.``, ``_`` and ``-`` (it names its files)."""
    if not _NAME.fullmatch(name):
        raise InvalidInput(
            N_("%(name)s cannot name a key."),
            hint=N_(
                "Use letters, digits, '.', '_' and '-' (up to 64, starting with a letter or a "
                "digit), such as yotsuya-bc."
            ),
            code="key.name",
            name=repr(name),
        )
    return name


def create_key(name: str = DEFAULT_NAME, folder: str | Path | None = None) -> KeyListed:
    """A new key pair ``name`` in the keys folder (made, mode 0700, if missing); an
    existing key is never overwritten."""
    check_name(name)
    where = keys_folder(folder)
    private, public = where / f"{name}{PRIVATE_SUFFIX}", where / f"{name}{PUBLIC_SUFFIX}"
    if private.exists() or public.exists():
        raise InvalidInput(
            N_("There is already a key %(name)s in %(folder)s."),
            hint=N_(
                "Give the new key another name; a key is never overwritten (publications "
                "signed with it are checked with its public key)."
            ),
            code="key.exists",
            name=repr(name),
            folder=str(where),
        )
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    where.mkdir(mode=0o700, parents=True, exist_ok=True)
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    # Made with its mode, never widened afterwards: no moment where others may read it.
    descriptor = os.open(private, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as file:
        file.write(pem)
    text = KeyPair(name, private, key).public_key
    public.write_text(f"{text} {name}\n", encoding="utf-8")
    return KeyListed(name, text, fingerprint(text), private, public)


def list_keys(folder: str | Path | None = None) -> list[KeyListed]:
    """The keys of the keys folder, by name (none when it does not exist)."""
    where = keys_folder(folder)
    if not where.is_dir():
        return []
    found = []
    for public in sorted(where.glob(f"*{PUBLIC_SUFFIX}")):
        name = public.name.removesuffix(PUBLIC_SUFFIX)
        text = read_public_key(str(public))
        private = public.with_suffix(PRIVATE_SUFFIX)
        found.append(
            KeyListed(name, text, fingerprint(text), private if private.exists() else None, public)
        )
    return found


def show_key(name: str, folder: str | Path | None = None) -> KeyListed:
    """One key of the keys folder."""
    for key in list_keys(folder):
        if key.name == name:
            return key
    raise NotFound(
        N_("There is no key %(name)s in %(folder)s."),
        hint=N_("List the keys there, or create one."),
        code="key.not_found",
        name=repr(name),
        folder=str(keys_folder(folder)),
    )


def signing_key(given: str | None, folder: str | Path | None = None) -> KeyPair | None:
    """The key to sign with: ``given`` (a key's name in the keys folder or the path of a
    private key file), else ``$TRAVELLER_SIGNING_KEY``, else none."""
    chosen = given or os.environ.get(SIGNING_ENV)
    if not chosen:
        return None
    if os.sep in chosen or chosen.endswith(PRIVATE_SUFFIX):
        path = Path(chosen).expanduser()
    else:
        path = keys_folder(folder) / f"{check_name(chosen)}{PRIVATE_SUFFIX}"
    if not path.is_file():
        raise NotFound(
            N_("There is no private key %(key)s (looked for %(path)s)."),
            hint=N_(
                "Name a key of the keys folder (list them) or the path of its .key file; "
                "create one if the club has none."
            ),
            code="key.not_found",
            key=repr(chosen),
            path=str(path),
        )
    if os.name == "posix" and path.stat().st_mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise InvalidInput(
            N_("The private key %(path)s may be read by others than its owner."),
            hint=N_(
                "Make it readable by its owner only (chmod 600), and think whether "
                "someone else may have copied it: if so, create a new key."
            ),
            code="key.unprotected",
            path=str(path),
        )
    from cryptography.exceptions import UnsupportedAlgorithm
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    try:
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    except (ValueError, TypeError, UnsupportedAlgorithm):
        key = None
    if not isinstance(key, Ed25519PrivateKey):
        raise InvalidInput(
            N_("%(path)s is not an Ed25519 private key Traveller can read."),
            hint=N_("Give the .key file written when the key was created."),
            code="key.private_invalid",
            path=str(path),
        )
    return KeyPair(path.name.removesuffix(PRIVATE_SUFFIX), path, key)


def read_public_key(given: str) -> str:
    """A public key, ``ed25519:BASE64``, from ``given``: that text itself, or a file
    holding it (a ``.pub`` file) or a PEM public key."""
    if given.strip().startswith(PREFIX):
        return public_key_text(public_key_bytes(given.strip().split()[0]))
    path = Path(given).expanduser()
    if not path.is_file():
        raise NotFound(
            N_("There is no public key file %(path)s."),
            hint=N_(
                "Give the signer's .pub file, a PEM public key file, or the key itself (ed25519:…)."
            ),
            code="key.public_missing",
            path=str(path),
        )
    data = path.read_bytes()
    if data.lstrip().startswith(b"-----BEGIN"):
        from cryptography.exceptions import UnsupportedAlgorithm
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

        try:
            key = serialization.load_pem_public_key(data)
        except (ValueError, UnsupportedAlgorithm):
            key = None
        if not isinstance(key, Ed25519PublicKey):
            raise InvalidInput(
                N_("%(path)s is not an Ed25519 public key."),
                hint=N_("Give the signer's .pub file or their Ed25519 public key."),
                code="key.public_invalid",
                path=str(path),
            )
        raw = key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
        return public_key_text(raw)
    words = data.decode("utf-8", errors="replace").split()
    return public_key_text(public_key_bytes(words[0] if words else ""))
