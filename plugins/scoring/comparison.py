"""What the pair methods scored by score differences share (JCBL manual part 2 ch. 4 §15–17).

Houston (Butler), cross-IMPs and total points score a played result by its difference
from other results of the same board — a datum, or every other result — so the NS and
EW points of a table are opposite numbers and 0 is an average result. Here: adjusted
scores on that scale, weighted assigned scores, fouled boards, the board loop, the
pairs' totals, and the matches (the boards two pairs played against each other) that
victory points are counted on.

A weighted assigned score (law 12C1(c), such as ⅔ of 4S made and ⅓ of 4S one off) earns
the weighted sum of what each of its results would have earned, and each other table
scores against it the same way. A split assigned score (NS +420 for North-South, EW
-450 for East-West) is scored direction by direction: the NS pairs of the board are
compared with the split table's NS result, the EW pairs with its EW result, so the two
sides of a table need not be opposite numbers. A fouled board (appendix 2 §4) is scored
version by version: the tables that played the same cards are compared only with each
other.
"""

from __future__ import annotations

import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, TypeGuard, cast

from engine import scoring
from engine.errors import N_, Fix, InvalidInput
from engine.imps import imps
from engine.scoring import (
    Award,
    AwardKind,
    PairTotal,
    ScoredResult,
    SectionFacts,
    SectionScore,
    Split,
)
from engine.seating import Pair
from plugins.scoring import rescoring

if TYPE_CHECKING:
    from plugins.scoring.kernels import Boards, Scored

#: A neutral board is an average for both pairs: 0 on every difference scale.
NEUTRAL = Award(AwardKind.AVE)

Blend = scoring.Blend
"""A weighted assigned score (law 12C1(c)): (weight, NS score) pairs, the weights summing to 1."""
Compared = int | Blend
"""What the other tables of a board are compared with: a played NS score, or a blend."""


def mean(result: Compared) -> int | Fraction:
    """The NS score of a played result; the weighted average score of a blend."""
    return result if isinstance(result, int) else sum((w * s for w, s in result), Fraction(0))


def by_weight(result: Compared, value: Callable[[int], int | Fraction]) -> int | Fraction:
    """``value`` of a played score; for a blend, the weighted sum of ``value`` of each score."""
    if isinstance(result, int):
        return value(result)
    return sum((w * value(s) for w, s in result), Fraction(0))


def version_name(board: int, played_by: frozenset[Pair] | None) -> str:
    """``Board 4``, or ``Board 4 (the version NS 1, 3, 5 played)`` on a fouled board."""
    if played_by is None:
        return f"Board {board}"
    numbers = ", ".join(str(n) for n in sorted(p.number for p in played_by))
    return f"Board {board} (the version NS {numbers} played)"


@dataclass(frozen=True, slots=True)
class Version:
    """Results of a board that are compared with each other.

    On most boards these are all the board's played and weighted results; on a fouled
    board each group of tables that played the same cards is a version of its own."""

    board: int
    results: tuple[Compared, ...]
    on_board: int
    """How many results the whole board has, all its versions together."""
    played_by: frozenset[Pair] | None = None
    """The NS pairs of a fouled board's version; None when the board is not fouled."""

    def __str__(self) -> str:
        return version_name(self.board, self.played_by)


@dataclass(frozen=True, slots=True)
class BoardPoints:
    """A version's results scored: the NS points of each, in the order given."""

    ns: tuple[Fraction, ...]
    comparisons: int
    """How many comparisons one adjusted score on the board stands for."""
    datum: Fraction | None = None
    """The score every result was measured against, for the datum methods."""


#: How a method scores the results of one version of a board.
BoardRule = Callable[[Version], BoardPoints]


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
                raise InvalidInput(
                    N_("An adjusted score %(award)s has no percentage."),
                    hint=N_("Write A60."),
                    code="award.no_percent",
                    award="A%",
                )
            return Fraction(award.percent - 50, 10) * average_plus


def _compared(outcome: int | tuple[Award, Award] | Blend | Split) -> TypeGuard[Compared | Split]:
    """Whether the other tables of the board compare with ``outcome``: a score, a blend or
    a split assigned score (not a neutral or artificial table)."""
    return isinstance(outcome, (int, Split)) or not isinstance(outcome[0], Award)


def _side(outcome: Compared | Split, ns: bool) -> Compared:
    """What the pairs of one direction compare with at a table: its result, or the result
    a split table gave that direction (``ns``: North-South's, else East-West's)."""
    if isinstance(outcome, Split):
        return outcome.ns if ns else outcome.ew
    return outcome


KERNEL_FROM = 20_000
"""A section of this many results or more has its plain boards scored at once by the
kernels (:mod:`plugins.scoring.kernels`, numpy); a smaller one board by board by the
exact code, each board remembered, so a new result rescores its board only. Every
method's exact code goes through a board's results about once (matchpoints sort them,
cross-IMPs and total points group equal scores, Houston measures them against a datum),
so below this it scores a one-off command's section sooner than numpy loads (a 300-table
field of 7,800 results in 30–90 ms, where importing numpy takes over a tenth of a
second, once a process)."""
KERNEL_WARM_FROM = 200
"""Once numpy is loaded, or the process has scored sections again and again, the kernels
score a section of this many results or more: from a few hundred results they are
several times faster than the board-by-board code, even with every other board remembered."""
LIVE_AFTER = 8
"""A process that has asked for this many sections' scores is a live one (a server, a
director's session, a result-by-result loop): numpy's import pays off there, once."""
_asked = 0


def by_kernel(facts: SectionFacts) -> bool:
    """Whether the kernels score ``facts``' plain boards (the figures are the same).

    A one-off command's section is scored board by board, and never imports numpy,
    unless it is a very big one; any section of a few hundred results in a process that
    is already warm, by the kernels."""
    global _asked
    _asked += 1
    n = len(facts.results)
    warm = "numpy" in sys.modules or _asked > LIVE_AFTER
    return n >= KERNEL_FROM or (n >= KERNEL_WARM_FROM and warm)


#: How a method scores the plain boards of a big field at once; None: it cannot, and
#: every board is scored by the exact code (its refusal is the exact code's).
PlainRule = Callable[["Boards"], "Scored | None"]


def score_boards(
    method: str,
    version: str,
    facts: SectionFacts,
    rule: BoardRule,
    average_plus: int,
    plain: PlainRule | None = None,
) -> SectionScore:
    """Every table's points by ``rule``, adjusted tables by :func:`adjusted_points`, and totals.

    Neutral and adjusted tables are not results the others are compared with; an
    adjusted score counts once per comparison the board gives (``BoardPoints.comparisons``).
    A fouled board has no single datum, so only unfouled boards appear in ``datum``; each
    result carries the datum of its own version. A version with a split assigned score is
    scored twice, with the split table's NS result (the NS pairs' points) and with its EW
    result (the EW pairs' points); the EW datum is kept where it differs.

    In a section :func:`by_kernel` picks, ``plain`` (the same rule for whole arrays)
    scores the plain boards; ``rule`` the others.
    """
    if plain is not None and by_kernel(facts):
        found = _score_by_kernel(method, version, facts, rule, average_plus, plain)
        if found is not None:
            return found
    by_board = rescoring.by_board(facts, range(len(facts.results)))
    points, measured, datum, datum_ew = _score_exact(facts, by_board, rule, average_plus)
    results = tuple(
        ScoredResult(r, *points[i], *measured.get(i, (None, None)))
        for i, r in enumerate(facts.results)
    )
    return SectionScore(
        method=method,
        version=version,
        tops={},
        results=results,
        totals=totals(facts, results),
        datum=datum,
        datum_ew=datum_ew,
    )


def rescore_boards(
    method: str,
    version: str,
    before: SectionScore,
    was: SectionFacts,
    facts: SectionFacts,
    boards: frozenset[int],
    rule_of: Callable[[Mapping[int, int]], BoardRule],
    average_plus: int,
    afresh: Callable[[], SectionScore],
) -> SectionScore:
    """:func:`score_boards` of ``facts``, brought up to date from ``before`` (its score of
    ``was``, alike but for the results of ``boards``; :class:`engine.registry.RescoresBoards`).

    A board's points are measured against its own results only, adjusted ones included,
    and a pair's total is a plain sum: ``boards`` are scored as they were and as they
    are, and each pair's total moves by the difference. ``rule_of`` gives the rule for
    one side (before, then now), given how many tables each of ``boards`` has there;
    the results are ``afresh()``'s, made when one is read."""
    old, new = was.tables_on(boards), facts.tables_on(boards)
    then = _score_exact(
        was,
        rescoring.by_board(was, old),
        rule_of(Counter(was.results[i].board for i in old)),
        average_plus,
    )
    now = _score_exact(
        facts,
        rescoring.by_board(facts, new),
        rule_of(Counter(facts.results[i].board for i in new)),
        average_plus,
    )
    moved = rescoring.Moved(before.totals)
    moved.take(was, then[0])
    moved.add(facts, now[0])
    raw, zero = moved.raw(), Fraction(0)
    return SectionScore(
        method=method,
        version=version,
        tops={},
        results=scoring.ResultsWhenRead(len(facts.results), lambda: afresh().results),
        totals={
            p: PairTotal(p, raw.get(p, zero), zero, raw.get(p, zero), moved.played.get(p, 0))
            for f in facts.fields
            for p in f.pairs
        },
        datum=_kept(before.datum, boards, now[2]),
        datum_ew=_kept(before.datum_ew, boards, now[3]),
    )


def _kept(
    data: Mapping[int, Fraction], boards: frozenset[int], fresh: Mapping[int, Fraction]
) -> dict[int, Fraction]:
    """Board → datum: ``data``'s for the boards not rescored, ``fresh``'s for those that
    were, in board order."""
    kept = {b: d for b, d in data.items() if b not in boards}
    kept.update(fresh)
    return dict(sorted(kept.items()))


Measured = dict[int, tuple[Fraction | None, Fraction | None]]
"""Result index → the (datum, EW datum) it was measured against."""
Points = dict[int, tuple[Fraction, Fraction]]
"""Result index → its (NS, EW) points."""


def _score_exact(
    facts: SectionFacts, by_board: dict[int, list[int]], rule: BoardRule, average_plus: int
) -> tuple[Points, Measured, dict[int, Fraction], dict[int, Fraction]]:
    """The points of the tables of ``by_board`` (board → indices into the facts' results),
    board by board: (NS, EW) points and the (datum, EW datum) measured against by index,
    and the boards' data."""
    points: Points = {}
    datum: dict[int, Fraction] = {}
    datum_ew: dict[int, Fraction] = {}
    measured: Measured = {}
    # Every result is read before any board is scored: the first malformed one is refused.
    outcomes = {
        i: facts.results[i].outcome(NEUTRAL, weighted=True, split=True)
        for i in sorted(i for tables in by_board.values() for i in tables)
    }
    for board, tables in sorted(by_board.items()):
        compared = {i: o for i in tables if _compared(o := outcomes[i])}
        first: tuple[BoardPoints, BoardPoints] | None = None
        for played_by, group in versions(facts, board, list(compared)):
            ns_view = tuple(_side(compared[i], True) for i in group)
            ew_view = tuple(_side(compared[i], False) for i in group)
            for_ns = rule(Version(board, ns_view, len(compared), played_by))
            for_ew = (
                for_ns
                if ew_view == ns_view
                else rule(Version(board, ew_view, len(compared), played_by))
            )
            first = first or (for_ns, for_ew)
            for i, ns, ew in zip(group, for_ns.ns, for_ew.ns, strict=True):
                points[i] = (ns, -ew)
                if for_ns.datum is not None:
                    other = None if for_ew.datum == for_ns.datum else for_ew.datum
                    measured[i] = (for_ns.datum, other)
        assert first is not None, "every board has one version at least"
        if board not in facts.fouled and first[0].datum is not None:
            datum[board] = first[0].datum
            if first[1].datum is not None and first[1].datum != first[0].datum:
                datum_ew[board] = first[1].datum
        for i in tables:
            if i not in compared:
                award_ns, award_ew = cast(tuple[Award, Award], outcomes[i])
                points[i] = (
                    adjusted_points(award_ns, average_plus) * first[0].comparisons,
                    adjusted_points(award_ew, average_plus) * first[0].comparisons,
                )
    return points, measured, datum, datum_ew


def _score_by_kernel(
    method: str,
    version: str,
    facts: SectionFacts,
    rule: BoardRule,
    average_plus: int,
    plain: PlainRule,
) -> SectionScore | None:
    """:func:`score_boards` of a big field: the plain boards by ``plain``, the others by
    ``rule``; None when ``plain`` cannot score them."""
    from plugins.scoring import kernels

    cols = kernels.columns(facts)
    boards, others = kernels.plain_boards(cols, facts.fouled)
    scored = plain(boards)
    if scored is None:
        return None
    placed = kernels.Placed(cols, boards)
    ns, ew = placed.column(scored.ns), placed.column(scored.ew)
    den = placed.column(scored.denominator, 1)
    rest = kernels.rows_on(cols, others)
    by_board = rescoring.by_board(facts, rest)
    points, measured, datum, datum_ew = _score_exact(facts, by_board, rule, average_plus)
    exact = {
        i: ScoredResult(facts.results[i], *points[i], *measured.get(i, (None, None))) for i in rest
    }
    if scored.datum is not None:
        shared = kernels.fractions_of(scored.datum.tolist())
        at = map(shared.__getitem__, scored.datum.tolist())
        plain_datum = dict(zip(boards.numbers.tolist(), at, strict=True))
        datum = dict(sorted((plain_datum | datum).items())) if datum else plain_datum
    raw = placed.sums(scored.ns, scored.ew, scored.denominator)
    for s in exact.values():
        for pair in (s.result.ns, s.result.ew):
            raw[pair] = raw.get(pair, Fraction(0)) + points_of(pair, s)
    played = kernels.boards_played(cols)
    zero = Fraction(0)
    return SectionScore(
        method=method,
        version=version,
        tops={},
        results=scoring.ScoredResults(facts.results, ns, ew, den, datum=datum, exact=exact),
        totals={
            p: PairTotal(p, raw.get(p, zero), zero, raw.get(p, zero), played.get(p, 0))
            for f in facts.fields
            for p in f.pairs
        },
        datum=datum,
        datum_ew=datum_ew,
    )


def versions(
    facts: SectionFacts, board: int, compared: Sequence[int]
) -> list[tuple[frozenset[Pair] | None, list[int]]]:
    """The ``compared`` tables of ``board`` by the version they played, with its NS pairs.

    A board that is not fouled is one version of every compared table (no pairs named).
    A fouled board has a version for each group, empty ones included."""
    fouled = facts.fouled.get(board)
    if fouled is None:
        return [(None, list(compared))]
    version_of = {pair: v for v, pairs in enumerate(fouled) for pair in pairs}
    groups: list[tuple[frozenset[Pair] | None, list[int]]] = [(pairs, []) for pairs in fouled]
    for i in compared:
        r = facts.results[i]
        v = version_of.get(r.ns)
        if v is None:
            raise InvalidInput(
                N_(
                    "Board %(board)s is fouled, but the table of %(ns)s v %(ew)s is in none of "
                    "the groups that played its versions."
                ),
                hint=N_("Declare board %(board)s fouled again with every table in one group."),
                code="fouled.table",
                fix=Fix("fouled", fields={"board": board}, needs=("group", "reason")),
                board=board,
                ns=str(r.ns),
                ew=str(r.ew),
            )
        groups[v][1].append(i)
    return groups


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


def plain_against_each_other(*, imps: bool, average: bool) -> PlainRule:
    """:func:`against_each_other` for the plain boards of a big field, at once: the IMPs
    of each difference (``imps``) or the difference itself."""

    def plain(boards: Boards) -> Scored:
        from plugins.scoring import kernels

        return kernels.against_each_other(boards, convert_to_imps=imps, average=average)

    return plain


@lru_cache(maxsize=16)
def against_each_other(convert: Callable[[int], int], average: bool) -> BoardRule:
    """The rule of cross-IMPs and total points: each result against every other of its version.

    A result's points are the sum over the version's other results of ``convert`` of the
    difference (blends: the weighted sum over each two of their scores), or that sum
    divided by the number of comparisons when ``average``. Summed, a version of a fouled
    board is brought to the comparisons the whole board would have given: n results of
    N count (N − 1)/(n − 1) times, so a result weighs on a fouled board what it weighs
    on any other; a result alone in its version meets no one and scores 0, average.
    """

    def against(mine: Compared, theirs: Compared) -> int | Fraction:
        return by_weight(mine, lambda s: by_weight(theirs, lambda t: convert(s - t)))

    def each_against_the_others(results: tuple[Compared, ...]) -> list[int | Fraction]:
        """Each result's sum against the others. Played scores are grouped: a score is
        set once against each distinct score, times how many tables made it (a live
        300-table board has 300 results but a few dozen scores)."""
        if all(isinstance(r, int) for r in results):
            played = cast(tuple[int, ...], results)
            made, itself = Counter(played), convert(0)
            by_score = {
                s: sum(times * convert(s - t) for t, times in made.items()) - itself for s in made
            }
            return [by_score[r] for r in played]
        return [
            sum(against(r, other) for j, other in enumerate(results) if j != i)
            for i, r in enumerate(results)
        ]

    @lru_cache(maxsize=16384)
    def rule(version: Version) -> BoardPoints:
        """A board remembered: a new result rescores only its board."""
        results = version.results
        met = len(results) - 1
        sums = [Fraction(p) for p in each_against_the_others(results)]
        if average:
            return BoardPoints(tuple(p / met if met else p for p in sums), comparisons=1)
        scale = Fraction(version.on_board - 1, met) if met else Fraction(0)
        return BoardPoints(tuple(p * scale for p in sums), comparisons=version.on_board)

    return rule


def as_is(difference: int) -> int:
    """A difference counts point for point (total points)."""
    return difference


class AgainstEachOther:
    """A pair method that scores each result against every other result of its board:
    cross-IMPs (each difference in IMPs) and total points (as it is), summed over the
    comparisons or averaged (option ``average``). A subclass says which, and what an
    average plus is worth in its options; its score and its rescore are here."""

    name: ClassVar[str]
    version: ClassVar[str]
    in_imps: ClassVar[bool]
    """Whether a difference is worth its IMPs (else its points, as it is)."""

    def average_plus(self, options: Any) -> int:
        """What average plus is worth per comparison, by ``options``."""
        raise NotImplementedError

    def score(self, facts: SectionFacts, options: Any) -> SectionScore:
        """Every result's points against the others of its board, and each pair's sum."""
        plain = plain_against_each_other(imps=self.in_imps, average=options.average)
        return score_boards(
            self.name, self.version, facts, self._rule(options), self.average_plus(options), plain
        )

    def rescore(
        self,
        before: SectionScore,
        was: SectionFacts,
        facts: SectionFacts,
        boards: frozenset[int],
        options: Any,
    ) -> SectionScore:
        """:meth:`score` of ``facts``, only ``boards`` scored again (every board stands
        alone: :func:`rescore_boards`)."""
        rule = self._rule(options)
        return rescore_boards(
            self.name,
            self.version,
            before,
            was,
            facts,
            boards,
            lambda tables: rule,
            self.average_plus(options),
            lambda: self.score(facts, options),
        )

    def _rule(self, options: Any) -> BoardRule:
        return against_each_other(imps if self.in_imps else as_is, options.average)
