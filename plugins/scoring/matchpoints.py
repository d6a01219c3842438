"""Matchpoint scoring for pairs, as the JCBL director manual (part 2, chapter 4) describes it."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from math import lcm
from typing import Any, ClassVar, Literal, cast

from pydantic import BaseModel, ConfigDict, Field

from engine.errors import InvalidInput
from engine.hookspecs import hookimpl
from engine.scoring import (
    Award,
    AwardKind,
    PairTotal,
    ScoredResult,
    SectionFacts,
    SectionScore,
)
from engine.seating import Pair

HALF = Fraction(1, 2)


class Matchpoints:
    """Matchpoints: each result scores against every other result of the same board.

    A pair earns 1 matchpoint for each pair in its direction that it beat on the board
    and ½ for each pair it tied with, so the top of a board is one less than the times
    it was played (European scale: 2 and 1, top twice as big). The East-West score is
    the top minus the North-South score. A board played fewer times than the others
    is factored up so every board is worth the same (Neuberg's formula by default).
    Neutral boards and artificial adjusted scores (A+, A, A-, A60) do not count as
    results for the other tables; the pairs at such a table get the adjusted score,
    as a percentage of the board's top. A pair that played fewer boards than the rest
    of its field has its total factored up (10/9 for 9 boards of 10).
    """

    name: ClassVar[str] = "matchpoints"
    aliases: ClassVar[tuple[str, ...]] = ("mp", "matchpoint")
    version: ClassVar[str] = "1.0"

    class Options(BaseModel):
        """How matchpoints are counted, factored and adjusted."""

        model_config = ConfigDict(frozen=True, extra="forbid")

        scale: Literal["american", "european"] = Field(
            "american",
            description="american (JCBL): 1 per score beaten, ½ per tie; "
            "european: 2 per score beaten, 1 per tie.",
        )
        factoring: Literal["neuberg", "ratio", "none"] = Field(
            "neuberg",
            description="How a board played fewer times than expected is brought up to the "
            "full top: neuberg, ratio (top expected / top actual), or none (its top stays).",
        )
        neutral: Literal["method2", "method1"] = Field(
            "method2",
            description="Neutral and artificial tables: method2 (weekly games) gives the others "
            "½ each for them; method1 leaves them out and factors the others up.",
        )
        neutral_award: Literal["average", "ave_plus"] = Field(
            "average", description="What both pairs of a neutral table get."
        )
        average_plus: int = Field(60, ge=0, le=100, description="Average plus, in per cent.")
        average_minus: int = Field(40, ge=0, le=100, description="Average minus, in per cent.")
        session_average: bool = Field(
            True,
            description="Average plus is the greater, average minus the smaller, of the "
            "pair's own percentage on its played boards and the percentage above.",
        )
        total_factoring: bool = Field(
            True,
            description="Factor up the total of a pair that played fewer boards than the "
            "most any pair of its field played.",
        )

    def score(self, facts: SectionFacts, options: Matchpoints.Options) -> SectionScore:
        """Matchpoints for every result and a total for every pair of the section."""
        unit = 2 if options.scale == "european" else 1
        neutral_award = Award(
            AwardKind.AVE if options.neutral_award == "average" else AwardKind.AVE_PLUS
        )
        outcomes = [r.outcome(neutral_award) for r in facts.results]
        by_board: dict[int, list[int]] = defaultdict(list)
        for i, r in enumerate(facts.results):
            by_board[r.board].append(i)
        most = max((len(tables) for tables in by_board.values()), default=0)

        tops: dict[int, Fraction] = {}
        points: list[tuple[Fraction, Fraction]] = [(Fraction(0), Fraction(0))] * len(outcomes)
        for board, tables in sorted(by_board.items()):
            played = [i for i in tables if isinstance(outcomes[i], int)]
            expected = facts.expected_plays.get(board) or most
            top, sides = _board(
                tuple(cast(int, outcomes[i]) for i in played),
                len(tables),
                expected,
                options.factoring,
                options.neutral,
                unit,
            )
            tops[board] = top
            for i, side in zip(played, sides, strict=True):
                points[i] = side

        artificial = [i for i, o in enumerate(outcomes) if not isinstance(o, int)]
        if artificial:
            # A pair's session average (for A+ and A−) counts only its really played boards.
            played_only = [i for i, o in enumerate(outcomes) if isinstance(o, int)]
            earned = _sums(facts, played_only, points)
            possible = _sums(facts, played_only, [(tops[r.board],) * 2 for r in facts.results])

            def session(pair: Pair) -> Fraction:
                top = possible.get(pair, Fraction(0))
                return earned[pair] * 100 / top if top else Fraction(50)

            for i in artificial:
                r = facts.results[i]
                award_ns, award_ew = cast(tuple[Award, Award], outcomes[i])
                points[i] = (
                    tops[r.board] * _percent(award_ns, session(r.ns), options) / 100,
                    tops[r.board] * _percent(award_ew, session(r.ew), options) / 100,
                )

        scored = tuple(ScoredResult(r, *points[i]) for i, r in enumerate(facts.results))
        return SectionScore(
            method=self.name,
            version=self.version,
            tops=tops,
            results=scored,
            totals=_totals(facts, points, tops, options.total_factoring),
        )


@lru_cache(maxsize=16384)
def _board(
    scores: tuple[int, ...],
    tables: int,
    expected: int,
    factoring: Literal["neuberg", "ratio", "none"],
    neutral: Literal["method2", "method1"],
    unit: int = 1,
) -> tuple[Fraction, tuple[tuple[Fraction, Fraction], ...]]:
    """A board's top and the (NS, EW) matchpoints of each of its played ``scores``.

    ``tables`` counts every table at the board, neutral and artificial ones included;
    ``unit`` is 1 (american) or 2 (european). Boards are remembered: a standings query
    after one new result recomputes only the board it was on.
    """
    excluded = tables - len(scores)
    target = tables if factoring == "none" else expected
    compared = tables if neutral == "method2" else len(scores)
    formula = "ratio" if factoring == "none" else factoring
    top = Fraction((target - 1) * unit)
    # Half-matchpoints in whole numbers: 2 per score beaten, 1 per tie; under method (2)
    # 1 more (½ a matchpoint) for every table left out of the comparison.
    counts = Counter(scores)
    sides: dict[int, tuple[Fraction, Fraction]] = {}
    below = 0
    for score in sorted(counts):
        halves = 2 * below + counts[score] - 1 + (excluded if neutral == "method2" else 0)
        ns = _factor(Fraction(halves, 2), compared, target, formula) * unit
        sides[score] = (ns, top - ns)
        below += counts[score]
    return top, tuple(sides[s] for s in scores)


def _factor(mp: Fraction, n: int, target: int, formula: Literal["neuberg", "ratio"]) -> Fraction:
    """``mp`` among ``n`` results brought to the scale of ``target`` results."""
    if n == target:
        return mp
    if formula == "neuberg":
        return (mp + HALF) * target / n - HALF
    if n == 1:
        return Fraction(target - 1, 2)
    return mp * Fraction(target - 1, n - 1)


def _percent(award: Award, session: Fraction, options: Matchpoints.Options) -> Fraction:
    """The percentage of the top an adjusted score is worth for a pair averaging ``session``."""
    match award.kind:
        case AwardKind.AVE:
            return Fraction(50)
        case AwardKind.AVE_PLUS:
            plus = Fraction(options.average_plus)
            return max(session, plus) if options.session_average else plus
        case AwardKind.AVE_MINUS:
            minus = Fraction(options.average_minus)
            return min(session, minus) if options.session_average else minus
        case AwardKind.PERCENT:
            if award.percent is None:
                raise InvalidInput("An adjusted score A% has no percentage.", hint="Write A60.")
            return Fraction(award.percent)


def _sums(
    facts: SectionFacts, tables: list[int], values: list[tuple[Fraction, Fraction]]
) -> dict[Pair, Fraction]:
    """Each pair's sum of its side's ``values`` over ``tables``, added exactly and fast.

    The values are added as whole numbers over one common denominator: thousands of
    Fraction additions (each with a gcd) would dominate a standings query."""
    denominators = {v.denominator for i in tables for v in values[i]}
    common = lcm(*denominators) if denominators else 1
    scale = {d: common // d for d in denominators}
    sums: dict[Pair, int] = defaultdict(int)
    results = facts.results
    for i in tables:
        r, (ns, ew) = results[i], values[i]
        sums[r.ns] += ns.numerator * scale[ns.denominator]
        sums[r.ew] += ew.numerator * scale[ew.denominator]
    return {pair: Fraction(total, common) for pair, total in sums.items()}


def _totals(
    facts: SectionFacts,
    points: list[tuple[Fraction, Fraction]],
    tops: dict[int, Fraction],
    factoring: bool,
) -> dict[Pair, PairTotal]:
    """Each field's pairs' totals, factored up to the most boards a pair of the field played."""
    raw = _sums(facts, list(range(len(facts.results))), points)
    top_of = {board: int(top) for board, top in tops.items()}  # a board's top is whole
    maxima: Counter[Pair] = Counter()
    boards: Counter[Pair] = Counter()
    for r in facts.results:
        top = top_of[r.board]
        maxima[r.ns] += top
        maxima[r.ew] += top
        boards[r.ns] += 1
        boards[r.ew] += 1
    totals: dict[Pair, PairTotal] = {}
    for f in facts.fields:
        most = max((boards[p] for p in f.pairs), default=0)
        for p in f.pairs:
            n = boards[p]
            total = raw.get(p, Fraction(0))
            scale = Fraction(most, n) if factoring and 0 < n < most else Fraction(1)
            totals[p] = PairTotal(p, total * scale, Fraction(maxima[p]), total, n)
    return totals


@hookimpl
def traveller_register_scoring_methods(register: Callable[[Any], None]) -> None:
    """Register :class:`Matchpoints`."""
    register(Matchpoints())
