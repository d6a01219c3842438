"""The tournament aggregate as its events leave it: sessions, sections, entries, ranking.

The tournament is the consistency boundary of everything but a section's play (which
each session-section aggregate keeps, see :mod:`engine.section`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any
from uuid import UUID, uuid5

from engine.errors import N_, Fix, NotFound
from engine.events import DomainEvent
from engine.tournament.events import (
    CarryOverRecorded,
    ContestantKind,
    ContestantsChosen,
    ConventionsChosen,
    DealsRecorded,
    DeviceIssued,
    DeviceRevoked,
    DirectorsChosen,
    DrawMade,
    DrawWithdrawn,
    EntryRegistered,
    EntryWithdrawn,
    EventCreated,
    FlightsAssigned,
    LeadEntry,
    MasterpointRuleChosen,
    MasterpointsAwarded,
    MatchScored,
    MemberNumberChanged,
    PairsRenumbered,
    Player,
    PlayerRenamed,
    PlayerSubstituted,
    PublicViewChosen,
    ResultsPublished,
    RoundsEnforcementChosen,
    ScoringChoice,
    SectionRanking,
    SectionRankingChosen,
    SessionAdded,
    SessionClosed,
    SessionReopened,
    StageDefined,
    SwissStarted,
    TableEntryChosen,
    TimeZoneChosen,
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

    def stages_json(self) -> list[dict[str, object]]:
        """The stages, in the order defined: each one's sessions and the carry-over into it."""
        return [
            {
                "stage": name,
                "sessions": list(sessions),
                "carry_over_from": None
                if name not in self.carry_overs
                else self.carry_overs[name].source,
                "carry_over_method": None
                if name not in self.carry_overs
                else self.carry_overs[name].method,
            }
            for name, sessions in self.stages.items()
        ]

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


@dataclass(frozen=True)
class Swiss:
    """A Swiss event as its events leave it: the conditions, each round's draw (the
    latest not withdrawn) and each match's score card (the latest recorded).

    Immutable: a tournament copy shares it, and folding an event replaces it."""

    conditions: SwissStarted
    draws: dict[int, DrawMade] = field(default_factory=dict)
    scores: dict[tuple[int, int, int], MatchScored] = field(default_factory=dict)
    """(round, home, away) → the match's latest score card."""
    redraws: int = 0
    """How many draws were withdrawn (each redraw is given a fresh seed)."""

    def folded(self, event: DomainEvent) -> Swiss:
        match event:
            case DrawMade():
                return replace(self, draws={**self.draws, event.draw.round: event})
            case DrawWithdrawn():
                draws = {r: d for r, d in self.draws.items() if r != event.round}
                return replace(self, draws=draws, redraws=self.redraws + 1)
            case MatchScored():
                key = (event.round, event.home, event.away)
                return replace(self, scores={**self.scores, key: event})
        return self

    def scored(self, rnd: int) -> list[MatchScored]:
        """The score cards recorded for round ``rnd``."""
        return [m for (r, _, _), m in sorted(self.scores.items()) if r == rnd]


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
    substitutions: tuple[Substitution, ...] = ()
    """The substitutes who played for its players, in the order recorded."""
    name: str | None = None
    """The entry's own name (a team's), if it was given one."""
    seeding: str | None = None
    """Seeding points given at entry (decimal text), if any."""

    @property
    def names(self) -> list[str]:
        """Its regular players' names (the players it registered, as put right since)."""
        return [p.name for p in self.players]

    def substitutes_in(self, session: int) -> list[Substitution]:
        return [s for s in self.substitutions if s.session == session]

    def players_at(self, session: int, round: int | None) -> tuple[Player, ...]:
        """Who played for the entry in ``round`` of ``session``: its regular players, each
        replaced by the latest substitute playing for them from that round or earlier (a
        round not known: the substitutes for the whole session only)."""
        players = list(self.players)
        for s in sorted(self.substitutes_in(session), key=lambda s: s.from_round):
            if s.from_round <= (round or 1):
                players[s.player - 1] = s.substitute
        return tuple(players)

    def credited(self, session: int, rounds: Sequence[int | None]) -> tuple[Player, ...]:
        """The players credited with the entry's score of ``session``: at each place in
        the entry, whoever played most of its boards (``rounds``: the round of each
        board it played); a tie goes to the one who played first."""
        if not self.substitutes_in(session):
            return self.players
        played = [self.players_at(session, r) for r in rounds] or [self.players_at(session, 1)]
        credited = []
        for place in range(len(self.players)):
            at_place = [players[place] for players in played]
            credited.append(max(at_place, key=lambda p: (at_place.count(p), -at_place.index(p))))
        return tuple(credited)

    def put_right(self, event: PlayerRenamed | MemberNumberChanged) -> Entry:
        """The entry with one player's name or member number as ``event`` puts it right."""
        players = list(self.players)
        old = players[event.player - 1]
        if isinstance(event, PlayerRenamed):
            players[event.player - 1] = old.model_copy(update={"name": event.name})
        else:
            players[event.player - 1] = old.model_copy(update={"member": event.member})
        return replace(self, players=tuple(players))


@dataclass(frozen=True)
class Substitution:
    """A substitute for the player at ``player`` (from 1) of an entry, in ``session`` from
    round ``from_round`` on."""

    session: int
    player: int
    substitute: Player
    from_round: int


@dataclass(frozen=True)
class Device:
    """A table device's code (its hash): the table of a session's section it enters
    results for."""

    id: str
    code_hash: str
    session: int
    section: str
    table: int
    revoked: bool = False

    @property
    def table_name(self) -> str:
        """The table as the audit names its device: ``A3``."""
        return f"{self.section}{self.table}"


@dataclass(frozen=True)
class TableEntry:
    """How the tables enter results on their devices (:class:`TableEntryChosen`; these
    defaults for an event that never chose)."""

    ew_confirmation: bool = True
    """The EW pair confirms each result on the device before it is sent."""
    opening_lead: LeadEntry = LeadEntry.OFF
    traveller_after: bool = True
    """A table sees a board's traveller so far once it has sent its own result."""


@dataclass
class Publication:
    position_version: int
    method: str
    method_version: str
    digest: str
    timestamp: dt.datetime
    standings: dict[str, Any] | None = None
    """The standings as published (JSON): what a session shows when the version of its
    method in force is no longer installed (docs/decisions/0024)."""


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
    rounds_enforced: bool = False
    """A result is refused for a round not yet started; by default (and in every event
    of release 0.1.0) results are accepted in any order."""
    swiss: Swiss | None = None
    """The Swiss conditions, draws and score cards, once the event is run as a Swiss."""
    masterpoint_rule: MasterpointRuleChosen | None = None
    """The masterpoint rule and options chosen for the event (JCBL: its class)."""
    masterpoints: dict[int, MasterpointsAwarded] = field(default_factory=dict)
    """Session → its masterpoints as last awarded (a later award supersedes)."""
    zone: str | None = None
    """The zone the event's times are shown and read in (None: it chose none)."""
    devices: dict[str, Device] = field(default_factory=dict)
    """Device id → the table device's code (replaced, never changed in place, on a fold)."""
    public_running: bool = False
    """The public sees the running standings (by default only published sessions)."""
    directors: tuple[str, ...] = ()
    """The store's directors who direct the event on a server (none: every one)."""
    table_entry: TableEntry = field(default_factory=TableEntry)
    """How the tables enter results on their devices."""
    deals: dict[int, dict[int, str]] = field(default_factory=dict)
    """Session → board → its deal as PBN writes it (the hand record; replaced, never
    changed in place, on a fold)."""
    conventions: ConventionsChosen | None = None
    """The convention profile chosen and the options it gave (None: ``jcbl``, every
    scoring method's defaults)."""

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
                    name=event.name,
                    seeding=event.seeding,
                )
            case EntryWithdrawn():
                self.entries[event.entry] = replace(self.entries[event.entry], withdrawn=True)
            case PlayerRenamed() | MemberNumberChanged():
                self.entries[event.entry] = self.entries[event.entry].put_right(event)
            case PlayerSubstituted():
                entry = self.entries[event.entry]
                substitution = Substitution(
                    event.session, event.player, event.substitute, event.from_round
                )
                self.entries[event.entry] = replace(
                    entry, substitutions=(*entry.substitutions, substitution)
                )
            case SessionClosed():
                self.closed.add(event.session)
            case SessionReopened():
                self.closed.discard(event.session)
            case RoundsEnforcementChosen():
                self.rounds_enforced = event.enforced
            case TimeZoneChosen():
                self.zone = event.zone
            case ResultsPublished():
                self.publications.setdefault(event.session, []).append(
                    Publication(
                        event.originator_version,
                        event.method,
                        event.method_version,
                        event.digest,
                        event.timestamp,
                        event.standings,
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
            case SwissStarted():
                self.swiss = Swiss(event)
            case DrawMade() | DrawWithdrawn() | MatchScored():
                assert self.swiss is not None, "a Swiss event's draws follow its conditions"
                self.swiss = self.swiss.folded(event)
            case MasterpointRuleChosen():
                self.masterpoint_rule = event
            case MasterpointsAwarded():
                self.masterpoints = {**self.masterpoints, event.session: event}
            case DeviceIssued():
                device = Device(
                    event.device, event.code_hash, event.session, event.section, event.table
                )
                self.devices = {**self.devices, event.device: device}
            case DeviceRevoked():
                revoked = replace(self.devices[event.device], revoked=True)
                self.devices = {**self.devices, event.device: revoked}
            case PublicViewChosen():
                self.public_running = event.running
            case DirectorsChosen():
                self.directors = event.directors
            case ConventionsChosen():
                self.conventions = event
            case DealsRecorded():
                recorded = {**self.deals.get(event.session, {}), **event.deals}
                self.deals = {**self.deals, event.session: recorded}
            case TableEntryChosen():
                self.table_entry = TableEntry(
                    event.ew_confirmation, event.opening_lead, event.traveller_after
                )


def not_an_event(aggregate_id: UUID) -> NotFound:
    """The error of an id given as an event's that is another record's (a section's)."""
    return NotFound(
        N_("%(id)s is not the id of an event: it is the id of another record."),
        hint=N_("Give the event's id, as the list of events shows it."),
        code="event.not_an_event",
        fix=Fix("event.list"),
        id=str(aggregate_id),
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
        elif state is None:  # the id of a section (or of the access list), not of an event
            raise not_an_event(event.originator_id)
        else:
            state.apply(event)
    return state
