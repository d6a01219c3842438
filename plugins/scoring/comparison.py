"""What the pair methods scored by score differences share (JCBL manual part 2 ch. 4 §15–17).

Houston (Butler), cross-IMPs and total points score a played result by its difference
from other results of the same board — a datum, or every other result — so the NS and
EW points of a table are opposite numbers and 0 is an average result. Here: adjusted
scores on that scale, the board loop, the pairs' totals, and the matches (the boards
two pairs played against each other) that victory points are counted on.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

from engine.errors import InvalidInput
from engine.scoring import (
    Award,
    AwardKind,
    PairTotal,
    ScoredResult,
    SectionFacts,
    SectionScore,
)
from engine.seating import Pair

#: A neutral board is an average for both pairs: 0 on every difference scale.
NEUTRAL = Award(AwardKind.AVE)


@dataclass(frozen=True, slots=True)
class BoardPoints:
    """A board's played results scored: the NS points of each, in the order given."""

    ns: tuple[Fraction, ...]
    comparisons: int
    """How many comparisons one adjusted score on this board stands for."""
    datum: Fraction | None = None
    """The score every result was measured against, for the datum methods."""


#: How a method scores one board: (board number, its played NS scores) → their points.
BoardRule = Callable[[int, list[int]], BoardPoints]


def adjusted_points(award: Award, average_plus: int) -> Fraction:
    """An artificial score where 0 is average: A+ is ``average_plus``, A- its negative.

    A percentage award is linear in the percentage, so A60 is A+, A40 is A- and A55 half A+.
    """
    match award.kind:
        case AwardKind.AVE:
            return Fraction(0)
        case AwardKind.AVE_PLUS:
            return Fraction(average_plus)
        case AwardKind.AVE_MINUS:
            return Fraction(-average_plus)
        case AwardKind.PERCENT:
            if award.percent is None:
                raise InvalidInput("An adjusted score A% has no percentage.", hint="Write A60.")
            return Fraction(award.percent - 50, 10) * average_plus


def score_boards(
    method: str, version: str, facts: SectionFacts, rule: BoardRule, average_plus: int
) -> SectionScore:
    """Every table's points by ``rule``, adjusted tables by :func:`adjusted_points`, and totals.

    Neutral and adjusted tables are not results the others are compared with; an
    adjusted score counts once per comparison the board gives (``BoardPoints.comparisons``).
    """
    outcomes = [r.outcome(NEUTRAL) for r in facts.results]
    by_board: dict[int, list[int]] = defaultdict(list)
    for i, r in enumerate(facts.results):
        by_board[r.board].append(i)

    points: dict[int, tuple[Fraction, Fraction]] = {}
    datum: dict[int, Fraction] = {}
    for board, tables in sorted(by_board.items()):
        played = [(i, s) for i in tables if isinstance(s := outcomes[i], int)]
        scored = rule(board, [s for _, s in played])
        if scored.datum is not None:
            datum[board] = scored.datum
        for (i, _), ns in zip(played, scored.ns, strict=True):
            points[i] = (ns, -ns)
        for i in tables:
            outcome = outcomes[i]
            if not isinstance(outcome, int):
                award_ns, award_ew = outcome
                points[i] = (
                    adjusted_points(award_ns, average_plus) * scored.comparisons,
                    adjusted_points(award_ew, average_plus) * scored.comparisons,
                )

    results = tuple(ScoredResult(r, *points[i]) for i, r in enumerate(facts.results))
    return SectionScore(
        method=method,
        version=version,
        tops={},
        results=results,
        totals=totals(facts, results),
        datum=datum,
    )


def totals(facts: SectionFacts, results: Iterable[ScoredResult]) -> dict[Pair, PairTotal]:
    """Each field's pairs' sums; no factoring, since a board not played is worth 0, average."""
    raw: dict[Pair, Fraction] = defaultdict(Fraction)
    boards: Counter[Pair] = Counter()
    for s in results:
        for pair in (s.result.ns, s.result.ew):
            raw[pair] += points_of(pair, s)
            boards[pair] += 1
    return {
        p: PairTotal(p, raw[p], Fraction(0), raw[p], boards[p])
        for f in facts.fields
        for p in f.pairs
    }


def points_of(pair: Pair, s: ScoredResult) -> Fraction:
    """What ``pair`` (sitting NS or EW at the table) earned on ``s``."""
    return s.points_ns if s.result.ns == pair else s.points_ew


def matches(results: Iterable[ScoredResult]) -> dict[frozenset[Pair], list[ScoredResult]]:
    """The boards each two pairs played against each other, whichever way they sat.

    A match is the unit victory points are counted on (a round of a Swiss or Houston
    event); two pairs that meet twice in a section have one match of all those boards.
    """
    found: dict[frozenset[Pair], list[ScoredResult]] = defaultdict(list)
    for s in results:
        found[frozenset((s.result.ns, s.result.ew))].append(s)
    return dict(found)


def against_each_other(convert: Callable[[int], int], average: bool) -> BoardRule:
    """The rule of cross-IMPs and total points: each score against every other of the board.

    A result's points are the sum over the board's other results of ``convert`` of the
    difference, or that sum divided by the number of comparisons when ``average``.
    """

    def rule(board: int, scores: list[int]) -> BoardPoints:
        del board  # every board is scored alike
        others = len(scores) - 1
        sums = [
            Fraction(sum(convert(s - t) for j, t in enumerate(scores) if j != i))
            for i, s in enumerate(scores)
        ]
        if average:
            averaged = tuple(p / others for p in sums) if others else tuple(sums)
            return BoardPoints(averaged, comparisons=1)
        return BoardPoints(tuple(sums), comparisons=len(scores))

    return rule
