"""The access aggregate as its events leave it: the directors and their tokens."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any
from uuid import UUID

from engine.access.events import DirectorAdded, DirectorPasswordChanged, TokenIssued, TokenRevoked
from engine.events import DomainEvent

ACCESS_ID = UUID("7a7e11e4-0000-4000-8000-00000000acce")
"""The one access aggregate of a store (fixed, so it is never looked up)."""


@dataclass(frozen=True)
class Director:
    name: str
    password_hash: str
    added: dt.datetime


@dataclass(frozen=True)
class Token:
    id: str
    director: str
    token_hash: str
    issued: dt.datetime
    expires: dt.datetime | None
    login: bool
    revoked: bool = False

    def valid_at(self, moment: dt.datetime) -> bool:
        """Neither revoked nor expired at ``moment``."""
        return not self.revoked and (self.expires is None or moment < self.expires)


@dataclass
class Access:
    """The store's director accounts and tokens (version 0: none recorded yet)."""

    id: UUID = ACCESS_ID
    version: int = 0
    directors: dict[str, Director] = field(default_factory=dict)
    tokens: dict[str, Token] = field(default_factory=dict)
    by_hash: dict[str, str] = field(default_factory=dict)
    """Token hash → token id."""

    def copy(self) -> Access:
        return replace(
            self,
            directors=dict(self.directors),
            tokens=dict(self.tokens),
            by_hash=dict(self.by_hash),
        )

    def token_for(self, token_hash: str) -> Token | None:
        found = self.by_hash.get(token_hash)
        return None if found is None else self.tokens[found]

    def apply(self, event: DomainEvent) -> None:
        """Fold one more event into this state (the body runs again at every replay)."""
        self.version = event.originator_version
        match event:
            case DirectorAdded():
                self.directors[event.name] = Director(
                    event.name, event.password_hash, event.timestamp
                )
            case DirectorPasswordChanged():
                self.directors[event.name] = replace(
                    self.directors[event.name], password_hash=event.password_hash
                )
            case TokenIssued():
                self.tokens[event.token] = Token(
                    event.token,
                    event.name,
                    event.token_hash,
                    event.timestamp,
                    event.expires,
                    event.login,
                )
                self.by_hash[event.token_hash] = event.token
            case TokenRevoked():
                self.tokens[event.token] = replace(self.tokens[event.token], revoked=True)


def project_access(state: Access | None, events: Iterable[Any]) -> Access:
    """The fold every read of the access aggregate uses (no events: no accounts)."""
    state = state if state is not None else Access()
    for event in events:
        state.apply(event)  # every event of the access aggregate is a DomainEvent
    return state
