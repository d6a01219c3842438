"""Matchpoint scoring for pairs, as the JCBL director manual (part 2, chapter 4) describes it.

One concept: how a section is matchpointed — a board's top, factoring and fouled
versions, adjusted scores by the session average, and the pairs' factored totals —
whether its boards are scored one by one or, in a big field, the plain ones at once by
:mod:`plugins.scoring.kernels`; both paths share every rule here.
"""

from __future__ import annotations

import threading
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import lcm
from operator import attrgetter
from typing import Any, ClassVar, Literal, TypeGuard, cast

from pydantic import BaseModel, ConfigDict, Field

from engine.errors import N_, InvalidInput
from engine.hookspecs import hookimpl
from engine.numbers import round_half_up
from engine.registry import EarlierVersions
from engine.scoring import (
    Award,
    AwardKind,
    Blend,
    PairTotal,
    ResultsWhenRead,
    ScoredResult,
    ScoredResults,
    SectionFacts,
    SectionScore,
    Split,
    TableResult,
)
from engine.seating import Pair
from plugins.scoring import comparison, rescoring

HALF = Fraction(1, 2)
_BOARD = attrgetter("board")

Compared = int | Blend
"""What the other tables of a board are compared with: a played NS score, or a blend."""
Formula = Literal["neuberg", "ratio"]
Sides = tuple[tuple[Fraction, Fraction], ...]
"""The (NS, EW) points of some tables of a board."""


class Matchpoints:
    """Matchpoints: each result scores against every other result of the same board.

    A pair earns 1 matchpoint for each pair in its direction that it beat on the board
    and ½ for each pair it tied with, so the top of a board is one less than the times
    it was played (European scale: 2 and 1, top twice as big). The East-West score is
    the top minus the North-South score. A board played fewer times than the others
    is factored up so every board is worth the same (Neuberg's formula by default).
    Neutral boards and artificial adjusted scores (A+, A, A-, A60) do not count as
    results for the other tables; the pairs at such a table get the adjusted score,
    as a percentage of the board's top. Around an artificial score the others are
    factored up to the full top; around a neutral board each other table gets ½ for
    it (the manual's method 2, used at weekly games), or is factored too (method 1).
    A pair that played fewer boards than the rest of its field has its total factored
    up (10/9 for 9 boards of 10).

    A weighted assigned score (law 12C1(c), such as ⅔ of 4S made and ⅓ of 4S one off)
    scores each of its results against the other tables and adds them by weight; each
    other table scores against it the same way, so the board is worth what it always is.
    A split assigned score (NS +420 for North-South, EW -450 for East-West) is scored
    direction by direction: the NS pairs of the board are matchpointed with the split
    table's NS result, the EW pairs with its EW result, so each direction shares the
    matchpoints it always does but the two sides of a table need not add up to the top.
    A fouled board (the hands changed during play) is scored version by version, each
    version brought to the common top by the manual's formula or its simple method.

    Version 1.0 gave the other tables ½ each for an artificial table, as for a neutral
    one (``artificial=as_neutral``); 1.1 factors around it. A section that recorded 1.0
    is still scored by 1.0 until it is rescored to the current version.
    """

    name: ClassVar[str] = "matchpoints"
    aliases: ClassVar[tuple[str, ...]] = ("mp", "matchpoint")
    version: ClassVar[str] = "1.1"
    earlier_versions: ClassVar[EarlierVersions] = {"1.0": {"artificial": "as_neutral"}}
    """1.0 is this code with artificial tables counted as neutral ones (b6e5bc0)."""
    _last_rescored: _Rescored | None = None
    """What the last :meth:`rescore` learnt of the facts it scored (see :class:`_Rescored`)."""
    _boards_scored: dict[_KeptKey, _BoardsScored] | None = None
    """The boards each recent :meth:`rescore` scored, as it left them (see
    :class:`_BoardsScored`), at most :data:`BOARDS_KEPT`: by the boards and their first
    table's result (so that sections played at once keep theirs apart)."""
    _kept_lock: ClassVar[threading.Lock] = threading.Lock()
    """A server's threads rescore sections at once with one method object."""

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
            description="Neutral tables: method2 (weekly games) gives the others ½ each for "
            "them; method1 leaves them out and factors the others up.",
        )
        artificial: Literal["factor", "as_neutral"] = Field(
            "factor",
            description="Tables with an artificial adjusted score (A+, A, A-, A60): factor "
            "leaves them out and factors the others up to the full top by the factoring "
            "method; as_neutral treats them as the neutral option treats a neutral table.",
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
        factor_to: Literal["field", "session"] = Field(
            "field",
            description="What a total is factored up to: field (the most boards any pair of "
            "its field played, exactly: JCBL) or session (every board in play in the session, "
            "the factored total rounded half up to 2 decimals and the percentage taken from "
            "it: ACBLscore, 161 over 24 boards of 26 is 174.42).",
        )
        facing_absent: int | None = Field(
            None,
            ge=0,
            le=100,
            description="A pair the movement has play against an absent pair (the phantom): "
            "none (JCBL) factors its total up; a percentage (JFR Pary: 60) scores it that "
            "share of the top on each of those boards (once the board is in play).",
        )
        rounding: Literal["total", "board"] = Field(
            "total",
            description="When factored scores are rounded half up to 2 decimals: total (the "
            "manual, part 2 ch. 4 §9-10: add up, factor, round, rank) or board (each "
            "factored board score, as many scoring programs print the travellers).",
        )
        fouled: Literal["formula", "simple"] = Field(
            "formula",
            description="Fouled boards: formula (sectionals and above) factors each version "
            "of 4 or more results up to the whole board and gives smaller versions 70/60/50 %, "
            "65/55 % or 60 %; simple (local games) adds ½ for each result of another version.",
        )

    def score(self, facts: SectionFacts, options: Matchpoints.Options) -> SectionScore:
        """Matchpoints for every result and a total for every pair of the section.

        A big section (:func:`~plugins.scoring.comparison.by_kernel`) has its plain boards
        scored at once (:func:`plugins.scoring.kernels.matchpoints`)."""
        if comparison.by_kernel(facts):
            return self._score_by_kernel(facts, options)
        unit = 2 if options.scale == "european" else 1
        outcomes = _outcomes(facts, range(len(facts.results)), options)
        by_board = rescoring.by_board(facts, range(len(facts.results)))
        most = max((len(tables) for tables in by_board.values()), default=0)
        tops, points = _score_boards(facts, by_board, outcomes, most, options, unit)

        artificial = [i for i, o in outcomes.items() if not _compared(o)]
        if artificial:
            # A pair's session average (for A+ and A−) counts only its really scored boards.
            counted = [i for i, o in outcomes.items() if _compared(o)]
            earned = _sums(facts, counted, points)
            possible = _sums(
                facts, counted, {i: (tops[facts.results[i].board],) * 2 for i in counted}
            )
            points |= _awards(facts, artificial, outcomes, tops, earned, possible, options)

        if options.rounding == "board":
            points = {i: (_hundredths(ns), _hundredths(ew)) for i, (ns, ew) in points.items()}
        scored = tuple(ScoredResult(r, *points[i]) for i, r in enumerate(facts.results))
        raw = _sums(facts, range(len(facts.results)), points)
        top_of = {board: int(top) for board, top in tops.items()}  # a board's top is whole
        maxima: Counter[Pair] = Counter()
        boards: Counter[Pair] = Counter()
        for r in facts.results:
            top = top_of[r.board]
            maxima[r.ns] += top
            maxima[r.ew] += top
            boards[r.ns] += 1
            boards[r.ew] += 1
        return SectionScore(
            method=self.name,
            version=self.version,
            tops=tops,
            results=scored,
            totals=_totals(facts, raw, maxima, boards, tops, options),
        )

    def _score_by_kernel(self, facts: SectionFacts, options: Matchpoints.Options) -> SectionScore:
        """:meth:`score` of a big field: the plain boards at once, the others board by board."""
        import numpy as np

        from plugins.scoring import kernels

        unit = 2 if options.scale == "european" else 1
        cols = kernels.columns(facts)
        plain, others = kernels.plain_boards(cols, facts.fouled)
        most = kernels.most_results(cols)
        rest = kernels.rows_on(cols, others)
        board_of = {i: facts.results[i].board for i in rest}
        by_board = rescoring.by_board(facts, rest)
        outcomes = _outcomes(facts, rest, options)
        tops, points = _score_boards(facts, by_board, outcomes, most, options, unit)

        if options.factoring == "none":
            targets = plain.size
        else:
            targets = kernels.targets_of(plain, facts.expected_plays, most)
        formula: Formula = "ratio" if options.factoring == "none" else options.factoring
        scored = kernels.matchpoints(plain, targets, formula, unit)
        placed = kernels.Placed(cols, plain)
        board_tops = (targets - 1) * unit
        shared = kernels.fractions_of(board_tops.tolist())
        numbers = plain.numbers.tolist()
        by_number = dict(zip(numbers, map(shared.__getitem__, board_tops.tolist()), strict=True))
        tops = dict(sorted((by_number | tops).items())) if tops else by_number
        group_tops = board_tops[plain.group_board]
        top_of = placed.column(group_tops)
        top_of[rest] = [int(tops[board_of[i]]) for i in rest]

        artificial = [i for i, o in outcomes.items() if not _compared(o)]
        if artificial:
            counted = [i for i, o in outcomes.items() if _compared(o)]
            earned = _added(
                placed.sums(scored.ns, scored.ew, scored.denominator),
                _sums(facts, counted, points),
            )
            possible = _added(
                placed.sums(group_tops, group_tops, np.ones_like(group_tops)),
                _sums(facts, counted, {i: (tops[board_of[i]],) * 2 for i in counted}),
            )
            points |= _awards(facts, artificial, outcomes, tops, earned, possible, options)

        g_ns, g_ew, g_den = scored.ns, scored.ew, scored.denominator
        if options.rounding == "board":
            g_ns, g_ew = kernels.hundredths(g_ns, g_den), kernels.hundredths(g_ew, g_den)
            g_den = np.full_like(g_den, 100)
            points = {i: (_hundredths(a), _hundredths(b)) for i, (a, b) in points.items()}
        ns, ew, den = placed.column(g_ns), placed.column(g_ew), placed.column(g_den, 1)
        raw = _added(placed.sums(g_ns, g_ew, g_den), _sums(facts, rest, points))
        exact = {i: ScoredResult(facts.results[i], *points[i]) for i in rest}
        return SectionScore(
            method=self.name,
            version=self.version,
            tops=tops,
            results=ScoredResults(facts.results, ns, ew, den, exact=exact),
            totals=_totals(
                facts,
                raw,
                Counter(kernels.whole_sums(cols, top_of)),
                Counter(kernels.boards_played(cols)),
                tops,
                options,
            ),
        )

    def rescore(
        self,
        before: SectionScore,
        was: SectionFacts,
        facts: SectionFacts,
        boards: frozenset[int],
        options: Matchpoints.Options,
    ) -> SectionScore | None:
        """:meth:`score` of ``facts``, only ``boards`` scored again
        (:class:`engine.registry.RescoresBoards`): ``before`` scored ``was``, alike but
        for those boards' results.

        A board's matchpoints depend on its own results and how often it is in play, so
        every other board's stand, and each pair's total moves by what it earned on
        ``boards`` before and now. None where a change reaches further: an adjusted or
        neutral score anywhere (a pair's session average, a tie for every result),
        boards against the absent pair scored, totals factored to the session, or a
        change in the most results any board has where the movement does not say how
        often boards are played (every such board is factored to it)."""
        if options.factor_to == "session" or (options.facing_absent is not None and facts.absent):
            return None
        known = self._last_rescored
        carried = known is not None and known.facts is was
        if known is not None and carried:
            counts = known.counts.copy()  # and no table of ``was`` is artificial
        elif _any_artificial(was.results):
            return None
        else:
            counts = Counter(map(_BOARD, was.results))
        old, new = was.tables_on(boards), facts.tables_on(boards)
        most_then = max(counts.values(), default=0)
        counts.subtract(was.results[i].board for i in old)
        counts.update(facts.results[i].board for i in new)
        most = max(counts.values(), default=0)
        if most != most_then and not _plays_known(facts, before.tops, boards):
            return None
        unit = 2 if options.scale == "european" else 1
        # Neither the boards' tables before nor now may be adjusted or neutral. As they
        # were, they are usually as the rescore that last changed them left them.
        as_was, as_now = _kept_key(boards, was, old), _kept_key(boards, facts, new)
        earlier = self._kept(as_was)
        if earlier is not None and earlier.fits(was, old, most, options):
            then: BoardScores | None = earlier.scored
        else:
            then = _rescored_boards(was, old, most, options, unit)
        now = _rescored_boards(facts, new, most, options, unit)
        if then is None or now is None:
            return None
        self._last_rescored = _Rescored(facts, +counts)
        self._keep(as_was, as_now, _BoardsScored.of(facts, new, most, options, now))
        moved = rescoring.Moved(before.totals)
        moved.take(was, then[1], then[0])
        moved.add(facts, now[1], now[0])
        tops = {board: top for board, top in before.tops.items() if board not in boards}
        tops = dict(sorted((tops | now[0]).items()))
        return SectionScore(
            method=self.name,
            version=self.version,
            tops=tops,
            results=ResultsWhenRead(len(facts.results), lambda: self.score(facts, options).results),
            totals=_totals(
                facts, moved.raw(), moved.maxima, moved.played, tops, options, before.totals
            ),
        )

    def _kept(self, key: _KeptKey) -> _BoardsScored | None:
        with self._kept_lock:
            return None if self._boards_scored is None else self._boards_scored.get(key)

    def _keep(self, was: _KeptKey, key: _KeptKey, scored: _BoardsScored) -> None:
        """Keep boards as ``scored`` left them under ``key``, in place of what was kept of
        them under ``was`` (their key as they were); the longest unchanged go first."""
        with self._kept_lock:
            kept = self._boards_scored
            if kept is None:
                kept = self._boards_scored = {}
            kept.pop(was, None)
            kept.pop(key, None)
            kept[key] = scored
            while len(kept) > BOARDS_KEPT:
                del kept[next(iter(kept))]


_KeptKey = tuple[frozenset[int], int]


def _kept_key(boards: frozenset[int], facts: SectionFacts, tables: list[int]) -> _KeptKey:
    """Boards by their first table's result, so that sections played at once keep theirs
    apart. That result's identity is the one kept: an entry keeps its results alive."""
    return boards, id(facts.results[tables[0]]) if tables else 0


@dataclass(frozen=True, slots=True)
class _Rescored:
    """What a rescore learnt of the facts it scored, carried to the next: none of their
    tables is adjusted or neutral, and how many tables each board has. A live section
    is rescored result after result, each from the last: what holds for the whole
    section is then brought up to date on the changed boards too, not asked again of
    every result."""

    facts: SectionFacts
    counts: Counter[int]


BOARDS_KEPT = 128
"""How many sets of boards a matchpoints rescore keeps as it scored them: every board of
a club's sections (a result seldom comes to the board the one before it came to)."""


@dataclass(frozen=True, slots=True)
class _BoardsScored:
    """Boards as a rescore scored them: their tables' results, what the scoring read of
    the section, and the tops and points it gave. When the boards next change, that is
    how they stood, and they need not be scored again as they were: a result seldom
    comes to the board the last one came to (in a Mitchell, the next table's boards)."""

    tables: tuple[int, ...]
    results: tuple[TableResult, ...]
    """The tables' results themselves (the same objects while no one changes them)."""
    most: int | None
    """The most tables any board had, where it set a board's target (a board whose
    expected plays the movement does not say); None where it did not."""
    options: Matchpoints.Options
    plays: tuple[int | None, ...]
    """Each board's expected plays and fouled versions, in the boards' order."""
    fouled: tuple[tuple[frozenset[Pair], ...] | None, ...]
    scored: BoardScores

    @classmethod
    def of(
        cls,
        facts: SectionFacts,
        tables: list[int],
        most: int,
        options: Matchpoints.Options,
        scored: BoardScores,
    ) -> _BoardsScored:
        plays, fouled = _read_alike(facts, tables)
        return cls(
            tuple(tables),
            tuple(facts.results[i] for i in tables),
            None if all(plays) else most,
            options,
            plays,
            fouled,
            scored,
        )

    def fits(
        self, facts: SectionFacts, tables: list[int], most: int, options: Matchpoints.Options
    ) -> bool:
        """Whether these are the boards of ``tables`` in ``facts`` scored with ``most``
        and ``options``: the same tables at the same places, each result the very one
        scored, and the section read alike."""
        if not (self.tables == tuple(tables) and self.most in (None, most)):
            return False
        if self.options != options:
            return False
        results = facts.results
        if not all(results[i] is r for i, r in zip(tables, self.results, strict=True)):
            return False
        # The same expected plays: ``most`` set no target then, and sets none now.
        return (self.plays, self.fouled) == _read_alike(facts, tables)


def _read_alike(
    facts: SectionFacts, tables: list[int]
) -> tuple[tuple[int | None, ...], tuple[tuple[frozenset[Pair], ...] | None, ...]]:
    """How the section reads the boards of ``tables``: each board's expected plays and
    fouled versions, in the boards' order (what a kept board must be read alike by)."""
    boards = sorted({facts.results[i].board for i in tables})
    return (
        tuple(facts.expected_plays.get(b) for b in boards),
        tuple(facts.fouled.get(b) for b in boards),
    )


def _plays_known(facts: SectionFacts, tops: Mapping[int, Fraction], boards: frozenset[int]) -> bool:
    """Whether the movement says how often every board in play is played (then the most
    results any board has sets no target)."""
    expected = facts.expected_plays
    return all(expected.get(b) for b in boards) and all(expected.get(b) for b in tops)


_NEUTRAL, _AWARD_NS, _AWARD_EW = map(attrgetter, ("neutral", "award_ns", "award_ew"))


def _any_artificial(results: Sequence[TableResult]) -> bool:
    """Whether any table has a neutral board or an adjusted score (asked in C: a live
    standings query asks it of every result)."""
    return (
        any(map(_NEUTRAL, results)) or any(map(_AWARD_NS, results)) or any(map(_AWARD_EW, results))
    )


BoardScores = tuple[dict[int, Fraction], dict[int, tuple[Fraction, Fraction]]]
"""Some boards' tops, and the (NS, EW) points of their tables by index."""


def _rescored_boards(
    facts: SectionFacts, tables: list[int], most: int, options: Matchpoints.Options, unit: int
) -> BoardScores | None:
    """The boards of ``tables`` scored (each board's top, each table's points), or None
    if one is not compared with the others (adjusted, neutral)."""
    outcomes = _outcomes(facts, tables, options)
    if not all(map(_compared, outcomes.values())):
        return None
    tops, points = _score_boards(
        facts, rescoring.by_board(facts, tables), outcomes, most, options, unit, remembered=False
    )
    if options.rounding == "board":
        points = {i: (_hundredths(ns), _hundredths(ew)) for i, (ns, ew) in points.items()}
    return tops, points


Outcome = int | tuple[Award, Award] | Blend | Split
NS_SIDE, EW_SIDE = 0, 1


def _compared(outcome: Outcome) -> TypeGuard[Compared | Split]:
    """Whether the other tables of the board compare with ``outcome``: a score, a blend
    or a split assigned score (not a neutral or artificial table)."""
    return isinstance(outcome, (int, Split)) or not isinstance(outcome[0], Award)


def _outcomes(
    facts: SectionFacts, tables: Iterable[int], options: Matchpoints.Options
) -> dict[int, Outcome]:
    """What happened at each of ``tables`` (indices into the facts' results), in order: the
    first malformed result is refused before any board is scored."""
    neutral_award = Award(
        AwardKind.AVE if options.neutral_award == "average" else AwardKind.AVE_PLUS
    )
    results = facts.results
    return {i: results[i].outcome(neutral_award, weighted=True, split=True) for i in tables}


def _score_boards(
    facts: SectionFacts,
    by_board: dict[int, list[int]],
    outcomes: Mapping[int, Outcome],
    most: int,
    options: Matchpoints.Options,
    unit: int,
    remembered: bool = True,
) -> tuple[dict[int, Fraction], dict[int, tuple[Fraction, Fraction]]]:
    """The boards of ``by_board`` (board → its tables, indices into the facts' results)
    scored one by one: each board's top, and the (NS, EW) points of its compared tables.

    ``most`` is the most tables any board of the section has (the expected plays of a
    board the movement does not say). Unless ``remembered`` is false, each board's
    scores are remembered (a rescore keeps its own: a big field's board, remembered at
    each result, would leave the collector hundreds of thousands of objects to walk)."""
    board_of, fouled_board_of = (_board, _fouled_board) if remembered else _UNREMEMBERED
    tops: dict[int, Fraction] = {}
    points: dict[int, tuple[Fraction, Fraction]] = {}
    for board, tables in sorted(by_board.items()):
        compared = [i for i in tables if _compared(outcomes[i])]
        ties = _ties(facts, tables, len(compared), options)
        expected = facts.expected_plays.get(board) or most
        fouled = facts.fouled.get(board)
        if fouled is not None:
            versions = [group for _, group in comparison.versions(facts, board, compared)]
            compared = [i for v in versions for i in v]
        # Each direction is matchpointed with its own view of a split table (the NS
        # pairs with its NS result, the EW pairs with its EW one); without a split the
        # two views are one.
        views = [_view(outcomes, compared, NS_SIDE)]
        if any(isinstance(outcomes[i], Split) for i in compared):
            views.append(_view(outcomes, compared, EW_SIDE))
        by_view: list[Sides] = []
        for view in views:
            if fouled is None:
                top, sides = board_of(view, len(tables), expected, options.factoring, ties, unit)
            else:
                top, by_version = fouled_board_of(
                    _regroup(view, [len(v) for v in versions]),
                    len(tables),
                    expected,
                    options.factoring,
                    ties,
                    unit,
                    options.fouled,
                )
                sides = tuple(side for version in by_version for side in version)
            by_view.append(sides)
        tops[board] = top
        for i, ns_side, ew_side in zip(compared, by_view[0], by_view[-1], strict=True):
            points[i] = (ns_side[0], ew_side[1])
    return tops, points


def _awards(
    facts: SectionFacts,
    artificial: list[int],
    outcomes: Mapping[int, Outcome],
    tops: dict[int, Fraction],
    earned: dict[Pair, Fraction],
    possible: dict[Pair, Fraction],
    options: Matchpoints.Options,
) -> dict[int, tuple[Fraction, Fraction]]:
    """The (NS, EW) points of the ``artificial`` tables: a percentage of the board's top,
    A+ and A− by the pair's session average (what it ``earned`` of what was ``possible``
    on its really scored boards)."""

    def session(pair: Pair) -> Fraction:
        top = possible.get(pair, Fraction(0))
        return earned[pair] * 100 / top if top else Fraction(50)

    points: dict[int, tuple[Fraction, Fraction]] = {}
    for i in artificial:
        r = facts.results[i]
        award_ns, award_ew = cast(tuple[Award, Award], outcomes[i])
        points[i] = (
            tops[r.board] * _percent(award_ns, session(r.ns), options) / 100,
            tops[r.board] * _percent(award_ew, session(r.ew), options) / 100,
        )
    return points


def _added(into: dict[Pair, Fraction], more: dict[Pair, Fraction]) -> dict[Pair, Fraction]:
    """``into`` with ``more`` added pair by pair."""
    for pair, value in more.items():
        into[pair] = into.get(pair, Fraction(0)) + value
    return into


def _view(outcomes: Mapping[int, Outcome], tables: list[int], side: int) -> tuple[Compared, ...]:
    """What the pairs of one direction (``NS_SIDE`` or ``EW_SIDE``) compare with at each of
    ``tables``: its result, or the result a split table gave that direction."""
    seen: list[Compared] = []
    for i in tables:
        o = outcomes[i]
        if isinstance(o, Split):
            seen.append(o.ns if side == NS_SIDE else o.ew)
        else:
            seen.append(cast(Compared, o))
    return tuple(seen)


def _regroup(view: tuple[Compared, ...], sizes: list[int]) -> tuple[tuple[Compared, ...], ...]:
    """``view`` cut into consecutive groups of ``sizes`` (a fouled board's versions)."""
    out: list[tuple[Compared, ...]] = []
    start = 0
    for n in sizes:
        out.append(view[start : start + n])
        start += n
    return tuple(out)


def _ties(
    facts: SectionFacts, tables: list[int], compared: int, options: Matchpoints.Options
) -> int:
    """How many of a board's tables left out of the comparison count ½ to every result.

    A neutral table does under method (2); an artificial one only when ``artificial`` is
    ``as_neutral`` (and method (2) is chosen). The rest are factored around."""
    if options.neutral != "method2":
        return 0
    neutral = sum(1 for i in tables if facts.results[i].neutral)
    artificial = len(tables) - compared - neutral
    return neutral + (artificial if options.artificial == "as_neutral" else 0)


@lru_cache(maxsize=16384)
def _board(
    scores: tuple[Compared, ...],
    tables: int,
    expected: int,
    factoring: Literal["neuberg", "ratio", "none"],
    ties: int,
    unit: int = 1,
) -> tuple[Fraction, Sides]:
    """A board's top and the (NS, EW) matchpoints of each of its compared ``scores``.

    ``tables`` counts every table at the board, neutral and artificial ones included;
    ``ties`` of them count ½ to every result (neutral tables under method (2)); the rest
    are factored around. ``unit`` is 1 (american) or 2 (european). Boards are
    remembered: a standings query after one new result recomputes only the board it was on.
    """
    target = tables if factoring == "none" else expected
    formula = "ratio" if factoring == "none" else factoring
    top = Fraction((target - 1) * unit)
    return top, _scaled(scores, _among(scores), ties, target, formula, unit)


@lru_cache(maxsize=1024)
def _fouled_board(
    versions: tuple[tuple[Compared, ...], ...],
    tables: int,
    expected: int,
    factoring: Literal["neuberg", "ratio", "none"],
    ties: int,
    unit: int,
    method: Literal["formula", "simple"],
) -> tuple[Fraction, tuple[Sides, ...]]:
    """A fouled board's top and the (NS, EW) points of each version's results.

    Each version (the tables that played the same cards) is matchpointed among itself
    and brought to the common top (JCBL manual, appendix 2 §4). ``tables`` counts every
    table at the board; those in no version are neutral or artificial, and ``ties`` of
    them count ½ to every result.
    """
    target = tables if factoring == "none" else expected
    top = Fraction((target - 1) * unit)
    scored = sum(len(v) for v in versions)
    largest = max((len(v) for v in versions), default=0)
    out: list[Sides] = []
    for version in versions:
        n, mps = len(version), _among(version)
        if method == "simple":
            # Each result of another version is a tie (½); so is each table that is a tie
            # on any board (a neutral one under method (2)).
            formula = "ratio" if factoring == "none" else factoring
            out.append(_scaled(version, mps, scored - n + ties, target, formula, unit))
        elif n >= 4 or (n == 3 and largest == 3):
            # M = N·Sᵢ/nᵢ + (N − nᵢ)/2nᵢ is Neuberg's formula, rounded half up to 2 decimals.
            sides = _scaled(version, mps, ties, target, "neuberg", unit)
            out.append(tuple((ns, top - ns) for ns in (_hundredths(ns) for ns, _ in sides)))
        else:
            out.append(tuple(_small_version(mps[r], n, top) for r in version))
    return top, tuple(out)


_UNREMEMBERED = (_board.__wrapped__, _fouled_board.__wrapped__)


def _small_version(mp: Fraction, n: int, top: Fraction) -> tuple[Fraction, Fraction]:
    """A result of a version too small to factor: its rank's percentage of the top.

    Three results get 70, 60 and 50 %, two 65 and 55 %, one 60 % (ties share the
    average), so each pair averages 60 %: 10 % per matchpoint among the version,
    centred on 60. Each EW pair ranks the other way, so NS and EW add up to 120 %."""
    percent = 60 + 10 * mp - Fraction(5 * (n - 1))
    return top * percent / 100, top * (120 - percent) / 100


def _hundredths(value: Fraction) -> Fraction:
    """``value`` rounded half up to two decimals, as a Fraction."""
    return Fraction(round_half_up(value, 2))


def _among(results: tuple[Compared, ...]) -> dict[Compared, Fraction]:
    """Each distinct result's matchpoints (1 per result beaten, ½ per tie) against the others.

    A blend counts each of its results by its weight, against each result of every
    other table (law 12C1(c), the ACBL and EBU reading); two blends count each pair of
    their results by the product of the weights. Every two tables still share 1."""
    if all(isinstance(r, int) for r in results):
        # Half-matchpoints in whole numbers: 2 per score beaten, 1 per tie.
        counts = Counter(cast(tuple[int, ...], results))
        mps: dict[Compared, Fraction] = {}
        below = 0
        for score in sorted(counts):
            mps[score] = Fraction(2 * below + counts[score] - 1, 2)
            below += counts[score]
        return mps
    # Against the board's whole weight at each score, its own table's included: a table
    # meets its own results for ½ in all, whatever their weights, so that ½ comes off.
    parts = {r: ((Fraction(1), r),) if isinstance(r, int) else r for r in results}
    mass: dict[int, Fraction] = defaultdict(Fraction)
    for r in results:
        for weight, score in parts[r]:
            mass[score] += weight
    value: dict[int, Fraction] = {}
    below_mass = Fraction(0)
    for score in sorted(mass):
        value[score] = below_mass + mass[score] / 2
        below_mass += mass[score]
    return {r: sum((w * value[s] for w, s in part), -HALF) for r, part in parts.items()}


def _scaled(
    results: tuple[Compared, ...],
    mps: dict[Compared, Fraction],
    ties: int,
    target: int,
    formula: Formula,
    unit: int,
) -> Sides:
    """The (NS, EW) points of ``results``, whose matchpoints among themselves are ``mps``.

    ``ties`` more tables count ½ each to every result; the results and the ties are
    then brought to the scale of ``target`` results (top ``target − 1``, times ``unit``)."""
    top = Fraction((target - 1) * unit)
    compared = len(results) + ties
    tied = Fraction(ties, 2)
    sides: dict[Compared, tuple[Fraction, Fraction]] = {}
    for result, mp in mps.items():
        ns = _factor(mp + tied if ties else mp, compared, target, formula) * unit
        sides[result] = (ns, top - ns)
    return tuple(sides[r] for r in results)


def _factor(mp: Fraction, n: int, target: int, formula: Formula) -> Fraction:
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
                raise InvalidInput(
                    N_("An adjusted score %(award)s has no percentage."),
                    hint=N_("Write A60."),
                    code="award.no_percent",
                    award="A%",
                )
            return Fraction(award.percent)


def _sums(
    facts: SectionFacts, tables: Iterable[int], values: Mapping[int, tuple[Fraction, Fraction]]
) -> dict[Pair, Fraction]:
    """Each pair's sum of its side's ``values`` over ``tables``, added exactly and fast.

    The values are added as whole numbers over one common denominator: thousands of
    Fraction additions (each with a gcd) would dominate a standings query."""
    tables = list(tables)
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
    raw: dict[Pair, Fraction],
    maxima: Counter[Pair],
    boards: Counter[Pair],
    tops: dict[int, Fraction],
    options: Matchpoints.Options,
    known: Mapping[Pair, PairTotal] | None = None,
) -> dict[Pair, PairTotal]:
    """Each field's pairs' totals from their ``raw`` sums, the sum of the ``maxima`` (tops)
    of the boards they played and how many ``boards`` that was, factored up
    (``total_factoring``) to the most boards a pair of the field played or
    (``factor_to="session"``, ACBLscore) to every board in play in the session, rounded to
    hundredths, whose percentage is then of that rounded total (its raw is the same). With
    ``facing_absent``, each board a pair was to play against the absent pair counts as
    played, for that percentage of its top.

    A total ``known`` from the score brought up to date (a rescore) is given again where
    it is the same: the same raw sum, boards and maximum, and the same factor. A live
    standings query then knows an unchanged pair at once (:func:`engine.standings.same_total`)."""
    factoring, factor_to = options.total_factoring, options.factor_to
    if options.facing_absent is not None:
        share = Fraction(options.facing_absent, 100)
        for board, pair in facts.absent:
            if board in tops:  # a board not yet in play anywhere has no top yet
                top = int(tops[board])  # a board's top is whole
                raw[pair] = raw.get(pair, Fraction(0)) + top * share
                maxima[pair] += top
                boards[pair] += 1
    totals: dict[Pair, PairTotal] = {}
    in_session = len(set(facts.expected_plays) | set(tops))
    zero = Fraction(0)
    whole = {m: Fraction(m) for m in set(maxima.values())}  # pairs share their maxima
    for f in facts.fields:
        most = max((boards[p] for p in f.pairs), default=0)
        if factor_to == "session":
            most = in_session
        scales: dict[int, Fraction] = {}  # pairs share how many boards they played
        for p in f.pairs:
            n = boards[p]
            total = raw.get(p, zero)
            was = None if known is None else known.get(p)
            if was is not None and not (
                was.raw is total and was.boards_played == n and was.maximum == maxima[p]
            ):
                was = None
            if not (factoring and 0 < n < most):  # not factored
                if was is not None and was.score is total:
                    totals[p] = was
                    continue
                totals[p] = PairTotal(p, total, whole.get(maxima[p], zero), total, n)
                continue
            if was is not None and factor_to == "field":
                # factored as before: score × n == raw × most, in whole numbers
                score = was.score
                if (
                    score.numerator * n * total.denominator
                    == total.numerator * most * score.denominator
                ):
                    totals[p] = was
                    continue
            scale = scales.get(n)
            if scale is None:
                scale = scales[n] = Fraction(most, n)
            if factor_to == "session":
                shown = _hundredths(total * scale)
                totals[p] = PairTotal(p, shown, maxima[p] * scale, shown, n)
                continue
            most_of_p = whole.get(maxima[p]) or Fraction(maxima[p])
            totals[p] = PairTotal(p, total * scale, most_of_p, total, n)
    return totals


@hookimpl
def traveller_register_scoring_methods(register: Callable[[Any], None]) -> None:
    """Register :class:`Matchpoints`."""
    register(Matchpoints())
