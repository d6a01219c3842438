"""The tournament aggregate: the event itself, its sessions, sections and entries.

The stored topics of the events below are part of the record: never move or
rename these classes (see :mod:`engine.events`).
"""

from __future__ import annotations

import datetime as dt
import enum
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


# ---- ranking and stages (events appended later; stable topics too) ----------------------


class SectionRanking(enum.StrEnum):
    """How the sections of a session are scored and ranked."""

    SEPARATE = "separate"
    """Each section is scored and ranked alone (a weekly game)."""
    ONE_FIELD = "one-field"
    """Sections that played the same boards are matchpointed together and ranked as one
    field (JCBL part 3, ch. 3 §2, one-field scoring): a board's top is that of all its
    tables in every such section."""


class ContestantKind(enum.StrEnum):
    """Who the event ranks."""

    PAIRS = "pairs"
    """Pairs: the usual game."""
    PLAYERS = "players"
    """Each player (an individual, part 2 ch. 5): a player scores their pair's score of
    each session."""


class SectionRankingChosen(DomainEvent):
    """How a session's sections are ranked; with no ``session``, every session that has
    no choice of its own."""

    ranking: SectionRanking
    session: int | None = None


class FlightsAssigned(DomainEvent):
    """Entries put in flights (entry id → flight letter) for a stratified game."""

    flights: dict[str, str]


class ContestantsChosen(DomainEvent):
    """Whether the event ranks pairs or, as an individual, players."""

    contestants: ContestantKind


class StageDefined(DomainEvent):
    """A stage of the event (a qualifying, a final) and the sessions it is made of."""

    stage: str
    sessions: tuple[int, ...]


class CarriedScore(BaseModel):
    """One qualifier: its players' keys and names, qualifying score and carry-over."""

    model_config = ConfigDict(frozen=True)

    players: tuple[str, ...]
    names: tuple[str, ...]
    qualifying: str
    carry: str


class CarryOverRecorded(DomainEvent):
    """The qualifiers of stage ``source`` and what each carries into ``stage``, as the
    carry-over rule ``method`` (at ``version``) worked it out from ``parameters``.

    The decision is the record: replaying it never depends on today's rule."""

    stage: str
    source: str
    method: str
    version: str
    parameters: dict[str, Any]
    carried: tuple[CarriedScore, ...]


# ---- renumbering between sessions (appended later; stable topics too) --------------------


class PairMove(BaseModel):
    """One pair's move between sessions: its entry, the seat it leaves, the seat it takes."""

    model_config = ConfigDict(frozen=True)

    entry: str
    from_section: str
    from_pair: str
    """The pair's key in the session played: ``"NS3"``, ``"5"``."""
    to_section: str
    to_pair: str


class PairsRenumbered(DomainEvent):
    """Every pair of ``from_session`` given its seat in ``to_session`` (JCBL part 3 ch. 3
    §5), as ``method`` at ``version`` decided it, with the seat each section leaves empty
    (section → pair key) and the seats whose pairs asked to stay put.

    The decision is the record: replaying it never runs the algorithm again."""

    from_session: int
    to_session: int
    moves: tuple[PairMove, ...]
    phantoms: dict[str, str] = Field(default_factory=dict)
    stationary: tuple[str, ...] = ()
    method: str
    version: str


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
