"""What a scoring method is given and what it returns.

Scores are pure functions of recorded facts: the section's results, adjusted
scores and neutral boards as they stand at some position of the store. The same
facts always give the same scores. Numbers are exact (:class:`fractions.Fraction`);
rounding happens only when standings are shown or published.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from operator import attrgetter
from typing import Literal, Protocol, SupportsInt, overload

from engine.errors import N_, Fix, InvalidInput
from engine.movement import Movement
from engine.seating import Line, Numbering, Pair

_BOARD = attrgetter("board")


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

    def __repr__(self) -> str:
        """``Award.parse('A+')``: a repr that reads back as the same award."""
        return f"Award.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Award:
        """Read ``A+``, ``A``, ``A-``, ``A60`` (also ``AVE+``, ``AVE-``, ``AVE``)."""
        t = text.strip().upper().replace("AVE", "A").replace("AV", "A")
        if t in ("A+", "A", "A-"):
            return cls(AwardKind(t))
        if t.startswith("A") and t[1:].isascii() and t[1:].isdigit() and 0 <= int(t[1:]) <= 100:
            return cls(AwardKind.PERCENT, int(t[1:]))
        raise InvalidInput(
            N_("%(text)s is not an adjusted score."),
            hint=N_(
                "Write A+, A or A- (average plus, average, average minus) or a "
                "percentage such as A60."
            ),
            code="award.text",
            text=repr(text),
        )


Blend = tuple[tuple[Fraction, int], ...]
"""A weighted assigned score (law 12C1(c)): (weight, NS score) pairs, the weights summing to 1."""


@dataclass(frozen=True, slots=True)
class Split:
    """A split assigned score: the director gave each side of the table its own result.

    ``ns`` is the result North-South are scored on, ``ew`` the one East-West are scored
    on, each an NS score or a weighted blend of NS scores: NS +420 / EW −450 is
    ``Split(420, 450)``. The two need not balance (the manual, part 2 ch. 4). In a field
    each side is compared with the pairs of its own direction: the other NS pairs with
    ``ns``, the other EW pairs with ``ew``."""

    ns: int | Blend
    ew: int | Blend


def _one(blend: Blend) -> int | Blend:
    """A blend of one result (weight 1) is that result's score."""
    return blend[0][1] if len(blend) == 1 else blend


_set = object.__setattr__
KEY_BITS = 32
"""Each half of a :func:`packed` key."""
_HALF = 1 << (KEY_BITS - 1)
_KEYS: dict[int, int] = {}
"""Keys made so far, so results share them: a section's results repeat a few thousand keys
(its boards' scores, its pairs' meetings), and an int is 32 bytes."""
_MOST_KEYS = 1 << 16
_MISS = -(1 << 40)
"""A line a pair code has no place for (an NS pair sitting EW): no key."""


def packed(high: int | None, low: int | None) -> int | None:
    """Two whole numbers in [-2³¹, 2³¹) as one 64-bit one: ``high · 2³² + low + 2³¹`` (a
    kernel takes them apart with a shift and a mask); None when either is out of range."""
    if high is None or low is None or not (-_HALF <= high < _HALF and -_HALF <= low < _HALF):
        return None
    return (high << KEY_BITS) | (low + _HALF)


def pair_code(pair: Pair) -> int | None:
    """A pair as one whole number ≥ 0: its number × 3 plus its line (none 0, NS 1, EW 2);
    None for a negative number or a line that is not a :class:`Line`."""
    code = pair.number * 3 + _line_code(pair.line)
    return code if code >= 0 else None


def _line_code(line: Line | None) -> int:
    # By identity: an enum's == and hash are Python calls, and this runs for every result.
    return 0 if line is None else 1 if line is Line.NS else 2 if line is Line.EW else _MISS


@dataclass(frozen=True, slots=True)
class TableResult:
    """What happened at one table on one board, as the scorer sees it.

    Exactly one of these holds: ``score_ns`` is the NS score of a played board;
    ``neutral`` marks a board not played through no one's fault; ``award_ns`` and
    ``award_ew`` are artificial adjusted scores; ``weighted`` is an assigned score
    (with ``split_ew``, a split one).
    """

    board: int
    ns: Pair
    ew: Pair
    score_ns: int | None = None
    neutral: bool = False
    award_ns: Award | None = None
    award_ew: Award | None = None
    weighted: Blend = ()
    """An assigned score (law 12C): (weight, NS score) pairs whose weights sum to 1, one
    result of weight 1 or several (law 12C1(c)). When given, ``score_ns`` is empty."""
    split_ew: Blend = ()
    """A split assigned score: the result East-West are given, as ``weighted`` is the one
    North-South are given. Empty when both sides have the same (balancing) score."""
    plain_key: int | None = field(init=False, repr=False, compare=False)
    """A result that is a played score and nothing else (not neutral, not adjusted, not
    assigned): its board and NS score as one whole number (:func:`packed`); None for any
    other result. Set once when the result is made, so a scoring kernel reads a big
    field's plain results in one pass."""
    pairs_key: int | None = field(init=False, repr=False, compare=False)
    """The NS and EW pairs as one whole number (:func:`packed` of their
    :func:`pair_code`), or None when a pair number is out of its range."""

    def __post_init__(self) -> None:
        # packed(board, score) and packed(pair_code(ns), pair_code(ew)), written out: this
        # runs once for every result a section holds.
        board, score, key = self.board, self.score_ns, None
        if (
            score is not None
            and not (self.neutral or self.weighted or self.split_ew)
            and self.award_ns is None
            and self.award_ew is None
            and -_HALF <= board < _HALF
            and -_HALF <= score < _HALF
        ):
            key = (board << KEY_BITS) | (score + _HALF)
            key = _KEYS.setdefault(key, key)
        _set(self, "plain_key", key)
        ns, ns_line = self.ns
        ew, ew_line = self.ew
        ns = ns * 3 + _line_code(ns_line)
        ew = ew * 3 + _line_code(ew_line)
        key = None
        if 0 <= ns < _HALF and 0 <= ew < _HALF:
            key = (ns << KEY_BITS) | (ew + _HALF)
            key = _KEYS.setdefault(key, key)
        _set(self, "pairs_key", key)
        if len(_KEYS) > _MOST_KEYS:
            _KEYS.clear()

    @property
    def played(self) -> bool:
        return self.score_ns is not None

    @property
    def split(self) -> bool:
        """Whether each side has its own assigned result."""
        return bool(self.split_ew)

    @overload
    def outcome(self, neutral_award: Award) -> int | tuple[Award, Award]: ...

    @overload
    def outcome(
        self, neutral_award: Award, *, weighted: Literal[True]
    ) -> int | tuple[Award, Award] | Blend: ...

    @overload
    def outcome(
        self, neutral_award: Award, *, weighted: Literal[True], split: Literal[True]
    ) -> int | tuple[Award, Award] | Blend | Split: ...

    def outcome(
        self, neutral_award: Award, *, weighted: bool = False, split: bool = False
    ) -> int | tuple[Award, Award] | Blend | Split:
        """The NS score of a played board, or each side's adjusted score (a neutral
        table's pairs both get ``neutral_award``), or an assigned score's (weight, NS
        score) pairs for a method that weighs them (``weighted=True``), or a split
        assigned score's two sides for a method that compares each side with its own
        direction (``split=True``)."""
        ns, ew = self.award_ns, self.award_ew
        awarded = ns is not None or ew is not None
        assigned = bool(self.weighted)
        kinds = (self.score_ns is not None) + self.neutral + awarded + assigned
        if kinds == 1 and (assigned or not self.split_ew):
            if self.score_ns is not None:
                return self.score_ns
            if self.neutral:
                return neutral_award, neutral_award
            if ns is not None and ew is not None:
                return ns, ew
            if self.split_ew:
                if not (split and weighted):
                    raise InvalidInput(
                        N_(
                            "Board %(board)s, %(ns)s v %(ew)s has a split assigned score (each "
                            "side given its own result), which this scoring method cannot score."
                        ),
                        hint=N_(
                            "Score the section by a pair method that compares scores "
                            "(matchpoints, houston, butler, cross-imps, total-points), or give "
                            "both sides one assigned score."
                        ),
                        code="scoring.split",
                        fix=(Fix("rescore", needs=("scoring", "reason")), Fix("assign")),
                        board=self.board,
                        ns=str(self.ns),
                        ew=str(self.ew),
                    )
                return Split(_one(self.weighted), _one(self.split_ew))
            if assigned:
                if not weighted:
                    raise InvalidInput(
                        N_(
                            "Board %(board)s, %(ns)s v %(ew)s has a weighted assigned score "
                            "(law 12C1(c)), which this scoring method cannot score."
                        ),
                        hint=N_(
                            "Score the section by a method that weighs scores (matchpoints, "
                            "houston, butler, cross-imps, total-points), or give the table a "
                            "single score."
                        ),
                        code="scoring.weighted",
                        fix=(Fix("rescore", needs=("scoring", "reason")), Fix("result.correct")),
                        board=self.board,
                        ns=str(self.ns),
                        ew=str(self.ew),
                    )
                return self.weighted
        raise InvalidInput(
            N_(
                "Board %(board)s, %(ns)s v %(ew)s: the result is not one score, "
                "a neutral board, an adjusted score for each side, or an assigned score."
            ),
            hint=N_("Correct the result so it is exactly one of these."),
            code="result.shape",
            board=self.board,
            ns=str(self.ns),
            ew=str(self.ew),
        )


def shown_blend(blend: Blend, *, ew: bool = False) -> str:
    """An assigned result as a director writes it: ``+420``, or ``2/3 of +420 + 1/3 of -50``.

    The scores are NS scores; with ``ew`` they are shown as East-West's own (``-420``)."""
    sign = -1 if ew else 1
    if len(blend) == 1:
        return f"{sign * blend[0][1]:+d}"
    return " + ".join(f"{weight} of {sign * score:+d}" for weight, score in blend)


def shown_assigned(fact: TableResult) -> str | None:
    """A table's assigned score as the traveller shows it: ``2/3 of +420 + 1/3 of -50``
    (NS scores), or a split one as ``NS +420 / EW -450`` (each side's own score); None
    for a table with no assigned score."""
    if not fact.weighted:
        return None
    if not fact.split_ew:
        return shown_blend(fact.weighted)
    return f"NS {shown_blend(fact.weighted)} / EW {shown_blend(fact.split_ew, ew=True)}"


TEAMS = "TEAMS"
"""The name of a team section's one field: its teams, each by its NS pair."""


@dataclass(frozen=True, slots=True)
class ScoringField:
    """A group of pairs ranked against each other: ``NS`` and ``EW`` in a Mitchell, ``ALL``,
    or a team section's :data:`TEAMS`."""

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
    absent: tuple[tuple[int, Pair], ...] = ()
    """(board, pair) for each board the movement has a pair play against an absent pair
    (the phantom): JCBL factors the pair's total up; a method may score those boards
    instead (JFR Pary: 60 %)."""

    _tables: dict[int, list[int]] | None = field(
        default=None, init=False, compare=False, repr=False
    )
    """Board → the indices of its results, made when first asked for."""

    def tables_on(self, boards: Iterable[int]) -> list[int]:
        """The indices of the results on ``boards``, in order.

        A live change asks for one board's tables among thousands: every board's are
        listed once per facts, or carried from the facts these grew from
        (:meth:`grown_from`)."""
        index = self._tables
        if index is None:
            index = {}
            for i, board in enumerate(map(_BOARD, self.results)):
                found = index.get(board)
                if found is None:
                    index[board] = [i]
                else:
                    found.append(i)
            object.__setattr__(self, "_tables", index)  # a cache: the facts stay as they are
        return sorted(i for board in boards for i in index.get(board, ()))

    def grown_from(self, earlier: SectionFacts) -> None:
        """Carry ``earlier``'s list of each board's tables, if it made one: its results
        are the first of these (a live section's facts grow a result at a time)."""
        known = earlier._tables
        if known is None or self._tables is not None:
            return
        index = dict(known)
        copied: set[int] = set()  # the boards whose lists are these facts' own
        for i in range(len(earlier.results), len(self.results)):
            board = self.results[i].board
            if board not in copied:
                index[board] = [*index.get(board, ())]
                copied.add(board)
            index[board].append(i)
        object.__setattr__(self, "_tables", index)

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
    datum_ew: Fraction | None = None
    """On a board with a split assigned score, the datum the EW pair was measured against
    when it is not ``datum``: EW pairs compete with the result the split table's EW got."""


class Column(Protocol):
    """A column of whole numbers: a numpy array, an ``array.array`` (one per result)."""

    def __len__(self) -> int: ...

    def __getitem__(self, index: int, /) -> SupportsInt: ...

    def tolist(self) -> list[int]: ...


class ScoredSequence(Sequence[ScoredResult]):
    """A sequence of a section's scored results other than a tuple (:class:`ScoredResults`,
    :class:`ResultsWhenRead`): equal to any sequence of the same scored results."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        """Equal to any sequence of the same scored results (a tuple of them, say)."""
        if not isinstance(other, Sequence) or isinstance(other, (str, bytes)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self)!r})"


class ScoredResults(ScoredSequence):
    """A section's scored results kept as whole-number columns; a :class:`ScoredResult`
    is made when one is read.

    Result ``i`` earned ``ns[i] / denominator[i]`` for North-South and ``ew[i] /
    denominator[i]`` for East-West, measured against ``datum[board]`` where the method
    has one. Results in ``exact`` (scored by a method's exact code: adjusted, assigned,
    fouled boards) are given as they are. A big field's scores cost no Fraction per result
    until someone reads one; a method totals the columns itself."""

    __slots__ = ("_datum", "_denominator", "_ew", "_exact", "_ns", "_results")

    def __init__(
        self,
        results: Sequence[TableResult],
        ns: Column,
        ew: Column,
        denominator: Column,
        *,
        datum: Mapping[int, Fraction] | None = None,
        exact: Mapping[int, ScoredResult] | None = None,
    ) -> None:
        if not len(results) == len(ns) == len(ew) == len(denominator):
            raise ValueError("every column has one number per result")
        self._results = results
        self._ns, self._ew, self._denominator = ns, ew, denominator
        self._datum: Mapping[int, Fraction] = datum or {}
        self._exact: Mapping[int, ScoredResult] = exact or {}

    def __len__(self) -> int:
        return len(self._results)

    @overload
    def __getitem__(self, index: int) -> ScoredResult: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[ScoredResult, ...]: ...

    def __getitem__(self, index: int | slice) -> ScoredResult | tuple[ScoredResult, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        i = index + len(self) if index < 0 else index
        if not 0 <= i < len(self):
            raise IndexError("scored result index out of range")
        found = self._exact.get(i)
        if found is not None:
            return found
        r, d = self._results[i], int(self._denominator[i])
        ns, ew = Fraction(int(self._ns[i]), d), Fraction(int(self._ew[i]), d)
        return ScoredResult(r, ns, ew, self._datum.get(r.board))

    def __iter__(self) -> Iterator[ScoredResult]:
        exact, datum = self._exact, self._datum
        columns = zip(self._ns.tolist(), self._ew.tolist(), self._denominator.tolist(), strict=True)
        for i, (r, (ns, ew, d)) in enumerate(zip(self._results, columns, strict=True)):
            found = exact.get(i)
            yield (
                found
                if found is not None
                else ScoredResult(r, Fraction(ns, d), Fraction(ew, d), datum.get(r.board))
            )


class ResultsWhenRead(ScoredSequence):
    """A section's scored results, worked out the first time one is read.

    A section rescored board by board (:class:`engine.registry.RescoresBoards`) has its
    totals at once; its results are the method's own full score's, made only for the
    reader who wants them (a traveller), not for every live standings query."""

    __slots__ = ("_found", "_length", "_work")

    def __init__(self, length: int, work: Callable[[], Sequence[ScoredResult]]) -> None:
        self._length = length
        self._work: Callable[[], Sequence[ScoredResult]] | None = work
        self._found: Sequence[ScoredResult] | None = None

    def _results(self) -> Sequence[ScoredResult]:
        found, work = self._found, self._work
        if found is None:
            assert work is not None, "worked out once, then kept"
            found = self._found = work()  # two readers at once both work it out, alike
            self._work = None
        return found

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> ScoredResult: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[ScoredResult]: ...

    def __getitem__(self, index: int | slice) -> ScoredResult | Sequence[ScoredResult]:
        return self._results()[index]

    def __iter__(self) -> Iterator[ScoredResult]:
        return iter(self._results())


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
    results: Sequence[ScoredResult]
    """Every result of the facts, in their order, with its points (a tuple, or
    :class:`ScoredResults` columns)."""
    totals: dict[Pair, PairTotal]
    higher_is_better: bool = True
    datum: dict[int, Fraction] = field(default_factory=dict)
    """Board → the datum results were measured against (Houston/Butler methods only)."""
    datum_ew: dict[int, Fraction] = field(default_factory=dict)
    """Board → the datum of the EW pairs, on a board whose split assigned score gives
    them another one."""
    provisional: frozenset[int] = frozenset()
    """Boards whose datum is provisional: still in play (fewer results than the movement
    gives them), so the datum may move as results come in (running standings)."""


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
