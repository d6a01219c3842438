"""The tournament aggregate as its events leave it: sessions, sections, entries, ranking.

The tournament is the consistency boundary of everything but a section's play (which
each session-section aggregate keeps, see :mod:`engine.section`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from uuid import UUID, uuid5

from engine.events import DomainEvent
from engine.tournament.events import (
    CarryOverRecorded,
    ContestantKind,
    ContestantsChosen,
    EntryRegistered,
    EntryWithdrawn,
    EventCreated,
    FlightsAssigned,
    PairsRenumbered,
    Player,
    ResultsPublished,
    ScoringChoice,
    SectionRanking,
    SectionRankingChosen,
    SessionAdded,
    SessionClosed,
    StageDefined,
)


@dataclass(frozen=True)
class Ranking:
    """How the event ranks its contestants, as the events above leave it.

    Immutable: a tournament copy shares it, and folding an event replaces it."""

    sections: dict[int | None, SectionRanking] = field(default_factory=dict)
    flights: dict[str, str] = field(default_factory=dict)
    """Entry id → flight letter."""
    contestants: ContestantKind = ContestantKind.PAIRS
    stages: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """Stage name → its sessions, in the order the stages were defined."""
    carry_overs: dict[str, CarryOverRecorded] = field(default_factory=dict)
    """Stage name → the carry-over into it (the latest one recorded)."""

    def section_ranking(self, session: int) -> SectionRanking:
        chosen = self.sections.get(session) or self.sections.get(None)
        return chosen or SectionRanking.SEPARATE

    def folded(self, event: DomainEvent) -> Ranking:
        match event:
            case SectionRankingChosen():
                return replace(self, sections={**self.sections, event.session: event.ranking})
            case FlightsAssigned():
                return replace(self, flights={**self.flights, **event.flights})
            case ContestantsChosen():
                return replace(self, contestants=event.contestants)
            case StageDefined():
                return replace(self, stages={**self.stages, event.stage: event.sessions})
            case CarryOverRecorded():
                return replace(self, carry_overs={**self.carry_overs, event.stage: event})
        return self


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
    ranking: Ranking = field(default_factory=Ranking)
    renumberings: dict[int, PairsRenumbered] = field(default_factory=dict)
    """Session → how its pairs were renumbered from the one before (the latest decision)."""

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
            case (
                SectionRankingChosen()
                | FlightsAssigned()
                | ContestantsChosen()
                | StageDefined()
                | CarryOverRecorded()
            ):
                self.ranking = self.ranking.folded(event)
            case PairsRenumbered():
                self.renumberings = {**self.renumberings, event.to_session: event}


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
