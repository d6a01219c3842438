"""The tournament's events: the event itself, its sessions, entries, ranking and stages.

The classes lived in ``engine.tournament`` (one module) until 0.1.0; their topics of
then stay registered, so a store written by that release still loads.
"""

from __future__ import annotations

import datetime as dt
import enum
from decimal import Decimal
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.events import DomainEvent, stored_earlier_as
from engine.pairing.field import Draw
from engine.signing import Signature


class Player(BaseModel):
    """A player of an entry: name and, where known, federation member number."""

    model_config = ConfigDict(frozen=True)

    name: str
    member: str | None = None


class ScoringChoice(BaseModel):
    """The scoring method (a plugin name) and its options, as the event chose them, and
    the method's version in force (docs/decisions/0024; None in an event created before
    versions were recorded)."""

    model_config = ConfigDict(frozen=True)

    method: str = "matchpoints"
    options: dict[str, Any] = Field(default_factory=dict)
    version: str | None = None


# ---- the event, its sessions and entries ------------------------------------------------


class EventCreated(DomainEvent):
    """An event created, with its scoring method.

    Schema 2 adds the scoring method's ``version`` to ``scoring``: a schema-1 event
    named none (docs/decisions/0024)."""

    schema_version: ClassVar[int] = 2

    name: str
    date: dt.date | None = None
    club: str | None = None
    scoring: ScoringChoice = ScoringChoice()

    @classmethod
    def upcast(cls, state: dict[str, Any], version: int) -> dict[str, Any]:
        """Schema 1 recorded no version of the scoring method."""
        if version < 2 and isinstance(state.get("scoring"), dict):
            state = {**state, "scoring": {**state["scoring"], "version": None}}
        return state


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
    name: str | None = None
    """The entry's own name (a team's, such as "Yotsuya A"), if it has one."""
    seeding: str | None = None
    """Seeding points or masterpoints given at entry (decimal text): a Swiss seeds its
    first rounds by them (JCBL part 3 ch. 4 §3-2 ①)."""


class EntryWithdrawn(DomainEvent):
    entry: str


class MissingResult(BaseModel):
    """A table the movement schedules that had no result when its session was closed."""

    model_config = ConfigDict(frozen=True)

    section: str
    round: int
    board: int
    ns: int
    ew: int


class SessionClosed(DomainEvent):
    """A session closed to new results; ``missing`` lists the tables that had none (the
    director gave the reason for closing all the same).

    Schema 2 adds ``missing``: a schema-1 close (release 0.1.0) listed nothing."""

    schema_version: ClassVar[int] = 2

    session: int
    missing: tuple[MissingResult, ...] = ()

    @classmethod
    def upcast(cls, state: dict[str, Any], version: int) -> dict[str, Any]:
        """Schema 1 did not look for missing results."""
        if version < 2:
            state = {**state, "missing": ()}
        return state


class ResultsPublished(DomainEvent):
    """A closed session's standings as published: the scoring method and its version, the
    standings and their digest; signed (schema 2), the club's Ed25519 signature over the
    digest and the event's chain head (:mod:`engine.application.integrity_io`)."""

    schema_version: ClassVar[int] = 2

    session: int
    method: str
    method_version: str
    digest: str
    standings: dict[str, Any]
    signature: Signature | None = None

    @classmethod
    def upcast(cls, state: dict[str, Any], version: int) -> dict[str, Any]:
        """Schema 1 was never signed."""
        if version < 2:
            state = {**state, "signature": None}
        return state


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


# ---- Swiss teams: conditions, draws and match scores ------------------------------------


class SwissStarted(DomainEvent):
    """The event's Swiss conditions (JCBL part 2 ch. 6 §8, part 3 ch. 4 §3-2): ``rounds``
    of ``boards_per_round`` boards, drawn by the pairing method ``method`` (at
    ``version``) with ``options``; ``teams`` numbers the entries (team number → entry id)."""

    rounds: int
    boards_per_round: int
    method: str
    version: str
    options: dict[str, Any] = Field(default_factory=dict)
    teams: dict[int, str]
    vp_scale: str = "wbf2013"
    bye_vp: str = "12"
    kind: Literal["teams", "pairs"] = "teams"
    """Swiss teams, or Swiss pairs (``teams`` then numbers pairs); an event stored before
    Swiss pairs existed reads as teams."""
    tie_break: tuple[str, ...] = ()
    """The tie-breaks, in order, for contestants level on VPs (:mod:`engine.swiss`); none:
    they share the place."""
    entered: tuple[str, ...] = ()
    """Every entry registered when the Swiss started, those withdrawn before it too: an
    entry not listed is a late entry, numbered on from the last team."""


class DrawMade(DomainEvent):
    """A round's draw as the pairing method made it: the draw itself (method, version
    and seed inside), and the store ``position`` whose standings it was drawn from.

    The decision is the record: a replay never asks the method again, and a later
    correction to an earlier round never changes it."""

    draw: Draw
    position: int


class DrawWithdrawn(DomainEvent):
    """A round's draw taken back (``reason`` says why), while none of its results is in."""

    round: int


class MatchScored(DomainEvent):
    """A match of a Swiss round from the teams' score cards: the IMPs each side won
    (converted to VPs on the conditions' scale) or the VPs themselves, as decimal text.
    A later one of the same match replaces it (a correction, with a reason)."""

    round: int
    home: int
    away: int
    imps: tuple[str, str] | None = None
    vp: tuple[str, str] | None = None


# ---- closing again, and the order of play -----------------------------------------------


class SessionReopened(DomainEvent):
    """A closed session opened again for new results (``reason`` says why)."""

    session: int


class RoundsEnforcementChosen(DomainEvent):
    """Whether a result is refused for a round not yet started (live scoring) or
    accepted in any order (paper travellers entered after play). An event that never
    chose, such as every event of release 0.1.0, accepts results in any order."""

    enforced: bool


# ---- masterpoints -----------------------------------------------------------------------


class MasterpointRuleChosen(DomainEvent):
    """The masterpoint rule the event's awards follow and the options the director chose
    for the event (JCBL: ``{"game_class": 3}``); the contestants are counted from the
    standings when the masterpoints are awarded, never given here."""

    rule: str
    options: dict[str, Any] = Field(default_factory=dict)


class AwardedContestant(BaseModel):
    """One placed contestant: where it finished, the masterpoints it earned and the
    players credited with them (every player of a pair or team earns the award)."""

    model_config = ConfigDict(frozen=True)

    section: str
    """The contestant's own section."""
    contestant: str
    """Its key in the standings: a pair (``"NS3"``, ``"5"``), a team (``"NS3"``, by its
    NS pair), or in a ranking of players the player's key (``"#1234"``)."""
    rank: str
    """The rank shown in the standings (``"2="`` when tied)."""
    places: tuple[int, int]
    """The first and last place it shares with the contestants tied with it."""
    points: Decimal
    players: tuple[Player, ...]
    record: dict[str, Any] = Field(default_factory=dict)
    """What the rule was told of this contestant alone (a team's record: boards a round,
    VPs of the matches it won, the most VPs of a match, its players)."""


class AwardedField(BaseModel):
    """The awards of one field of the standings: the contestants ranked together."""

    model_config = ConfigDict(frozen=True)

    section: str
    """The field's section, or its sections joined by ``+``."""
    field: str
    """The field's name in the standings: ``ALL``, ``NS``, ``EW``, ``TEAMS``, ``PLAYERS``."""
    kind: str
    """Who the field ranks: ``pairs``, ``players`` or ``teams``."""
    contestants: int
    options: dict[str, Any]
    """What the rule was given for the field (the event's options and the field's size)."""
    awards: tuple[AwardedContestant, ...]


class MasterpointsAwarded(DomainEvent):
    """The masterpoints of a closed session as the rule ``rule`` (at ``version``) worked
    them out from its standings (``digest``: the standings they were awarded on).

    The decision is the record: a replay never asks the rule again. Awarding again (after
    a correction) records a new event that ``supersedes`` the earlier one (its version)."""

    session: int
    rule: str
    version: str
    options: dict[str, Any] = Field(default_factory=dict)
    digest: str
    fields: tuple[AwardedField, ...]
    supersedes: int | None = None


# ---- entries put right: names, member numbers, substitutes ------------------------------


class PlayerRenamed(DomainEvent):
    """A player's name put right: ``player`` is the player's place in the entry, from 1."""

    entry: str
    player: int
    name: str


class MemberNumberChanged(DomainEvent):
    """A player's federation member number put right (None: no number)."""

    entry: str
    player: int
    member: str | None = None


class PlayerSubstituted(DomainEvent):
    """A substitute playing for one of an entry's players in ``session``, from round
    ``from_round`` to the end of the session (from round 1: the whole session). A later
    substitution of the same player from a later round takes over from that round (the
    regular player coming back is a substitution by that player)."""

    entry: str
    session: int
    player: int
    substitute: Player
    from_round: int = 1


# ---- the event's clock ------------------------------------------------------------------


class TimeZoneChosen(DomainEvent):
    """The zone the event's times are shown and read in (an IANA name such as
    ``Asia/Tokyo``, or an offset such as ``+09:00``). An event that never chose one, as
    every event of release 0.1.0, is shown on the clock of the computer showing it."""

    zone: str


# ---- the server: table devices and what the public sees -----------------------------------


class DeviceIssued(DomainEvent):
    """A code for the device at ``table`` of ``section`` in ``session`` (``device``: its
    id, ``D1``…): the hash of the code only; the code itself is shown once."""

    device: str
    code_hash: str
    session: int
    section: str
    table: int


class DeviceRevoked(DomainEvent):
    """A table device's code that no longer lets it enter results."""

    device: str


class PublicViewChosen(DomainEvent):
    """Whether the public sees the running standings while the event is played (published
    sessions are always public). An event that never chose keeps them hidden."""

    running: bool


class LeadEntry(enum.StrEnum):
    """Whether a table's device asks for the opening lead of each board it sends."""

    OFF = "off"
    OPTIONAL = "optional"
    REQUIRED = "required"


class TableEntryChosen(DomainEvent):
    """How the tables enter results on their devices: whether the EW pair confirms each
    result before it is sent, whether the opening lead is asked (and must be given), and
    whether a table sees a board's traveller so far once it has sent its own result. An
    event that never chose has EW confirm, no lead asked, and the traveller shown."""

    ew_confirmation: bool = True
    opening_lead: LeadEntry = LeadEntry.OFF
    traveller_after: bool = True


class DirectorsChosen(DomainEvent):
    """Who directs the event on a server: only the store's directors named here (none
    named: every director of the store, as for an event made at the store's own command
    line). The event's creator on a server is named when it is created."""

    directors: tuple[str, ...]


class DealsRecorded(DomainEvent):
    """A session's hand record, or part of it: each board's deal as PBN writes it
    (``N:`` and the four hands clockwise), where it came from (a file's name, or
    ``generated``) and the seed a generated hand record was dealt from (the same seed
    deals the same cards again). A board's later deal replaces its earlier one."""

    schema_version: ClassVar[int] = 1

    session: int
    deals: dict[int, str]
    source: str
    seed: int | None = None


class ConventionsChosen(DomainEvent):
    """The scoring conventions the event follows: a convention profile (its plugin's name
    and version) and the option values it gave each scoring method (method → option →
    value), recorded as the profile decided them. The event's own scoring options win
    over them option by option. An event that never chose follows ``jcbl`` (every
    method's defaults)."""

    schema_version: ClassVar[int] = 1

    profile: str
    version: str
    options: dict[str, dict[str, Any]]
    reason: str = ""
