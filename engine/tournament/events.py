"""The tournament's events: the event itself, its sessions, entries, ranking and stages.

The classes lived in ``engine.tournament`` (one module) until 0.1.0; their topics of
then stay registered, so a store written by that release still loads.
"""

from __future__ import annotations

import datetime as dt
import enum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from engine.events import DomainEvent, stored_earlier_as


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


# ---- the event, its sessions and entries ------------------------------------------------


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


# ---- ranking and stages -----------------------------------------------------------------


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


# ---- renumbering between sessions -------------------------------------------------------


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


stored_earlier_as(
    "engine.tournament",
    (
        EventCreated,
        SessionAdded,
        EntryRegistered,
        EntryWithdrawn,
        SessionClosed,
        ResultsPublished,
        SectionRankingChosen,
        FlightsAssigned,
        ContestantsChosen,
        StageDefined,
        CarryOverRecorded,
        PairsRenumbered,
    ),
)
