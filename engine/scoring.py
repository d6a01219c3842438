"""What a scoring method is given and what it returns.

Scores are pure functions of recorded facts: the section's results, adjusted
scores and neutral boards as they stand at some position of the store. The same
facts always give the same scores. Numbers are exact (:class:`fractions.Fraction`);
rounding happens only when standings are shown or published.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Literal, overload

from engine.errors import InvalidInput
from engine.movement import Movement
from engine.seating import Numbering, Pair


class AwardKind(enum.StrEnum):
    """An artificial adjusted score for one side (law 12C2)."""

    AVE_PLUS = "A+"
    """Average plus: the greater of 60 % and the pair's average on its other boards (JCBL)."""
    AVE = "A"
    """Average: 50 %."""
    AVE_MINUS = "A-"
    """Average minus: the smaller of 40 % and the pair's average on its other boards (JCBL)."""
    PERCENT = "A%"
    """A fixed percentage of the top, written ``A60``, ``A40``, ``A50``."""


@dataclass(frozen=True, slots=True)
class Award:
    """An artificial score for one side of a table."""

    kind: AwardKind
    percent: int | None = None  # only for AwardKind.PERCENT

    def __str__(self) -> str:
        return f"A{self.percent}" if self.kind is AwardKind.PERCENT else self.kind.value

    @classmethod
    def parse(cls, text: str) -> Award:
        """Read ``A+``, ``A``, ``A-``, ``A60`` (also ``AVE+``, ``AVE-``, ``AVE``)."""
        t = text.strip().upper().replace("AVE", "A").replace("AV", "A")
        if t in ("A+", "A", "A-"):
            return cls(AwardKind(t))
        if t.startswith("A") and t[1:].isdigit() and 0 <= int(t[1:]) <= 100:
            return cls(AwardKind.PERCENT, int(t[1:]))
        raise InvalidInput(
            f"{text!r} is not an adjusted score.",
            hint="Write A+, A or A- (average plus, average, average minus) or a "
            "percentage such as A60.",
        )


@dataclass(frozen=True, slots=True)
class TableResult:
    """What happened at one table on one board, as the scorer sees it.

    Exactly one of these holds: ``score_ns`` is the NS score of a played board;
    ``neutral`` marks a board not played through no one's fault; ``award_ns`` and
    ``award_ew`` are artificial adjusted scores.
    """

    board: int
    ns: Pair
    ew: Pair
    score_ns: int | None = None
    neutral: bool = False
    award_ns: Award | None = None
    award_ew: Award | None = None
    weighted: tuple[tuple[Fraction, int], ...] = ()
    """A weighted assigned score (law 12C1(c)): (weight, NS score) pairs whose weights
    sum to 1. When given, ``score_ns`` is empty and the table is scored as a blend."""

    @property
    def played(self) -> bool:
        return self.score_ns is not None

    @overload
    def outcome(self, neutral_award: Award) -> int | tuple[Award, Award]: ...

    @overload
    def outcome(
        self, neutral_award: Award, *, weighted: Literal[True]
    ) -> int | tuple[Award, Award] | tuple[tuple[Fraction, int], ...]: ...

    def outcome(
        self, neutral_award: Award, *, weighted: bool = False
    ) -> int | tuple[Award, Award] | tuple[tuple[Fraction, int], ...]:
        """The NS score of a played board, or each side's adjusted score (a neutral
        table's pairs both get ``neutral_award``), or a weighted assigned score's
        (weight, NS score) pairs for a method that scores them (``weighted=True``)."""
        ns, ew = self.award_ns, self.award_ew
        awarded = ns is not None or ew is not None
        if self.score_ns is not None and not (self.neutral or awarded or self.weighted):
            return self.score_ns
        if self.score_ns is None and self.neutral and not (awarded or self.weighted):
            return neutral_award, neutral_award
        if self.score_ns is None and not (self.neutral or self.weighted):
            if ns is not None and ew is not None:
                return ns, ew
        elif self.score_ns is None and self.weighted and not (self.neutral or awarded):
            if not weighted:
                raise InvalidInput(
                    f"Board {self.board}, {self.ns} v {self.ew} has a weighted assigned score "
                    "(law 12C1(c)), which this scoring method cannot score.",
                    hint="Score the section by a method that weighs scores (matchpoints, "
                    "houston, butler, cross-imps, total-points), or give the table a single "
                    "score with `traveller result correct`.",
                )
            return self.weighted
        raise InvalidInput(
            f"Board {self.board}, {self.ns} v {self.ew}: the result is not one score, "
            "a neutral board, an adjusted score for each side, or a weighted score.",
            hint="Correct the result so it is exactly one of these.",
        )


@dataclass(frozen=True, slots=True)
class ScoringField:
    """A group of pairs ranked against each other: ``NS`` and ``EW`` in a Mitchell, ``ALL``."""

    name: str
    pairs: tuple[Pair, ...]


@dataclass(frozen=True)
class SectionFacts:
    """Everything a scoring method may look at for one section."""

    numbering: Numbering
    fields: tuple[ScoringField, ...]
    results: tuple[TableResult, ...]
    expected_plays: dict[int, int] = field(default_factory=dict)
    """Board → how often the movement has it played (no phantom tables). Empty for a
    results-only section: the most often any board was played is used instead."""
    fouled: dict[int, tuple[frozenset[Pair], ...]] = field(default_factory=dict)
    """Board → groups of NS pairs that played the same version of a fouled board
    (appendix 2 §4): each group is scored apart, then brought to the common scale."""

    def by_board(self) -> dict[int, list[TableResult]]:
        boards: dict[int, list[TableResult]] = {}
        for r in self.results:
            boards.setdefault(r.board, []).append(r)
        return dict(sorted(boards.items()))


@dataclass(frozen=True, slots=True)
class ScoredResult:
    """A table result with the points each side earned on it."""

    result: TableResult
    points_ns: Fraction
    points_ew: Fraction
    datum: Fraction | None = None
    """The score this result was measured against (datum methods; on a fouled board, its
    version's datum)."""


@dataclass(frozen=True, slots=True)
class PairTotal:
    """A pair's total, and the most it could have scored on the boards it played."""

    pair: Pair
    score: Fraction
    """The total used for ranking (factored up when the method's options say so)."""
    maximum: Fraction
    """The sum of the tops of the boards the pair played: percentage = raw / maximum."""
    raw: Fraction
    boards_played: int

    @property
    def percentage(self) -> Fraction:
        return Fraction(0) if not self.maximum else self.raw * 100 / self.maximum


@dataclass(frozen=True)
class SectionScore:
    """What a scoring method returns for a section."""

    method: str
    version: str
    tops: dict[int, Fraction]
    """Board → the top every result on it is measured against."""
    results: tuple[ScoredResult, ...]
    totals: dict[Pair, PairTotal]
    higher_is_better: bool = True
    datum: dict[int, Fraction] = field(default_factory=dict)
    """Board → the datum results were measured against (Houston/Butler methods only)."""


def credit_players(score: SectionScore, movement: Movement) -> SectionScore:
    """An individual's score: each side's points credited to both its players.

    A scoring method sees an individual's results addressed by North and East (or by
    whoever holds the cards), as it sees a pair game; here North and South each get the
    NS points and East and West the EW points. When the method factors totals up to the
    most boards played (a sit-out), players' totals are factored the same way."""
    raw: dict[Pair, Fraction] = {}
    maxima: dict[Pair, Fraction] = {}
    boards: dict[Pair, int] = {}
    for s in score.results:
        r = s.result
        e = movement.scheduled.get((r.board, r.ns, r.ew))
        if e is None:
            continue  # not a table of the movement: the rules refuse such a result
        top = score.tops.get(r.board, Fraction(0))
        for side, points in zip(movement.partners(e), (s.points_ns, s.points_ew), strict=True):
            for player in side:
                raw[player] = raw.get(player, Fraction(0)) + points
                maxima[player] = maxima.get(player, Fraction(0)) + top
                boards[player] = boards.get(player, 0) + 1
    factored = any(t.score != t.raw for t in score.totals.values())
    most = max(boards.values(), default=0)
    totals = {}
    for player in movement.pairs:
        n = boards.get(player, 0)
        total = raw.get(player, Fraction(0))
        scale = Fraction(most, n) if factored and 0 < n < most else Fraction(1)
        totals[player] = PairTotal(player, total * scale, maxima.get(player, Fraction(0)), total, n)
    return replace(score, totals=totals)
