"""Matchpoint scoring for pairs, as the JCBL director manual (part 2, chapter 4) describes it."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from fractions import Fraction
from typing import Any, ClassVar, Literal

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
    TableResult,
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
        outcomes = [_outcome(r, neutral_award) for r in facts.results]
        by_board: dict[int, list[int]] = defaultdict(list)
        for i, r in enumerate(facts.results):
            by_board[r.board].append(i)
        most = max((len(tables) for tables in by_board.values()), default=0)

        tops: dict[int, Fraction] = {}
        points: dict[int, tuple[Fraction, Fraction]] = {}
        played_points: dict[Pair, Fraction] = defaultdict(Fraction)
        played_tops: dict[Pair, Fraction] = defaultdict(Fraction)
        for board, tables in sorted(by_board.items()):
            played = [(i, s) for i in tables if isinstance(s := outcomes[i], int)]
            expected = facts.expected_plays.get(board) or most
            top, mps = _board(
                [s for _, s in played], len(tables), expected, options.factoring, options.neutral
            )
            tops[board] = top * unit
            for (i, _), mp in zip(played, mps, strict=True):
                ns, ew = mp * unit, (top - mp) * unit
                points[i] = (ns, ew)
                r = facts.results[i]
                played_points[r.ns] += ns
                played_points[r.ew] += ew
                played_tops[r.ns] += tops[board]
                played_tops[r.ew] += tops[board]

        def session(pair: Pair) -> Fraction:
            top = played_tops[pair]
            return played_points[pair] * 100 / top if top else Fraction(50)

        for i, outcome in enumerate(outcomes):
            if not isinstance(outcome, int):
                r = facts.results[i]
                top = tops[r.board]
                award_ns, award_ew = outcome
                points[i] = (
                    top * _percent(award_ns, session(r.ns), options) / 100,
                    top * _percent(award_ew, session(r.ew), options) / 100,
                )

        scored = tuple(ScoredResult(r, *points[i]) for i, r in enumerate(facts.results))
        return SectionScore(
            method=self.name,
            version=self.version,
            tops=tops,
            results=scored,
            totals=_totals(facts, scored, tops, options.total_factoring),
        )


def _outcome(r: TableResult, neutral_award: Award) -> int | tuple[Award, Award]:
    """The NS score of a played result, or each side's adjusted score."""
    ns, ew = r.award_ns, r.award_ew
    unawarded = ns is None and ew is None
    if r.score_ns is not None and not r.neutral and unawarded:
        return r.score_ns
    if r.neutral and r.score_ns is None and unawarded:
        return neutral_award, neutral_award
    if ns is not None and ew is not None and r.score_ns is None and not r.neutral:
        return ns, ew
    raise InvalidInput(
        f"Board {r.board}, {r.ns} v {r.ew}: the result is not one score, "
        "a neutral board, or an adjusted score for each side.",
        hint="Correct the result so it is exactly one of these.",
    )


def _board(
    scores: list[int],
    tables: int,
    expected: int,
    factoring: Literal["neuberg", "ratio", "none"],
    neutral: Literal["method2", "method1"],
) -> tuple[Fraction, list[Fraction]]:
    """A board's top and the NS matchpoints of its played ``scores`` (american scale).

    ``tables`` counts every table at the board, neutral and artificial ones included.
    """
    mps = [sum(s > t for t in scores) + HALF * (sum(s == t for t in scores) - 1) for s in scores]
    target = tables if factoring == "none" else expected
    if neutral == "method2":
        excluded = tables - len(scores)
        mps = [mp + HALF * excluded for mp in mps]
        compared = tables
    else:
        compared = len(scores)
    formula = "ratio" if factoring == "none" else factoring
    return Fraction(target - 1), [_factor(mp, compared, target, formula) for mp in mps]


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


def _totals(
    facts: SectionFacts,
    scored: tuple[ScoredResult, ...],
    tops: dict[int, Fraction],
    factoring: bool,
) -> dict[Pair, PairTotal]:
    """Each field's pairs' totals, factored up to the most boards a pair of the field played."""
    raw: dict[Pair, Fraction] = defaultdict(Fraction)
    maximum: dict[Pair, Fraction] = defaultdict(Fraction)
    boards: Counter[Pair] = Counter()
    for s in scored:
        for pair, pts in ((s.result.ns, s.points_ns), (s.result.ew, s.points_ew)):
            raw[pair] += pts
            maximum[pair] += tops[s.result.board]
            boards[pair] += 1
    totals: dict[Pair, PairTotal] = {}
    for f in facts.fields:
        most = max((boards[p] for p in f.pairs), default=0)
        for p in f.pairs:
            n = boards[p]
            scale = Fraction(most, n) if factoring and 0 < n < most else Fraction(1)
            totals[p] = PairTotal(p, raw[p] * scale, maximum[p], raw[p], n)
    return totals


@hookimpl
def traveller_register_scoring_methods(register: Callable[[Any], None]) -> None:
    """Register :class:`Matchpoints`."""
    register(Matchpoints())
