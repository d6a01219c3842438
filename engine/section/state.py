"""The session-section aggregate as its events leave it: movement, seats, rounds, tables.

One aggregate per section keeps score entry in different sections from ever
conflicting.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from datetime import datetime
from fractions import Fraction
from typing import Any
from uuid import UUID

from engine.events import DomainEvent
from engine.movement import Movement
from engine.scoring import TEAMS, Award, ScoringField, SectionFacts, TableResult
from engine.seating import Line, Numbering, Pair, pair_at, pair_order
from engine.section.events import (
    BoardDeclaredNeutral,
    BoardFouled,
    MovementAssigned,
    NumberingChosen,
    PairsSeated,
    ResultCorrected,
    ResultRecorded,
    RoundEnded,
    RoundStarted,
    ScoreAdjusted,
    ScoreAssigned,
    ScoringChosen,
    SeatsSwapped,
    SectionOpened,
)
from engine.section.results import Result


@dataclass(frozen=True, slots=True)
class TableEntry:
    """What the scorer holds for one table on one board: the fact a scoring method
    sees and, for a played board, the result as the table wrote it."""

    fact: TableResult
    result: Result | None = None

    @property
    def board(self) -> int:
        return self.fact.board

    @property
    def ns(self) -> Pair:
        return self.fact.ns

    @property
    def ew(self) -> Pair:
        return self.fact.ew

    @property
    def neutral(self) -> bool:
        return self.fact.neutral

    @property
    def award_ns(self) -> Award | None:
        return self.fact.award_ns

    @property
    def award_ew(self) -> Award | None:
        return self.fact.award_ew


@dataclass
class Section:
    """A section as its events leave it."""

    id: UUID
    version: int
    created_on: datetime
    modified_on: datetime
    tournament: UUID
    session: int
    name: str
    numbering: Numbering | None = None
    movement: Movement | None = None
    movement_options: dict[str, Any] = field(default_factory=dict)
    seats: dict[Pair, str] = field(default_factory=dict)
    phantom: Pair | None = None
    rounds_started: list[int] = field(default_factory=list)
    rounds_ended: list[int] = field(default_factory=list)
    tables: dict[tuple[int, Pair], TableEntry] = field(default_factory=dict)
    """(board, NS pair) → the table's entry."""
    _by_ew: dict[tuple[int, Pair], tuple[int, Pair]] = field(default_factory=dict)
    fouled: dict[int, tuple[tuple[int, ...], ...]] = field(default_factory=dict)
    """Board → groups of NS pair numbers that played each version of a fouled board."""
    scoring: tuple[str, dict[str, Any]] | None = None
    """The section's own (method, options), when it was chosen apart from the event's."""
    scoring_version: str | None = None
    """The version of its own method in force, as the choice recorded it (None: a choice
    made before versions were recorded; see :mod:`engine.in_force`)."""
    requests: dict[str, Result] = field(default_factory=dict)
    """Idempotency key → the result its request recorded (the answer to a resent request)."""
    _plays: tuple[tuple[int, Pair | None], dict[int, int]] | None = None
    _pairs: dict[Line, dict[int, Pair]] = field(default_factory=lambda: {Line.NS: {}, Line.EW: {}})

    # -- reading --------------------------------------------------------------------------

    def pair(self, line: Line, number: int) -> Pair:
        """The pair sitting ``line`` with ``number`` (pairs are made once per section)."""
        known = self._pairs[line]
        pair = known.get(number)
        if pair is None:
            assert self.numbering is not None
            pair = known[number] = pair_at(self.numbering, line, number)
        return pair

    def entry_for(self, board: int, pair: Pair) -> TableEntry | None:
        """The table entry in which ``pair`` (either line) took part on ``board``."""
        found = self.tables.get((board, pair))
        if found is not None and found.ns == pair:
            return found
        key = self._by_ew.get((board, pair))
        return None if key is None else self.tables[key]

    def entries(self) -> Iterator[TableEntry]:
        return iter(self.tables.values())

    @property
    def current_round(self) -> int | None:
        return self.rounds_started[-1] if self.rounds_started else None

    def known_pairs(self) -> list[Pair]:
        """Every pair that plays here: the movement's less the phantom, or those with results."""
        if self.movement is not None:
            return [p for p in self.movement.pairs if p != self.phantom]
        seen = {t.ns for t in self.tables.values()} | {t.ew for t in self.tables.values()}
        seen |= set(self.seats)
        return sorted(seen, key=pair_order)

    def fields(self) -> tuple[ScoringField, ...]:
        """Who is ranked against whom: NS and EW of a Mitchell, everyone of a Howell or an
        individual (each player), the teams of a team movement (each by its NS pair)."""
        pairs = self.known_pairs()
        if self.movement is not None and self.movement.kind == "teams":
            return (ScoringField(TEAMS, tuple(p for p in pairs if p.line is Line.NS)),)
        if self.numbering is Numbering.MITCHELL:
            return tuple(
                ScoringField(line.value, tuple(p for p in pairs if p.line is line)) for line in Line
            )
        return (ScoringField("ALL", tuple(pairs)),)

    def expected_plays(self) -> dict[int, int]:
        """Board → how often the movement has it played, the phantom's tables left out."""
        if self.movement is None:
            return {}
        if self._plays is None or self._plays[0] != (id(self.movement), self.phantom):
            plays: dict[int, int] = {}
            for e in self.movement.schedule:
                if self.phantom in (self.movement.ns_pair(e), self.movement.ew_pair(e)):
                    continue
                for b in e.boards:
                    plays[b] = plays.get(b, 0) + 1
            self._plays = ((id(self.movement), self.phantom), plays)
        return self._plays[1]

    def missing_results(self, round: int) -> list[tuple[int, Pair, Pair]]:
        """(board, NS, EW) of every table of ``round`` the movement schedules that has no
        result yet, the phantom's tables left out; NS is the pair holding the NS cards
        (on an arrow-switched board, the pair numbered EW), as the result is entered."""
        assert self.movement is not None
        missing = []
        for e in self.movement.round(round):
            ns, ew = self.movement.cards(e)
            if self.phantom in (ns, ew):
                continue
            missing += [(b, ns, ew) for b in e.boards if self.entry_for(b, ns) is None]
        return missing

    def facts(self) -> SectionFacts:
        return SectionFacts(
            numbering=self.numbering or Numbering.HOWELL,
            fields=self.fields(),
            results=tuple(t.fact for t in self.tables.values()),
            expected_plays=self.expected_plays(),
            fouled={
                board: tuple(frozenset(self.pair(Line.NS, n) for n in g) for g in groups)
                for board, groups in self.fouled.items()
            },
            absent=self.facing_phantom(),
        )

    def facing_phantom(self) -> tuple[tuple[int, Pair], ...]:
        """(board, pair) for each board the movement has a pair play against the phantom."""
        movement, phantom = self.movement, self.phantom
        if movement is None or phantom is None:
            return ()
        found = []
        for e in movement.schedule:
            ns, ew = movement.ns_pair(e), movement.ew_pair(e)
            if phantom in (ns, ew):
                found += [(b, ew if ns == phantom else ns) for b in e.boards]
        return tuple(found)

    # -- folding --------------------------------------------------------------------------

    def copy(self) -> Section:
        """A copy to fold new events into, leaving this one (perhaps cached) untouched.

        Table entries are immutable, so copying the containers is enough."""
        return replace(
            self,
            seats=dict(self.seats),
            rounds_started=list(self.rounds_started),
            rounds_ended=list(self.rounds_ended),
            tables=dict(self.tables),
            _by_ew=dict(self._by_ew),
            requests=dict(self.requests),
        )

    def _set(
        self,
        board: int,
        ns: int,
        ew: int,
        *,
        result: Result | None = None,
        neutral: bool = False,
        award_ns: Award | None = None,
        award_ew: Award | None = None,
        weighted: tuple[tuple[Fraction, int], ...] = (),
        split_ew: tuple[tuple[Fraction, int], ...] = (),
    ) -> None:
        """Put a new (immutable) entry for the table of (board, ns, ew) in place."""
        key = (board, self.pair(Line.NS, ns))
        fact = TableResult(
            board=board,
            ns=key[1],
            ew=self.pair(Line.EW, ew),
            score_ns=None if result is None else result.score_ns,
            neutral=neutral,
            award_ns=award_ns,
            award_ew=award_ew,
            weighted=weighted,
            split_ew=split_ew,
        )
        entry = TableEntry(fact, result)
        self.tables[key] = entry
        self._by_ew[(board, entry.ew)] = key

    def _drop(self, board: int, ns: int) -> None:
        entry = self.tables.pop((board, self.pair(Line.NS, ns)))
        del self._by_ew[(board, entry.ew)]

    def _swap(self, first: Pair, second: Pair) -> None:
        """Exchange two seats' entries; the phantom (an empty seat) moves with them."""
        a, b = self.seats.pop(first, None), self.seats.pop(second, None)
        if b is not None:
            self.seats[first] = b
        if a is not None:
            self.seats[second] = a
        if self.phantom in (first, second):
            self.phantom = second if self.phantom == first else first
        self.expected_plays()

    def apply(self, event: DomainEvent) -> None:
        """Fold one more event into this state (the body runs again at every replay)."""
        self.version = event.originator_version
        self.modified_on = event.timestamp
        match event:
            case ResultRecorded():  # by far the most frequent: first
                r = event.result
                self._set(r.board, r.ns, r.ew, result=r)
                if event.request is not None:
                    self.requests[event.request] = r
            case NumberingChosen():
                self.numbering = event.numbering
                self._pairs = {Line.NS: {}, Line.EW: {}}
            case MovementAssigned():
                # A movement assigned (again) starts the section afresh: the seats that
                # follow it are the only ones, and play starts from round 1.
                self.movement = event.movement
                self.movement_options = event.options
                self.numbering = event.movement.numbering
                self._pairs = {Line.NS: {}, Line.EW: {}}
                self.seats = {}
                self.phantom = None
                self.rounds_started = []
                self.rounds_ended = []
                self.expected_plays()
            case PairsSeated():
                self.seats.update({Pair.parse(k): v for k, v in event.seats.items()})
                self.phantom = None if event.phantom is None else Pair.parse(event.phantom)
                for pair in list(self.seats):
                    if pair == self.phantom:
                        del self.seats[pair]
                self.expected_plays()
            case RoundStarted():
                self.rounds_started.append(event.round)
            case RoundEnded():
                self.rounds_ended.append(event.round)
            case ResultCorrected():
                self._drop(event.board, event.ns)
                r = event.result
                self._set(r.board, r.ns, r.ew, result=r)
            case ScoreAdjusted():
                self._set(
                    event.board,
                    event.ns,
                    event.ew,
                    award_ns=Award.parse(event.award_ns),
                    award_ew=Award.parse(event.award_ew),
                )
            case BoardDeclaredNeutral():
                self._set(event.board, event.ns, event.ew, neutral=True)
            case ScoreAssigned():
                self._set(
                    event.board,
                    event.ns,
                    event.ew,
                    weighted=tuple((Fraction(w), score) for w, score in event.outcomes),
                    split_ew=tuple((Fraction(w), score) for w, score in event.outcomes_ew or ()),
                )
            case BoardFouled():
                self.fouled = {**self.fouled, event.board: event.groups}
            case ScoringChosen():
                self.scoring = (event.method, dict(event.options))
                self.scoring_version = event.version
            case SeatsSwapped():
                self._swap(Pair.parse(event.first), Pair.parse(event.second))


def project_section(state: Section | None, events: Iterable[DomainEvent]) -> Section | None:
    """The projector the repository and every replay use."""
    for event in events:
        if isinstance(event, SectionOpened):
            state = Section(
                id=event.originator_id,
                version=event.originator_version,
                created_on=event.timestamp,
                modified_on=event.timestamp,
                tournament=event.tournament,
                session=event.session,
                name=event.section,
            )
        else:
            assert state is not None, "a section's history starts with SectionOpened"
            state.apply(event)
    return state
