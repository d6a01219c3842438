"""The access aggregate's events: director accounts and their bearer tokens.

New events go at the end of this module; a class never moves (its module and name are
its stored topic)."""

from __future__ import annotations

import datetime as dt

from engine.events import DomainEvent


class DirectorAdded(DomainEvent):
    """A director account: ``name`` (unique in the store) and its password's hash (the
    adapter's, such as argon2id's encoded string)."""

    name: str
    password_hash: str


class DirectorPasswordChanged(DomainEvent):
    """A director's password set again (its hash)."""

    name: str
    password_hash: str


class TokenIssued(DomainEvent):
    """A bearer token for director ``name``: its id (shown, used to revoke it), its hash
    (the token itself is shown once and never stored), and when it expires (None: when
    revoked). ``login`` says it was issued by a password login rather than for a script."""

    token: str
    name: str
    token_hash: str
    expires: dt.datetime | None = None
    login: bool = False


class TokenRevoked(DomainEvent):
    """A token that no longer authenticates anyone."""

    token: str
