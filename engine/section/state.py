"""The session-section aggregate as its events leave it: movement, seats, rounds, tables.

One aggregate per section keeps score entry in different sections from ever
conflicting.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from datetime import datetime
from fractions import Fraction
from itertools import islice
from operator import attrgetter
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
    ResultsImported,
    RoundEnded,
    RoundStarted,
    ScoreAdjusted,
    ScoreAssigned,
    ScoringChosen,
    SeatsSwapped,
    SectionOpened,
)
from engine.section.results import Result

_FACT = attrgetter("fact")
_KEEP_FACTS = (RoundStarted, RoundEnded, ScoringChosen)
"""Events that leave what a scoring method sees as it was (the section's facts kept)."""
_KEEP_LAYOUT = (
    *_KEEP_FACTS,
    ResultRecorded,
    ResultCorrected,
    ScoreAdjusted,
    BoardDeclaredNeutral,
    ScoreAssigned,
    BoardFouled,
)
"""Events that leave who plays here as it was, but for the pairs a table brings (counted
as it is set)."""
_BOARD_RESULTS = (
    ResultRecorded,
    ResultsImported,
    ResultCorrected,
    ScoreAdjusted,
    BoardDeclaredNeutral,
    ScoreAssigned,
)
"""Events that change what a scoring method sees on their own boards only."""


@dataclass(frozen=True, slots=True)
class TableEntry:
    """What the scorer holds for one table on one board: the fact a scoring method
    sees and, for a played board, the result as the table wrote it."""

    fact: TableResult
    written: Result | None = None
    """The result as the table wrote it, when it says more than the fact (a contract, a
    lead, a round): a result of a score alone is the fact's, made when it is read, so a
    section of a million imported scores holds no Result for each (issue 16)."""

    @property
    def result(self) -> Result | None:
        """The result as the table wrote it (None for a board not played)."""
        f = self.fact
        if self.written is not None or f.score_ns is None:
            return self.written
        return Result(board=f.board, ns=f.ns.number, ew=f.ew.number, score_ns=f.score_ns)

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
    _facts: SectionFacts | None = field(default=None, compare=False, repr=False)
    """The facts as last built, until an event changes them (shared by copies: immutable)."""
    _grown: SectionFacts | None = field(default=None, compare=False, repr=False)
    """Facts built earlier whose results are the first of the tables', in order: only
    new tables came since (a correction or a table taken away forgets them). The next
    facts add the new tables' results to theirs instead of listing every table again."""
    _absent: tuple[Movement, Pair, tuple[tuple[int, Pair], ...]] | None = field(
        default=None, compare=False, repr=False
    )
    """(movement, phantom, the boards each pair plays against it), as last worked out."""
    _played: dict[Pair, int] = field(default_factory=dict, compare=False, repr=False)
    """Pair → the table entries it is in (either line), kept as tables are set."""
    _known: tuple[tuple[Pair, ...], tuple[ScoringField, ...]] | None = field(
        default=None, compare=False, repr=False
    )
    """The known pairs and the fields, until who plays here changes."""
    layout_version: int = field(default=0, compare=False)
    """The version of the last event that changed who plays here (seats, movement, the
    phantom, a pair's first or last table): what is worked out from who plays, not from
    the scores, stays good while it stays."""
    facts_version: int = field(default=0, compare=False)
    """The version of the last event that changed what a scoring method sees beyond the
    results of a board (who plays, the movement, a fouled board)."""
    board_changes: dict[int, int] = field(default_factory=dict, compare=False, repr=False)
    """Board → the version of the last event that changed its results."""

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
        return list(self._layout()[0])

    def fields(self) -> tuple[ScoringField, ...]:
        """Who is ranked against whom: NS and EW of a Mitchell, everyone of a Howell or an
        individual (each player), the teams of a team movement (each by its NS pair)."""
        return self._layout()[1]

    def _layout(self) -> tuple[tuple[Pair, ...], tuple[ScoringField, ...]]:
        """The known pairs and the fields, worked out again only when they change (a
        results-only section's grow with its results: a new pair, not a new result)."""
        if self._known is None:
            if self.movement is not None:
                pairs = tuple(p for p in self.movement.pairs if p != self.phantom)
            else:
                pairs = tuple(sorted(self._played.keys() | self.seats.keys(), key=pair_order))
            self._known = (pairs, self._fields_of(pairs))
        return self._known

    def _fields_of(self, pairs: tuple[Pair, ...]) -> tuple[ScoringField, ...]:
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
        """What a scoring method sees of the section. Built once per change: every read of
        an unchanged section (and its copies) shares one object, so a method may remember
        what it worked out from it."""
        if self._facts is None:
            self._facts = self._build_facts()
        return self._facts

    def _build_facts(self) -> SectionFacts:
        grown = self._grown
        if grown is None:
            results = tuple(map(_FACT, self.tables.values()))
        else:
            new = islice(self.tables.values(), len(grown.results), None)
            results = grown.results + tuple(map(_FACT, new))
        facts = SectionFacts(
            numbering=self.numbering or Numbering.HOWELL,
            fields=self.fields(),
            results=results,
            expected_plays=self.expected_plays(),
            fouled={
                board: tuple(frozenset(self.pair(Line.NS, n) for n in g) for g in groups)
                for board, groups in self.fouled.items()
            },
            absent=self.facing_phantom(),
        )
        if grown is not None:
            facts.grown_from(grown)
        self._grown = facts
        return facts

    def boards_changed_since(self, version: int) -> frozenset[int] | None:
        """The boards whose results changed after ``version`` of this section, or None
        when more than boards' results changed since: what a score worked out at
        ``version`` needs to be brought up to date (live standings, issue 16)."""
        if version > self.version or max(self.facts_version, self.layout_version) > version:
            return None
        return frozenset(b for b, at in self.board_changes.items() if at > version)

    def facing_phantom(self) -> tuple[tuple[int, Pair], ...]:
        """(board, pair) for each board the movement has a pair play against the phantom."""
        movement, phantom = self.movement, self.phantom
        if movement is None or phantom is None:
            return ()
        known = self._absent
        if known is not None and known[0] is movement and known[1] == phantom:
            return known[2]
        found = []
        for e in movement.schedule:
            ns, ew = movement.ns_pair(e), movement.ew_pair(e)
            if phantom in (ns, ew):
                found += [(b, ew if ns == phantom else ns) for b in e.boards]
        self._absent = (movement, phantom, tuple(found))
        return self._absent[2]

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
            _played=dict(self._played),
            board_changes=dict(self.board_changes),
        )

    def _set(
        self,
        board: int,
        ns: int,
        ew: int,
        *,
        result: Result | None = None,
        score_ns: int | None = None,
        neutral: bool = False,
        award_ns: Award | None = None,
        award_ew: Award | None = None,
        weighted: tuple[tuple[Fraction, int], ...] = (),
        split_ew: tuple[tuple[Fraction, int], ...] = (),
    ) -> None:
        """Put a new (immutable) entry for the table of (board, ns, ew) in place: a
        ``result`` as written, or a played ``score_ns`` alone."""
        key = (board, self.pair(Line.NS, ns))
        if result is not None:
            score_ns = result.score_ns
            if _score_alone(result):
                result = None  # the fact says it all (see TableEntry.written)
        fact = TableResult(
            board=board,
            ns=key[1],
            ew=self.pair(Line.EW, ew),
            score_ns=score_ns,
            neutral=neutral,
            award_ns=award_ns,
            award_ew=award_ew,
            weighted=weighted,
            split_ew=split_ew,
        )
        entry = TableEntry(fact, result)
        replaced = self.tables.get(key)
        if replaced is not None:
            self._count(replaced.fact, -1)
            self._grown = None  # a table changed in place
        self._count(fact, 1)
        self.tables[key] = entry
        self._by_ew[(board, entry.ew)] = key
        self.board_changes[board] = self.version

    def _drop(self, board: int, ns: int) -> None:
        entry = self.tables.pop((board, self.pair(Line.NS, ns)))
        self._grown = None
        self._count(entry.fact, -1)
        del self._by_ew[(board, entry.ew)]
        self.board_changes[board] = self.version

    def _count(self, fact: TableResult, by: int) -> None:
        """Count a table's pairs in or out; a pair that comes or goes changes who plays in a
        section without a movement."""
        for pair in (fact.ns, fact.ew):
            n = self._played.get(pair, 0) + by
            if n:
                self._played[pair] = n
            else:
                del self._played[pair]
            if n == (1 if by > 0 else 0) and self.movement is None:
                self._relayout()

    def _relayout(self) -> None:
        self._known = None
        self.layout_version = self.version

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
        if not isinstance(event, _KEEP_FACTS):
            self._facts = None
            if not isinstance(event, _BOARD_RESULTS):
                self.facts_version = self.version
                self._grown = None
        if not isinstance(event, _KEEP_LAYOUT):
            self._relayout()
        match event:
            case ResultRecorded():  # by far the most frequent: first
                r = event.result
                self._set(r.board, r.ns, r.ew, result=r)
                if event.request is not None:
                    self.requests[event.request] = r
            case ResultsImported():
                if event.scores_alone:  # the columns themselves: no Result to make
                    columns = (event.board, event.ns, event.ew, event.score_ns)
                    for board, ns, ew, score in zip(*columns, strict=True):
                        self._set(board, ns, ew, score_ns=score)
                else:
                    for r in event.results():
                        self._set(r.board, r.ns, r.ew, result=r)
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


def _score_alone(result: Result) -> bool:
    """Whether ``result`` says nothing but its table's score."""
    return (
        result.contract is None
        and result.declarer is None
        and result.tricks is None
        and result.lead is None
        and result.round is None
        and result.table is None
    )
