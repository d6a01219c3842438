"""What the pair methods share to bring a section's score up to date board by board.

Live standings rescore only the boards whose results changed
(:class:`engine.registry.RescoresBoards`, docs/decisions/0031): each method scores those
boards as they were and as they are, with its own code, and each pair's total moves by
the difference. Moving the totals is the same for every method, and here (the
boards' tables are the facts' own :meth:`~engine.scoring.SectionFacts.tables_on`);
grouping tables by board serves scoring afresh too.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from fractions import Fraction
from math import lcm

from engine.scoring import PairTotal, SectionFacts
from engine.seating import Pair

Points = Mapping[int, tuple[Fraction, Fraction]]
"""Result index → its (NS, EW) points."""


def by_board(facts: SectionFacts, tables: Iterable[int]) -> dict[int, list[int]]:
    """``tables`` (indices into the facts' results) grouped by board."""
    grouped: dict[int, list[int]] = defaultdict(list)
    for i in tables:
        grouped[facts.results[i].board].append(i)
    return grouped


class Moved:
    """Each pair's raw total, maximum and boards played, as a score gave them, moved by
    the tables a change took away and those it added.

    The points are added as whole numbers over one denominator and each pair's raw
    total made once at the end: a Fraction sum per table would cost more than the rest
    of a rescore."""

    def __init__(self, totals: Mapping[Pair, PairTotal]) -> None:
        self._totals = totals
        self._moved: list[tuple[Pair, int, Fraction]] = []
        """(pair, +1 or -1, points) of each side of each table taken away or added."""
        self.maxima = Counter({pair: total.maximum.numerator for pair, total in totals.items()})
        """Pair → the sum of the tops of its boards (whole, unfactored)."""
        self.played = Counter({pair: total.boards_played for pair, total in totals.items()})
        """Pair → the boards it played."""

    def take(
        self, facts: SectionFacts, points: Points, tops: Mapping[int, Fraction] | None = None
    ) -> None:
        """Take away the ``points`` of those tables of ``facts`` (on boards whose tops are
        ``tops``, for a method that has them)."""
        self._move(-1, facts, points, tops)

    def add(
        self, facts: SectionFacts, points: Points, tops: Mapping[int, Fraction] | None = None
    ) -> None:
        """Add the ``points`` of those tables of ``facts``."""
        self._move(1, facts, points, tops)

    def _move(
        self, sign: int, facts: SectionFacts, points: Points, tops: Mapping[int, Fraction] | None
    ) -> None:
        results, moved, played, maxima = facts.results, self._moved, self.played, self.maxima
        for i, (ns, ew) in points.items():
            r = results[i]
            moved += ((r.ns, sign, ns), (r.ew, sign, ew))
            played[r.ns] += sign
            played[r.ew] += sign
            if tops is not None:
                top = sign * tops[r.board].numerator  # a board's top is whole
                maxima[r.ns] += top
                maxima[r.ew] += top

    def raw(self) -> dict[Pair, Fraction]:
        """Pair → its raw total now."""
        raw = {pair: total.raw for pair, total in self._totals.items()}
        # Over one common denominator: the factor to it is worked out once per denominator.
        over = {v.denominator: 0 for _, _, v in self._moved}
        common = lcm(*over) if over else 1
        for denominator in over:
            over[denominator] = common // denominator
        by: dict[Pair, int] = defaultdict(int)
        for pair, sign, v in self._moved:
            by[pair] += sign * v.numerator * over[v.denominator]
        zero = Fraction(0)
        for pair, moved in by.items():
            if moved:
                was = raw.get(pair, zero)
                raw[pair] = Fraction(
                    was.numerator * common + moved * was.denominator, was.denominator * common
                )
        return raw
