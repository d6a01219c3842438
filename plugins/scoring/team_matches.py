"""A team section's recorded results read as matches, and its matches as a section's
score: what every team method of :mod:`plugins.scoring.team_events` shares.

A team section is recorded table by table, as a pairs section is, in a team movement
(``kind="teams"``, Mitchell numbering): team t's North-South pair is NS t, at its home
table, and its East-West pair EW t, at the opponents' (JCBL manual part 2 ch. 6 §2, "NS
at home, EW away"). Two results make one board of a match: board 5 played by NS 1
against EW 2 and by NS 2 against EW 1 is board 5 of the match 1 v 2, and team 1's net
score on it is NS 1's score less NS 2's. Every board two teams compared in the section
is their match, whichever rounds the two tables played it in (a round robin, an American
Whist, a Swiss round, a knockout segment); a method scores each board by its
:class:`BoardRule` (docs/decisions/0010-team-events-in-the-store.md).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeGuard

from engine import BoardScore, BoardTables, MatchScore
from engine.errors import N_, Fix, InvalidInput
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
from plugins.scoring.comparison import NEUTRAL, Blend, Compared, by_weight, mean, versions

Outcome = int | tuple[Award, Award] | Blend
"""A table's result as scoring sees it: a played NS score, an artificial score for each
side (a neutral table's is average to both), or a weighted assigned score."""


# ---- the matches of a section -----------------------------------------------------------------


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
                N_(
                    "Board %(board)s, %(ns)s v %(ew)s is not a table of a team match: a team's "
                    "NS pair sits at its home table and its EW pair at the opponents'."
                ),
                hint=N_(
                    "Score a section played in a team movement (round-robin, american-whist, "
                    "bam …) by a team method, and a pairs section by matchpoints, houston or "
                    "cross-imps."
                ),
                code="scoring.not_teams",
                fix=Fix("rescore", needs=("scoring", "reason")),
                board=r.board,
                ns=str(r.ns),
                ew=str(r.ew),
            )
        if r.ns.number == r.ew.number:
            raise InvalidInput(
                N_("Board %(board)s: team %(team)s's NS pair is recorded against its own EW pair."),
                hint=N_("Correct the result with the EW pair that sat at the table."),
                code="result.own_team",
                fix=Fix(
                    "result.correct",
                    fields={"board": r.board, "ns": r.ns.number, "was_ew": r.ew.number},
                    needs=("ew", "reason"),
                ),
                board=r.board,
                team=r.ns.number,
            )
        key = (r.board, r.ns.number, r.ew.number)
        if key in tables:
            raise InvalidInput(
                N_("Board %(board)s, %(ns)s v %(ew)s is recorded twice."),
                hint=N_("Keep one result for the table."),
                code="result.twice",
                fix=Fix("result.correct", fields={"board": r.board}, needs=("reason",)),
                board=r.board,
                ns=str(r.ns),
                ew=str(r.ew),
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
