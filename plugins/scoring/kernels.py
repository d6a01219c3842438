"""Scoring kernels: the plain boards of a big field scored at once, in whole numbers.

A board is plain when every result on it is a played score and nothing else (no neutral
or adjusted table, no assigned score) and it is not fouled: then matchpoints, cross-IMPs,
total points and the Houston datum are functions of the board's sorted scores, and numpy
computes them for every plain board together, in integers over one denominator a board
(matchpoints in half-units, IMPs and points whole). The methods' exact code remains the
rule: it scores every other board, board by board, and every section too small for the
kernels to pay (:func:`plugins.scoring.comparison.by_kernel`); the property tests in
``tests/plugins/scoring`` hold the kernels equal to it result for result.

Nothing here builds a Fraction per result: the scores go back as
:class:`engine.scoring.ScoredResults` columns, and a pair's total is an integer sum.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import chain, repeat
from math import lcm
from operator import attrgetter
from typing import Literal

import numpy as np
from numpy.typing import NDArray

from engine.imps import THRESHOLDS
from engine.scoring import KEY_BITS, SectionFacts, pair_code
from engine.seating import Line, Pair

Ints = NDArray[np.int64]
Flags = NDArray[np.bool_]

_PLAIN_KEY = attrgetter("plain_key")
_PAIRS_KEY = attrgetter("pairs_key")
_LOW = (1 << KEY_BITS) - 1
_HALF = 1 << (KEY_BITS - 1)
_MOST_CODES = 1 << 22
"""The largest table of pair codes made (32 MB): pair numbers up to about 1.4 million."""
_BOARD = attrgetter("board")
_NS = attrgetter("ns")
_EW = attrgetter("ew")
_IMP_STEPS = np.array(THRESHOLDS, dtype=np.int64)
_MOST_PAIRS = 4_000_000
"""The most (score, score) comparisons cross-IMPs builds at once (memory: ~100 MB)."""


@dataclass(frozen=True)
class Columns:
    """A section's results as columns, one number per result in the facts' order."""

    board: Ints
    score: Ints
    """The NS score of each plain result (0 for the others)."""
    plain: Flags
    """Whether the result is a played score and nothing else."""
    ns: Ints
    ew: Ints
    """Each result's NS and EW pair, as an index into ``pairs``."""
    pairs: tuple[Pair, ...]

    @property
    def count(self) -> int:
        return len(self.board)


def columns(facts: SectionFacts) -> Columns:
    """The facts' results as columns, read in two passes of C over the results (their
    :attr:`~engine.scoring.TableResult.plain_key` and ``pairs_key``), no Python loop."""
    results = facts.results
    n = len(results)
    try:
        key = np.fromiter(map(_PLAIN_KEY, results), dtype=np.int64, count=n)
    except TypeError:  # a result that is not plain (None): board by board
        keys = list(map(_PLAIN_KEY, results))
        plain = np.fromiter((k is not None for k in keys), dtype=np.bool_, count=n)
        key = np.array([0 if k is None else k for k in keys], dtype=np.int64)
        board = np.fromiter(map(_BOARD, results), dtype=np.int64, count=n)
        score = np.where(plain, (key & _LOW) - _HALF, 0)
    else:
        plain = np.ones(n, dtype=np.bool_)
        board, score = key >> KEY_BITS, (key & _LOW) - _HALF
    ns, ew, pairs = _pair_columns(facts)
    return Columns(board, score, plain, ns, ew, pairs)


def _pair_columns(facts: SectionFacts) -> tuple[Ints, Ints, tuple[Pair, ...]]:
    """Each result's NS and EW pair as an index into the pairs (the fields' first, then
    any other pair met), read from the results' ``pairs_key`` through a table of codes."""
    results = facts.results
    index = {p: i for i, p in enumerate(dict.fromkeys(p for f in facts.fields for p in f.pairs))}
    coded = [pair_code(p) for p in index]
    known = [c for c in coded if c is not None]
    try:
        key = np.fromiter(map(_PAIRS_KEY, results), dtype=np.int64, count=len(results))
    except TypeError:  # a pair number too big to pack (None)
        key = None
    if key is not None and len(known) == len(coded):
        codes = np.concatenate((key >> KEY_BITS, (key & _LOW) - _HALF))
        high = max(int(codes.max(initial=0)), *known, 0)
        if high < _MOST_CODES:
            lut = np.full(high + 1, -1, dtype=np.int64)
            lut[np.array(known, dtype=np.int64)] = np.arange(len(known), dtype=np.int64)
            met = lut[codes]
            if met.min(initial=0) < 0:  # pairs in no field: after the fields' pairs
                for code in np.unique(codes[met < 0]).tolist():
                    lut[code] = len(index)
                    index[_pair_of(code)] = len(index)
                met = lut[codes]
            return met[: len(results)], met[len(results) :], tuple(index)
    # Numbers too big for a table of codes: by the pairs themselves.
    for p in chain(map(_NS, results), map(_EW, results)):
        index.setdefault(p, len(index))
    n = len(results)
    ns = np.fromiter(map(index.__getitem__, map(_NS, results)), dtype=np.int64, count=n)
    ew = np.fromiter(map(index.__getitem__, map(_EW, results)), dtype=np.int64, count=n)
    return ns, ew, tuple(index)


def _pair_of(code: int) -> Pair:
    """The pair whose :func:`~engine.scoring.pair_code` is ``code``."""
    return Pair(code // 3, (None, Line.NS, Line.EW)[code % 3])


@dataclass(frozen=True)
class Boards:
    """The plain boards of a section, their results sorted by (board, score).

    Per row (a result, in sorted order): ``rows`` (its index in the facts), ``score``.
    Per board: ``numbers``, ``first`` (its first row), ``size`` (its results).
    Per distinct score of a board (a group): ``group_first``, ``group_size``,
    ``group_board`` (the board's position in ``numbers``); ``group_of`` gives each row's."""

    rows: Ints
    score: Ints
    numbers: Ints
    first: Ints
    size: Ints
    group_first: Ints
    group_size: Ints
    group_board: Ints
    group_of: Ints

    @property
    def group_score(self) -> Ints:
        return self.score[self.group_first]


def plain_boards(cols: Columns, fouled: Iterable[int]) -> tuple[Boards, Ints]:
    """The plain boards (every result plain, the board not fouled), and the board numbers
    of the others (sorted), which the exact code scores."""
    others = np.union1d(cols.board[~cols.plain], np.fromiter(fouled, dtype=np.int64))
    rows = np.flatnonzero(~np.isin(cols.board, others)) if len(others) else None
    board = cols.board if rows is None else cols.board[rows]
    score = cols.score if rows is None else cols.score[rows]
    if len(board):
        low, span = int(score.min()), int(score.max()) - int(score.min()) + 1
        base = int(board.min())
        if (int(board.max()) - base + 1) * span < 2**62:
            order = np.argsort((board - base) * span + (score - low), kind="stable")
        else:
            order = np.lexsort((score, board))
    else:
        order = np.zeros(0, dtype=np.int64)
    board, score = board[order], score[order]
    rows = order if rows is None else rows[order]
    new_board = np.empty(len(board), dtype=np.bool_)
    new_board[:1] = True
    np.not_equal(board[1:], board[:-1], out=new_board[1:])
    new_group = new_board.copy()
    new_group[1:] |= score[1:] != score[:-1]
    first = np.flatnonzero(new_board)
    group_first = np.flatnonzero(new_group)
    group_board = np.cumsum(new_board)[group_first] - 1
    return (
        Boards(
            rows=rows.astype(np.int64, copy=False),
            score=score,
            numbers=board[first],
            first=first,
            size=np.diff(np.append(first, len(board))),
            group_first=group_first,
            group_size=np.diff(np.append(group_first, len(board))),
            group_board=group_board,
            group_of=np.cumsum(new_group) - 1,
        ),
        others,
    )


def rows_on(cols: Columns, boards: Ints) -> list[int]:
    """The indices of the results on ``boards``, in the facts' order."""
    if not len(boards):
        return []
    return [int(i) for i in np.flatnonzero(np.isin(cols.board, boards))]


@dataclass(frozen=True)
class Scored:
    """The points of each distinct score of a plain board (each group of :class:`Boards`):
    NS ``ns / denominator``, EW ``ew / denominator``; ``datum`` by board where the method
    measures against one."""

    ns: Ints
    ew: Ints
    denominator: Ints
    datum: Ints | None = None


# ---- matchpoints ---------------------------------------------------------------------------


def matchpoints(
    boards: Boards, targets: Ints, formula: Literal["neuberg", "ratio"], unit: int
) -> Scored:
    """The matchpoints of each distinct score of a plain board (1 per score beaten, ½ per
    tie, times ``unit``), brought to the scale of the board's ``targets`` results by
    ``formula`` where it was played fewer (or more) times:
    :func:`plugins.scoring.matchpoints._board`."""
    below = boards.group_first - boards.first[boards.group_board]
    h = 2 * below + boards.group_size - 1  # 2 per score beaten, 1 per tie
    t = targets[boards.group_board]
    top = (t - 1) * unit
    if np.array_equal(boards.size, targets):  # no board factored: half-units over 2
        ns, den = unit * h, np.full_like(h, 2)
        return Scored(ns, 2 * top - ns, den)
    n = boards.size[boards.group_board]
    if formula == "neuberg":
        # (mp + ½)·T/n − ½ = ((h + 1)·T − n) / 2n
        ns, den = unit * ((h + 1) * t - n), 2 * n
    else:
        alone = n == 1  # a result alone meets no one: the middle of the top
        ns = np.where(alone, t - 1, h * (t - 1)) * unit
        den = np.where(alone, 2, 2 * (n - 1))
    same = n == t  # not factored: half-units over 2
    ns, den = np.where(same, unit * h, ns), np.where(same, 2, den)
    return Scored(ns, den * top - ns, den)


def hundredths(numerator: Ints, denominator: Ints) -> Ints:
    """``numerator / denominator`` rounded half away from zero to hundredths, in hundredths
    (:func:`engine.numbers.round_half_up`)."""
    digits = (2 * np.abs(numerator) * 100 + denominator) // (2 * denominator)
    return np.where(numerator < 0, -digits, digits)


def most_results(cols: Columns) -> int:
    """The most results any board has."""
    return int(np.unique(cols.board, return_counts=True)[1].max()) if cols.count else 0


def targets_of(boards: Boards, expected: Mapping[int, int], most: int) -> Ints:
    """Each plain board's expected results: the movement's, else ``most``."""
    if not expected:
        return np.full_like(boards.numbers, most)
    return np.array([expected.get(b) or most for b in boards.numbers.tolist()], dtype=np.int64)


# ---- comparison methods --------------------------------------------------------------------


def imps(difference: Ints) -> Ints:
    """:func:`engine.imps.imps` of each difference."""
    size = np.searchsorted(_IMP_STEPS, np.abs(difference), side="right").astype(np.int64)
    return np.where(difference < 0, -size, size)


def against_each_other(boards: Boards, *, convert_to_imps: bool, average: bool) -> Scored:
    """Each plain result's sum over the other results of its board of IMPs of the
    difference (``convert_to_imps``) or of the difference itself, or that sum per
    comparison (``average``): :func:`plugins.scoring.comparison.against_each_other`.

    Equal scores are compared once, by count: a board's distinct scores are few."""
    if convert_to_imps:
        by_group = _imps_by_group(boards)
    else:
        # Σ (s − t) over the board's scores t = n·s − Σ t
        on_board = np.add.reduceat(boards.score, boards.first) if len(boards.first) else boards.size
        n_of = boards.size[boards.group_board]
        by_group = n_of * boards.group_score - on_board[boards.group_board]
    n = boards.size[boards.group_board]
    # Averaged, a result alone meets no one: 0 over 1.
    den = np.where(n > 1, n - 1, 1) if average else np.ones_like(n)
    return Scored(by_group, -by_group, den)


def _imps_by_group(boards: Boards) -> Ints:
    """For each distinct score of a board, its IMPs against every result of the board."""
    # Each group is compared with every group of its board: k² comparisons a board of k.
    groups_on = np.bincount(boards.group_board, minlength=len(boards.numbers))
    first_group = np.cumsum(groups_on) - groups_on
    weight = groups_on[boards.group_board]
    out = np.zeros(len(boards.group_first), dtype=np.int64)
    cost = np.cumsum(weight)
    start = 0
    while start < len(weight):
        already = int(cost[start - 1]) if start else 0
        stop = max(start + 1, int(np.searchsorted(cost, already + _MOST_PAIRS, side="right")))
        groups = np.arange(start, stop, dtype=np.int64)
        out[start:stop] = _imps_of_groups(boards, groups, weight[start:stop], first_group)
        start = stop
    return out


def _imps_of_groups(boards: Boards, groups: Ints, partners: Ints, first_group: Ints) -> Ints:
    """IMPs of each of ``groups`` against every result of its board (its ``partners``
    distinct scores, from the board's first group on)."""
    left = np.repeat(groups, partners)
    starts = np.cumsum(partners) - partners
    offset = np.arange(len(left), dtype=np.int64) - np.repeat(starts, partners)
    right = first_group[boards.group_board[left]] + offset
    score = boards.group_score
    won = imps(score[left] - score[right]) * boards.group_size[right]
    return np.add.reduceat(won, starts) if len(won) else np.zeros(0, dtype=np.int64)


def houston_datum(
    boards: Boards,
    trim: Ints,
    step: int,
    rounding: Literal["away_from_zero", "half_up", "toward_zero"],
) -> Ints:
    """Each plain board's datum: the mean of its scores without the ``trim`` highest and
    lowest, as a multiple of ``step`` (:func:`plugins.scoring.houston.datum`; every
    board keeps a score at least: the caller sees to it)."""
    sums = np.concatenate(([0], np.cumsum(boards.score)))
    kept = boards.size - 2 * trim
    total = sums[boards.first + boards.size - trim] - sums[boards.first + trim]
    den = kept * step
    if rounding == "away_from_zero":
        whole = (2 * np.abs(total) + den) // (2 * den)
        whole = np.where(total < 0, -whole, whole)
    elif rounding == "half_up":
        whole = (2 * total + den) // (2 * den)
    else:
        whole = np.abs(total) // den
        whole = np.where(total < 0, -whole, whole)
    return np.asarray(whole * step, dtype=np.int64)


def houston(
    boards: Boards,
    trim_of: Callable[[int], int],
    in_play: Collection[int],
    step: int,
    rounding: Literal["away_from_zero", "half_up", "toward_zero"],
) -> Scored | None:
    """Each plain result's IMPs against its board's datum (``trim_of`` a board's results:
    how many each end leaves out; a board still ``in_play`` keeps one result at least);
    None when a board would keep none (the exact code refuses it in words)."""
    sizes, where = np.unique(boards.size, return_inverse=True)
    trim = np.array([trim_of(int(n)) for n in sizes], dtype=np.int64)[where]
    if in_play:
        live = np.isin(boards.numbers, np.fromiter(in_play, dtype=np.int64))
        trim = np.where(live, np.minimum(trim, (boards.size - 1) // 2), trim)
    if np.any(boards.size - 2 * trim <= 0):
        return None
    return against_datum(boards, houston_datum(boards, trim, step, rounding))


def against_datum(boards: Boards, datum: Ints) -> Scored:
    """The IMPs of each distinct score of a plain board against the board's ``datum``."""
    ns = imps(boards.group_score - datum[boards.group_board])
    return Scored(ns, -ns, np.ones_like(ns), datum)


# ---- back to the facts' order, and totals --------------------------------------------------


class Placed:
    """Values of the plain boards' groups put back in the facts' order of results."""

    def __init__(self, cols: Columns, boards: Boards) -> None:
        groups = len(boards.group_first)
        self.cols = cols
        self.slot = np.full(cols.count, groups, dtype=np.int64)
        """Each result's group; the results of other boards an extra slot (``other``)."""
        self.slot[boards.rows] = boards.group_of

    def column(self, by_group: Ints, other: int = 0) -> Ints:
        """A value of each result: its group's, ``other`` for results of other boards."""
        return np.append(by_group, other)[self.slot]

    def sums(self, ns: Ints, ew: Ints, den: Ints) -> dict[Pair, Fraction]:
        """Each pair's sum of its side's points ``ns / den`` and ``ew / den`` (by group)
        over the plain boards: whole numbers over one common denominator, one Fraction a
        pair that has a result."""
        if not len(den):
            return {}
        dens = [int(d) for d in np.unique(den)]
        common = lcm(*dens)
        scale = common // den
        biggest = int(max(np.abs(ns * scale).max(), np.abs(ew * scale).max()))
        if biggest * self.cols.count < 2**62:
            parts = [(ns * scale, ew * scale, common)]
        else:  # the common denominator would overflow: each denominator's sums apart
            parts = [(np.where(den == d, ns, 0), np.where(den == d, ew, 0), d) for d in dens]
        played = np.flatnonzero(_counts(self.cols))
        pairs = [self.cols.pairs[i] for i in played.tolist()]
        found: dict[Pair, Fraction] = {}
        for part_ns, part_ew, d in parts:
            total = pair_totals(self.cols, self.column(part_ns), self.column(part_ew))
            sums = map(Fraction, total[played].tolist(), repeat(d))
            if not found:
                found = dict(zip(pairs, sums, strict=True))
                continue
            for pair, value in zip(pairs, sums, strict=True):
                found[pair] += value
        return found


def pair_totals(cols: Columns, ns: Ints, ew: Ints) -> Ints:
    """Each pair's (by index) sum of ``ns`` over the results it sat NS at and ``ew`` over
    those it sat EW at."""
    total = np.zeros(len(cols.pairs), dtype=np.int64)
    np.add.at(total, cols.ns, ns)
    np.add.at(total, cols.ew, ew)
    return total


def _played(cols: Columns, values: Ints) -> Iterator[tuple[Pair, int]]:
    """(pair, its value) for each pair with a result."""
    played = np.flatnonzero(_counts(cols))
    return zip([cols.pairs[i] for i in played.tolist()], values[played].tolist(), strict=True)


def _counts(cols: Columns) -> Ints:
    n = len(cols.pairs)
    return np.bincount(cols.ns, minlength=n) + np.bincount(cols.ew, minlength=n)


def boards_played(cols: Columns) -> dict[Pair, int]:
    """How many results each pair has (either side)."""
    return dict(_played(cols, _counts(cols)))


def whole_sums(cols: Columns, values: Ints) -> dict[Pair, int]:
    """Each pair's sum of ``values`` (one a result, facts' order) over its results."""
    return dict(_played(cols, pair_totals(cols, values, values)))


def fractions_of(values: Iterable[int]) -> Mapping[int, Fraction]:
    """One Fraction for each distinct whole number (boards share tops and data)."""
    return {v: Fraction(v) for v in set(values)}
