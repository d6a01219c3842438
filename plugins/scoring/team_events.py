"""Team events scored from the store: IMP matches (or VPs), board-a-match, B-a-M + VP and
knockout matches with carry-over.

A team section is recorded table by table, as a pairs section is, in a team movement
(``kind="teams"``, Mitchell numbering): team t's North-South pair is NS t, at its home
table, and its East-West pair EW t, at the opponents' (JCBL manual part 2 ch. 6 §2, "NS
at home, EW away"). Two results make one board of a match: board 5 played by NS 1
against EW 2 and by NS 2 against EW 1 is board 5 of the match 1 v 2, and team 1's net
score on it is NS 1's score less NS 2's. Every board two teams compared in the section
is their match, whichever rounds the two tables played it in (a round robin, an American
Whist, a Swiss round, a knockout segment). The matches are scored by the functions of
:mod:`plugins.scoring.teams`; this module finds them in the recorded results and turns
their points into a section's score (docs/decisions/0010-team-events-in-the-store.md).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar, Literal, Protocol, TypeGuard, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from engine.errors import InvalidInput
from engine.hookspecs import hookimpl
from engine.imps import THRESHOLDS, imps
from engine.movement import Movement
from engine.numbers import round_half_up, show
from engine.registry import VictoryPointScale
from engine.scoring import (
    Award,
    PairTotal,
    ScoredResult,
    SectionFacts,
    SectionScore,
    TableResult,
)
from engine.seating import Line, Pair
from engine.teams import MatchBoard, TeamMatch
from plugins.scoring.comparison import (
    NEUTRAL,
    Blend,
    Compared,
    adjusted_points,
    by_weight,
    mean,
    versions,
)
from plugins.scoring.houston import match_victory_points
from plugins.scoring.teams import (
    BamOptions,
    KnockoutOptions,
    MatchResult,
    RoundRobin,
    bam_margin_vp,
    bam_points,
    board_a_match,
    imp_match,
    round_robin,
)
from plugins.scoring.vp_scales import VpScaleOptions

Outcome = int | tuple[Award, Award] | Blend
"""A table's result as scoring sees it: a played NS score, an artificial score for each
side (a neutral table's is average to both), or a weighted assigned score."""

IMP_TOP = Fraction(len(THRESHOLDS))
"""The most IMPs one board of a match can give: the IMP table's last row, 24."""
BAM_TOP = Fraction(2)
"""A board-a-match board: 2 points, shared by the two teams."""
BAM_VP_STAKE = Fraction(6)
"""The VPs a B-a-M + VP round shares between its two teams (6–0 to 3–3)."""


# ---- the matches of a section -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardTables:
    """One board of a match: its two tables, as positions in the section's results."""

    board: int
    home: int | None
    """The table where the home team's NS pair played the visitors' EW pair (None: not
    recorded)."""
    away: int | None
    """The table where the visitors' NS pair played the home team's EW pair."""


@dataclass(frozen=True, slots=True)
class MatchTables:
    """Two teams' match in a section, board by board; the lower-numbered team is "home"."""

    home: int
    away: int
    boards: tuple[BoardTables, ...]


@dataclass(frozen=True, slots=True)
class TeamResults:
    """A team section's recorded results read as matches."""

    outcomes: tuple[Outcome, ...]
    """Each result's outcome, in the section's order."""
    matches: tuple[MatchTables, ...]
    unmatched: tuple[int, ...]
    """Results (positions) that score nothing: a played or weighted score whose other
    table, the same board between the same two teams the other way round, is not recorded."""


def _awarded(outcome: Outcome | None) -> TypeGuard[tuple[Award, Award]]:
    """Whether ``outcome`` is an artificial score for each side (a neutral table's too)."""
    return isinstance(outcome, tuple) and isinstance(outcome[0], Award)


def _compared(outcome: Outcome | None) -> TypeGuard[Compared]:
    """Whether ``outcome`` is a score set against the other table's: played or weighted."""
    return outcome is not None and not _awarded(outcome)


def read_matches(results: Sequence[TableResult]) -> TeamResults:
    """The matches the recorded ``results`` of a team section make.

    A board of the match a v b is the board played by NS a against EW b and by NS b
    against EW a. It counts once both tables are recorded, or as soon as one of them
    carries an artificial score (or is neutral), which needs no other table; a played
    score alone waits for its other table and scores nothing until then.
    """
    outcomes = tuple(r.outcome(NEUTRAL, weighted=True) for r in results)
    tables: dict[tuple[int, int, int], int] = {}
    for i, r in enumerate(results):
        if r.ns.line is not Line.NS or r.ew.line is not Line.EW:
            raise InvalidInput(
                f"Board {r.board}, {r.ns} v {r.ew} is not a table of a team match: a team's "
                "NS pair sits at its home table and its EW pair at the opponents'.",
                hint="Score a section played in a team movement (round-robin, american-whist, "
                "bam …) by a team method, and a pairs section by matchpoints, houston or "
                "cross-imps (`--scoring`).",
            )
        if r.ns.number == r.ew.number:
            raise InvalidInput(
                f"Board {r.board}: team {r.ns.number}'s NS pair is recorded against its own "
                "EW pair.",
                hint="Correct the result with the EW pair that sat at the table "
                "(`traveller result correct`).",
            )
        key = (r.board, r.ns.number, r.ew.number)
        if key in tables:
            raise InvalidInput(
                f"Board {r.board}, {r.ns} v {r.ew} is recorded twice.",
                hint="Keep one result for the table (`traveller result correct`).",
            )
        tables[key] = i

    boards: dict[tuple[int, int], list[BoardTables]] = defaultdict(list)
    unmatched: list[int] = []
    for board, home, away in sorted({(b, min(n, e), max(n, e)) for b, n, e in tables}):
        at_home, at_away = tables.get((board, home, away)), tables.get((board, away, home))
        recorded = [i for i in (at_home, at_away) if i is not None]
        if len(recorded) == 2 or any(_awarded(outcomes[i]) for i in recorded):
            boards[home, away].append(BoardTables(board, at_home, at_away))
        else:
            unmatched += recorded
    matches = tuple(MatchTables(h, a, tuple(bs)) for (h, a), bs in sorted(boards.items()))
    return TeamResults(outcomes, matches, tuple(sorted(unmatched)))


# ---- scoring the boards of a match ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardRule:
    """How a team method scores one board of a match."""

    played: Callable[[TeamMatch], Iterable[tuple[int, int]]]
    """Each board of a match of played scores: (home team's points, visitors' points)."""
    value: Callable[[int], int]
    """The points of the team with a net score: for weighting an assigned score."""
    awarded: Callable[[Sequence[Award]], Fraction]
    """A team's points on a board from its artificial scores at the board's tables."""


@dataclass(frozen=True, slots=True)
class BoardScore:
    """One board of a match scored: each team's points on it."""

    tables: BoardTables
    home: Fraction
    away: Fraction
    net: Fraction | None
    """The home team's net score (NS score at home less the visitors' NS score; the
    weighted average of an assigned score); None for a board settled by artificial scores."""


@dataclass(frozen=True, slots=True)
class MatchScore:
    """A match scored: its boards, and what the match itself adds (B-a-M + VP's VPs)."""

    home: int
    away: int
    boards: tuple[BoardScore, ...]
    home_bonus: Fraction = Fraction(0)
    away_bonus: Fraction = Fraction(0)
    stake: Fraction = Fraction(0)
    """What the bonuses share: the most a team can earn from the match beyond its boards."""

    def total(self, team: int) -> Fraction:
        """What ``team`` (home or away) earned from the match, boards and bonus."""
        if team == self.home:
            return sum((b.home for b in self.boards), self.home_bonus)
        return sum((b.away for b in self.boards), self.away_bonus)


def weighed(mine: Compared, theirs: Compared, value: Callable[[int], int]) -> Fraction:
    """``value`` of the net score ``mine`` − ``theirs``; an assigned score weighted by
    law 12C1(c) earns the weighted sum of the value of each of its scores."""
    return Fraction(by_weight(mine, lambda s: by_weight(theirs, lambda t: value(s - t))))


def score_matches(facts: SectionFacts, rule: BoardRule) -> tuple[MatchScore, ...]:
    """Every match of a team section scored board by board by ``rule``."""
    read = read_matches(facts.results)
    return tuple(_score_match(facts, read, m, rule) for m in read.matches)


def _score_match(
    facts: SectionFacts, read: TeamResults, match: MatchTables, rule: BoardRule
) -> MatchScore:
    sides = {b.board: _sides(facts, read, b) for b in match.boards}
    scored: dict[int, BoardScore] = {}
    plain: list[tuple[BoardTables, MatchBoard]] = []
    for b in match.boards:
        home, away = sides[b.board]
        if isinstance(home, int) and isinstance(away, int):
            plain.append((b, MatchBoard(b.board, home, away)))
    if plain:
        played = TeamMatch(match.home, match.away, tuple(board for _, board in plain))
        for (b, board), (home, away) in zip(plain, rule.played(played), strict=True):
            scored[b.board] = BoardScore(b, Fraction(home), Fraction(away), Fraction(board.net))
    for b in match.boards:
        if b.board not in scored:
            scored[b.board] = _other_board(b, *sides[b.board], rule)
    return MatchScore(match.home, match.away, tuple(scored[b.board] for b in match.boards))


def _sides(
    facts: SectionFacts, read: TeamResults, b: BoardTables
) -> tuple[Outcome | None, Outcome | None]:
    """The outcome at each table of a board; two versions of a fouled board are not
    compared, and the board is neutral to both teams."""
    home = None if b.home is None else read.outcomes[b.home]
    away = None if b.away is None else read.outcomes[b.away]
    if b.home is not None and b.away is not None and _compared(home) and _compared(away):
        same = any(len(tables) == 2 for _, tables in versions(facts, b.board, [b.home, b.away]))
        if not same:
            return (NEUTRAL, NEUTRAL), (NEUTRAL, NEUTRAL)
    return home, away


def _other_board(
    b: BoardTables, home: Outcome | None, away: Outcome | None, rule: BoardRule
) -> BoardScore:
    """A board with a weighted assigned score, or one settled by artificial scores."""
    if _compared(home) and _compared(away):
        net = Fraction(mean(home) - mean(away))
        return BoardScore(b, weighed(home, away, rule.value), weighed(away, home, rule.value), net)
    # The home team sits NS at its own table and EW at the visitors'; a played score
    # beside an artificial one is not compared and adds nothing.
    home_awards = [o[i] for o, i in ((home, 0), (away, 1)) if _awarded(o)]
    away_awards = [o[i] for o, i in ((home, 1), (away, 0)) if _awarded(o)]
    return BoardScore(b, rule.awarded(home_awards), rule.awarded(away_awards), None)


# ---- a section's score ------------------------------------------------------------------------


def section_score(
    name: str, version: str, facts: SectionFacts, matches: Sequence[MatchScore], top: Fraction
) -> SectionScore:
    """The section's score from its matches: each table shows its board's points from
    its own side, and each team of the field its total over its matches.

    Both tables of a board show the same comparison (NS 1's table team 1's points first,
    NS 2's team 2's), so a team's total is the sum over its matches, not over tables."""
    points = [(Fraction(0), Fraction(0))] * len(facts.results)
    for m in matches:
        for b in m.boards:
            if b.tables.home is not None:
                points[b.tables.home] = (b.home, b.away)
            if b.tables.away is not None:
                points[b.tables.away] = (b.away, b.home)
    earned: dict[int, Fraction] = defaultdict(Fraction)
    maximum: dict[int, Fraction] = defaultdict(Fraction)
    boards: dict[int, int] = defaultdict(int)
    for m in matches:
        for team in (m.home, m.away):
            earned[team] += m.total(team)
            maximum[team] += top * len(m.boards) + m.stake
            boards[team] += len(m.boards)
    teams = sorted({p.number for f in facts.fields for p in f.pairs})
    totals = {
        Pair(t, Line.NS): PairTotal(Pair(t, Line.NS), earned[t], maximum[t], earned[t], boards[t])
        for t in teams
    }
    return SectionScore(
        method=name,
        version=version,
        tops={board: top for board in sorted({r.board for r in facts.results})},
        results=tuple(ScoredResult(r, *points[i]) for i, r in enumerate(facts.results)),
        totals=totals,
    )


def match_sheet(score: SectionScore) -> tuple[ScoredResult, ...]:
    """One line per board of each match, the two teams (by their NS pairs) as its sides,
    each with its points on the board: the form :func:`houston.match_victory_points` reads."""
    read = read_matches([s.result for s in score.results])
    lines = []
    for m in read.matches:
        sides = (Pair(m.home, Line.NS), Pair(m.away, Line.NS))
        for b in m.boards:
            if b.home is not None:
                s = score.results[b.home]
                points = (s.points_ns, s.points_ew)
            else:
                assert b.away is not None  # a board of a match has at least one table
                s = score.results[b.away]
                points = (s.points_ew, s.points_ns)
            lines.append(ScoredResult(TableResult(b.board, *sides), *points))
    return tuple(lines)


# ---- the methods ------------------------------------------------------------------------------


class TeamImpsOptions(VpScaleOptions):
    """What adjusted scores are worth, and whether matches become victory points."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    average_plus_imps: int = Field(
        3,
        ge=0,
        description="IMPs on the board for average plus (law 12C2: 3); average minus is "
        "as many below 0.",
    )


class TeamImps:
    """Team matches scored in IMPs (or victory points): JCBL manual part 2 ch. 6 §2–4.

    On each board of a match a team's net score is its NS pair's score at its home table
    less the opponents' NS score at theirs; the IMP table turns it into IMPs, which the
    other team loses. Every board two teams played against each other in the section,
    whichever rounds, is their match. A team's total is its IMPs over all its matches,
    or with ``scale`` (``vp_scale``) the VPs each match's margin is worth on that scale,
    read for ``boards`` boards when that option is given.

    Adjusted scores: average plus is +3 IMPs on the board, average minus -3, average 0
    (A60 and A40 the same); a neutral board is 0 to both teams. An artificial score at
    one table settles the board: the other table's score is not compared. Given at both
    tables, a team's two scores add up. A weighted assigned score (such as ⅔ of 4S made
    and ⅓ one off) earns the weighted IMPs of each of its scores. A result whose other
    table is not recorded yet scores nothing. A fouled board played in different
    versions at the two tables is neutral.
    """

    name: ClassVar[str] = "team-imps"
    aliases: ClassVar[tuple[str, ...]] = ("imp-teams", "teams-imps", "imp-match")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = TeamImpsOptions

    def score(self, facts: SectionFacts, options: TeamImpsOptions) -> SectionScore:
        """Each board's IMPs to both teams, and each team's total IMPs."""
        return section_score(self.name, self.version, facts, self.matches(facts, options), IMP_TOP)

    def matches(self, facts: SectionFacts, options: TeamImpsOptions) -> tuple[MatchScore, ...]:
        """Every match of the section in IMPs, board by board."""

        def awarded(awards: Sequence[Award]) -> Fraction:
            return sum((adjusted_points(a, options.average_plus_imps) for a in awards), Fraction(0))

        rule = BoardRule(
            played=lambda match: ((b.imps, -b.imps) for b in imp_match(match).boards),
            value=imps,
            awarded=awarded,
        )
        return score_matches(facts, rule)

    def victory_points(self, score: SectionScore, scale: VictoryPointScale) -> SectionScore:
        """``score`` with each match's IMP margin as VPs on ``scale``; the boards keep their IMPs.

        The margin is half the difference of the two teams' IMPs over the match (each
        team's IMPs when every board is balanced), rounded to a whole IMP, an exact half
        away from zero; a team's ``maximum`` is the VPs at stake in its matches."""
        converted = match_victory_points(replace(score, results=match_sheet(score)), scale)
        return replace(score, totals=converted.totals)


def _bam_rule(options: BamOptions) -> BoardRule:
    """Board-a-match points: 2 won, 1 tied, 0 lost; an artificial score is its share of 2."""

    def awarded(awards: Sequence[Award]) -> Fraction:
        # adjusted_points(·, 1) is (percentage - 50) / 10: A+ and A60 are 60 % of the board.
        return BAM_TOP * (
            Fraction(1, 2) + sum((adjusted_points(a, 1) for a in awards), Fraction(0)) / 10
        )

    return BoardRule(
        played=lambda match: (
            (b.home_points, b.away_points) for b in board_a_match(match, options).boards
        ),
        value=lambda net: bam_points(net, options.tie_margin),
        awarded=awarded,
    )


class BoardAMatch:
    """Board-a-match (B-a-M): every board is won (2), tied (1) or lost (0): JCBL manual
    part 2 ch. 6 §11-1.

    A team wins a board when its net score — its NS pair's score at home less the
    opponents' NS score at theirs — is more than the tie margin (0 unless set); the two
    teams share the board's 2 points. A team's total is its points over all its boards.

    Adjusted scores: average plus is 60 % of the board (1.2 points), average 1, average
    minus 0.8 (A55 is 1.1); a neutral board is 1 to both teams. An artificial score at one
    table settles the board; given at both tables, a team's two shares add up. A weighted
    assigned score earns the weighted points of each of its scores. A result whose other
    table is not recorded yet scores nothing.
    """

    name: ClassVar[str] = "board-a-match"
    aliases: ClassVar[tuple[str, ...]] = ("bam", "b-a-m")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = BamOptions

    def score(self, facts: SectionFacts, options: BamOptions) -> SectionScore:
        """Each board's B-a-M points to both teams, and each team's total."""
        return section_score(self.name, self.version, facts, self.matches(facts, options), BAM_TOP)

    def matches(self, facts: SectionFacts, options: BamOptions) -> tuple[MatchScore, ...]:
        """Every match of the section in board-a-match points."""
        return score_matches(facts, _bam_rule(options))


class BamVp:
    """B-a-M + VP: board-a-match points plus 6 VPs a round for the net margin: JCBL
    manual part 2 ch. 6 §11-1.

    Each board gives 2, 1 or 0 board-a-match points, as in plain board-a-match. Each
    match (the boards two teams play against each other) then shares 6 VPs by the
    teams' total net score over its boards:

    ========  ==============  ===================
    VPs       2 boards        3 or more boards
    ========  ==============  ===================
    6–0       520 or more     750 or more
    5–1       230–510         330–740
    4–2       60–220          90–320
    3–3       0–50            0–80
    ========  ==============  ===================

    A team's score is its B-a-M points plus its VPs (the manual's report form: team 3
    wins board 3 by 210, team 1 board 4 by 460; team 1 is 250 up, 5–1; team 3 scores 3,
    team 1 7). A board settled by artificial scores adds its points but no net score.
    A match with a single board has no row in the table: it scores its board-a-match
    points and gets its VPs once a second board is compared.
    """

    name: ClassVar[str] = "bam-vp"
    aliases: ClassVar[tuple[str, ...]] = ("bam+vp", "b-a-m-vp", "board-a-match-vp")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = BamOptions

    def score(self, facts: SectionFacts, options: BamOptions) -> SectionScore:
        """Each board's B-a-M points to both teams, and each team's points plus VPs."""
        return section_score(self.name, self.version, facts, self.matches(facts, options), BAM_TOP)

    def matches(self, facts: SectionFacts, options: BamOptions) -> tuple[MatchScore, ...]:
        """Every match of the section: board-a-match points, and each match's VPs."""
        return tuple(_with_vps(m) for m in score_matches(facts, _bam_rule(options)))


def _with_vps(match: MatchScore) -> MatchScore:
    """``match`` with the VPs of its net margin (none yet for a one-board match)."""
    if len(match.boards) < 2:
        return match
    net = sum((b.net for b in match.boards if b.net is not None), Fraction(0))
    home, away = bam_margin_vp(net, len(match.boards))
    return replace(match, home_bonus=Fraction(home), away_bonus=Fraction(away), stake=BAM_VP_STAKE)


# ---- knockout ---------------------------------------------------------------------------------


TieRule = Literal["extra-boards", "carry-over"]
"""How a knockout match level on IMPs after its last segment is decided."""


class KnockoutMatchOptions(KnockoutOptions):
    """The IMPs each team brings into the match, how a level match is decided, and what
    an artificial adjusted score is worth."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tie: TieRule = Field(
        "extra-boards",
        description="A match level after its last segment: extra-boards (it is not decided; "
        "play the extra boards the conditions of contest name and record them as one more "
        "segment) or carry-over (the team that brought the larger carry-over goes through; "
        "equal carry-overs play extra boards).",
    )
    average_plus_imps: int = Field(
        3,
        ge=0,
        description="IMPs on the board for average plus (law 12C2: 3); average minus is "
        "as many below 0.",
    )


@dataclass(frozen=True, slots=True)
class SegmentFacts:
    """One segment of a knockout match as recorded: the boards of one round (or the whole
    section, with no movement) of one session, and who its two teams are."""

    session: int
    rounds: tuple[int, ...]
    """The movement's rounds the segment's boards were scheduled in (none: unscheduled
    boards, such as extra boards after a level match, or a section with no movement)."""
    facts: SectionFacts
    teams: Mapping[int, Hashable]
    """Team number in the section → who the team is, the same from session to session
    (its players); a team not in it is known by its number."""


def segments_of(
    session: int, facts: SectionFacts, movement: Movement | None, teams: Mapping[int, Hashable]
) -> tuple[SegmentFacts, ...]:
    """A session's section cut into the segments of a knockout match: the boards of each
    round of its movement, in round order, then any boards the movement does not list.

    A section with no movement, or with no result yet, is one segment."""
    if movement is None:
        return (SegmentFacts(session, (), facts, teams),)
    round_of = {b: e.round for e in movement.schedule for b in e.boards}
    by_round: dict[int | None, list[TableResult]] = defaultdict(list)
    for r in facts.results:
        by_round[round_of.get(r.board)].append(r)
    order = sorted(n for n in by_round if n is not None)
    cut = [*order, None] if None in by_round else order
    found = tuple(
        SegmentFacts(session, () if n is None else (n,), replace(facts, results=tuple(rs)), teams)
        for n in cut
        if (rs := by_round[n])
    )
    return found or (SegmentFacts(session, (), facts, teams),)


@dataclass(frozen=True, slots=True)
class KnockoutSegment:
    """One segment of a knockout match: the IMPs each team won in it, and the running
    score after it (the carry-over included)."""

    session: int
    rounds: tuple[int, ...]
    boards: int
    home_imps: Fraction
    away_imps: Fraction
    home_running: Fraction
    away_running: Fraction

    def to_json(self) -> dict[str, Any]:
        return {
            "session": self.session,
            "rounds": list(self.rounds),
            "boards": self.boards,
            "home_imps": show(self.home_imps),
            "away_imps": show(self.away_imps),
            "home_running": show(self.home_running),
            "away_running": show(self.away_running),
        }


@dataclass(frozen=True, slots=True)
class KnockoutMatch:
    """A knockout match from the store: each team's carry-over, every segment's IMPs and
    the running score, and who is ahead (JCBL manual part 2 ch. 6 §2, §7)."""

    home: Hashable
    """The home team: the lower-numbered team of the first segment."""
    away: Hashable
    carry_over_home: Fraction
    carry_over_away: Fraction
    segments: tuple[KnockoutSegment, ...]
    tie: TieRule

    @property
    def home_total(self) -> Fraction:
        return self.segments[-1].home_running if self.segments else self.carry_over_home

    @property
    def away_total(self) -> Fraction:
        return self.segments[-1].away_running if self.segments else self.carry_over_away

    @property
    def ahead(self) -> Hashable | None:
        """The team that goes through if the match ends now: more IMPs, or on a level
        score what the tie rule says; ``None`` while nothing separates them."""
        decided = self.decided_by
        if decided == "imps":
            return self.home if self.home_total > self.away_total else self.away
        if decided == "carry-over":
            return self.home if self.carry_over_home > self.carry_over_away else self.away
        return None

    @property
    def decided_by(self) -> Literal["imps", "carry-over"] | None:
        """What puts :attr:`ahead` ahead: the IMPs, or (level) the carry-over."""
        if self.home_total != self.away_total:
            return "imps"
        if self.tie == "carry-over" and self.carry_over_home != self.carry_over_away:
            return "carry-over"
        return None


def _gained(match: MatchScore) -> tuple[Fraction, Fraction]:
    """The IMPs each team of ``match`` won: the home team's on the boards it gained on,
    the visitors' on theirs."""
    home = sum((max(b.home, Fraction(0)) for b in match.boards), Fraction(0))
    away = sum((max(b.away, Fraction(0)) for b in match.boards), Fraction(0))
    return home, away


def _law_86b(board: BoardScore) -> Fraction:
    """The home team's IMPs on a knockout board: a non-balancing adjusted score (A+ to
    both teams) is averaged, each team scoring half the difference (law 86B); a
    balancing board keeps its IMPs."""
    return (board.home - board.away) / 2


class KnockoutImps:
    """A knockout match in IMPs, with carry-over between segments: JCBL manual part 2 ch. 6
    §2–3 and §7.

    Two teams play the match in segments — the rounds of a session (a half, 前半 and 後半)
    or its sessions — and the team with more IMPs after the last segment goes through.
    Each team may bring a carry-over into the match (``carry_over_home`` for team 1, the
    home team of the first segment; ``carry_over_away`` for the visitors), exact IMPs
    such as 7.5; the running score after each segment is the carry-over plus the IMPs
    won so far. Every board is scored as in team-imps (its net score by the IMP table);
    a team's IMPs in a segment are those of the boards it gained on. An artificial
    adjusted score that does not balance (A+ to both teams) is averaged, each team
    scoring half the difference (law 86B): A+ to both is 0 to both. A level match is
    decided as ``tie`` says: extra boards (recorded as one more segment) or the larger
    carry-over. A session's standings show the IMPs each team won in it; `traveller
    knockout` shows the match: carry-over, every segment and the running total.
    """

    name: ClassVar[str] = "knockout"
    aliases: ClassVar[tuple[str, ...]] = ("ko", "knockout-imps")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = KnockoutMatchOptions

    def score(self, facts: SectionFacts, options: KnockoutMatchOptions) -> SectionScore:
        """Each board's IMPs to both teams, and the IMPs each team won in the section."""
        matches = self.matches(facts, options)
        scored = section_score(self.name, self.version, facts, matches, IMP_TOP)
        won: dict[int, Fraction] = defaultdict(Fraction)
        for m in matches:
            home, away = _gained(m)
            won[m.home] += home
            won[m.away] += away
        totals = {
            pair: replace(total, score=won[pair.number], raw=won[pair.number])
            for pair, total in scored.totals.items()
        }
        return replace(scored, totals=totals)

    def matches(self, facts: SectionFacts, options: KnockoutMatchOptions) -> tuple[MatchScore, ...]:
        """Every match of the section in IMPs, board by board, law 86B applied."""
        imps_options = TeamImpsOptions(average_plus_imps=options.average_plus_imps)
        return tuple(
            replace(
                m,
                boards=tuple(replace(b, home=_law_86b(b), away=-_law_86b(b)) for b in m.boards),
            )
            for m in TeamImps().matches(facts, imps_options)
        )

    def match(
        self, segments: Sequence[SegmentFacts], options: KnockoutMatchOptions
    ) -> KnockoutMatch:
        """The knockout match of two teams over ``segments``, in the order played.

        The first segment's lower-numbered team is the home team throughout, whichever
        number it has in later sessions; a segment with no board compared yet is left
        out. Refused when a segment is not a match of the same two teams."""
        home: Hashable | None = None
        away: Hashable | None = None
        running = [Fraction(options.carry_over_home), Fraction(options.carry_over_away)]
        played: list[KnockoutSegment] = []
        for segment in segments:
            numbers = sorted({p.number for f in segment.facts.fields for p in f.pairs})
            if len(numbers) != 2:
                raise InvalidInput(
                    f"Session {segment.session} has {len(numbers)} teams; a knockout match "
                    "is between two.",
                    hint="Put each knockout match in a section of its own, its two teams "
                    "numbered 1 and 2.",
                )
            who = [segment.teams.get(n, f"team {n}") for n in numbers]
            if home is None:
                home, away = who
            elif set(who) != {home, away}:
                raise InvalidInput(
                    f"Session {segment.session}'s teams are not the two teams of the match "
                    "begun in the first segment.",
                    hint="Seat the same two teams (the same players) in every session of "
                    "the match, or choose the sessions with --sessions.",
                )
            for m in self.matches(segment.facts, options):
                if not m.boards:
                    continue
                won = _gained(m)
                if segment.teams.get(m.home, f"team {m.home}") != home:
                    won = (won[1], won[0])
                running = [running[0] + won[0], running[1] + won[1]]
                played.append(
                    KnockoutSegment(
                        segment.session,
                        segment.rounds,
                        len(m.boards),
                        won[0],
                        won[1],
                        running[0],
                        running[1],
                    )
                )
        if home is None or away is None:
            raise InvalidInput(
                "A knockout match needs at least one segment.",
                hint="Give the sessions of the match.",
            )
        return KnockoutMatch(
            home=home,
            away=away,
            carry_over_home=Fraction(options.carry_over_home),
            carry_over_away=Fraction(options.carry_over_away),
            segments=tuple(played),
            tie=options.tie,
        )


# ---- the cross-table -------------------------------------------------------------------------


@runtime_checkable
class PlaysMatches(Protocol):
    """A team method: its section is a set of matches between teams."""

    def matches(self, facts: SectionFacts, options: Any) -> tuple[MatchScore, ...]: ...


def cross_table(
    matches: Iterable[MatchScore], teams: Sequence[int], scale: VictoryPointScale | None = None
) -> RoundRobin:
    """The manual's round-robin cross-table (part 2 ch. 6 §6) of a team section.

    Each cell is what a team took from a match: its IMPs or board points (with B-a-M +
    VP's VPs), or with ``scale`` the VPs of the match's IMP margin — half the difference
    of the two teams' totals, to a whole IMP, an exact half away from zero, as
    :meth:`TeamImps.victory_points` ranks them."""
    results = []
    for m in matches:
        home, away = m.total(m.home), m.total(m.away)
        if scale is not None:
            margin = int(round_half_up((home - away) / 2, 0))
            home, away = scale.victory_points(margin, len(m.boards))
        results.append(MatchResult(m.home, m.away, home, away))
    return round_robin(results, teams)


@hookimpl
def traveller_register_scoring_methods(register: Callable[[Any], None]) -> None:
    """Register :class:`TeamImps`, :class:`BoardAMatch`, :class:`BamVp` and
    :class:`KnockoutImps`."""
    register(TeamImps())
    register(BoardAMatch())
    register(BamVp())
    register(KnockoutImps())
