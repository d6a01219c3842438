"""The tournament aggregate: the event itself, its sessions, sections and entries.

The stored topics of the events below are part of the record: never move or
rename these classes (see :mod:`engine.events`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any
from uuid import UUID, uuid5

from pydantic import BaseModel, ConfigDict, Field

from engine.events import DomainEvent


class Player(BaseModel):
    """A player of an entry: name and, where known, federation member number."""

    model_config = ConfigDict(frozen=True)

    name: str
    member: str | None = None


class ScoringChoice(BaseModel):
    """The scoring method (a plugin name) and its options, as the event chose them."""

    model_config = ConfigDict(frozen=True)

    method: str = "matchpoints"
    options: dict[str, Any] = Field(default_factory=dict)


# ---- events (stable topics) -------------------------------------------------------------


class EventCreated(DomainEvent):
    name: str
    date: dt.date | None = None
    club: str | None = None
    scoring: ScoringChoice = ScoringChoice()


class SessionAdded(DomainEvent):
    session: int
    sections: tuple[str, ...]


class EntryRegistered(DomainEvent):
    entry: str
    session: int
    section: str
    players: tuple[Player, ...]
    late: bool = False
    requested_pair: str | None = None


class EntryWithdrawn(DomainEvent):
    entry: str


class SessionClosed(DomainEvent):
    session: int


class ResultsPublished(DomainEvent):
    session: int
    method: str
    method_version: str
    digest: str
    standings: dict[str, Any]


# ---- state ------------------------------------------------------------------------------


def section_id(tournament_id: UUID, session: int, section: str) -> UUID:
    """The id of a session-section aggregate, derived so no lookup is ever needed."""
    return uuid5(tournament_id, f"session/{session}/section/{section}")


@dataclass(frozen=True)
class Entry:
    id: str
    session: int
    section: str
    players: tuple[Player, ...]
    late: bool
    requested_pair: str | None
    withdrawn: bool = False

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]


@dataclass
class Publication:
    position_version: int
    method: str
    method_version: str
    digest: str
    timestamp: dt.datetime


@dataclass
class Tournament:
    """A tournament as its events leave it: a fold over :class:`EventCreated` and the rest."""

    id: UUID
    version: int
    created_on: dt.datetime
    modified_on: dt.datetime
    name: str
    date: dt.date | None
    club: str | None
    scoring: ScoringChoice
    sessions: dict[int, tuple[str, ...]] = field(default_factory=dict)
    entries: dict[str, Entry] = field(default_factory=dict)
    closed: set[int] = field(default_factory=set)
    publications: dict[int, list[Publication]] = field(default_factory=dict)

    def section_ids(self) -> dict[UUID, tuple[int, str]]:
        return {
            section_id(self.id, s, name): (s, name)
            for s, names in self.sessions.items()
            for name in names
        }

    def entries_of(self, session: int, section: str) -> list[Entry]:
        return [e for e in self.entries.values() if (e.session, e.section) == (session, section)]

    def next_entry_id(self) -> str:
        return f"E{len(self.entries) + 1}"

    def copy(self) -> Tournament:
        """A copy to fold new events into, leaving this one (perhaps cached) untouched."""
        return replace(
            self,
            sessions=dict(self.sessions),
            entries=dict(self.entries),
            closed=set(self.closed),
            publications={k: list(v) for k, v in self.publications.items()},
        )

    def apply(self, event: DomainEvent) -> None:
        """Fold one more event into this state (the body runs again at every replay)."""
        self.version = event.originator_version
        self.modified_on = event.timestamp
        match event:
            case SessionAdded():
                self.sessions[event.session] = event.sections
            case EntryRegistered():
                self.entries[event.entry] = Entry(
                    event.entry,
                    event.session,
                    event.section,
                    event.players,
                    event.late,
                    event.requested_pair,
                )
            case EntryWithdrawn():
                self.entries[event.entry] = replace(self.entries[event.entry], withdrawn=True)
            case SessionClosed():
                self.closed.add(event.session)
            case ResultsPublished():
                self.publications.setdefault(event.session, []).append(
                    Publication(
                        event.originator_version,
                        event.method,
                        event.method_version,
                        event.digest,
                        event.timestamp,
                    )
                )


def project_tournament(
    state: Tournament | None, events: Iterable[DomainEvent]
) -> Tournament | None:
    """The projector the repository and every replay use."""
    for event in events:
        if isinstance(event, EventCreated):
            state = Tournament(
                id=event.originator_id,
                version=event.originator_version,
                created_on=event.timestamp,
                modified_on=event.timestamp,
                name=event.name,
                date=event.date,
                club=event.club,
                scoring=event.scoring,
            )
        else:
            assert state is not None, "a tournament's history starts with EventCreated"
            state.apply(event)
    return state
