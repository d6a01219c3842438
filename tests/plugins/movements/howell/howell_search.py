"""The deterministic search that finds the base rounds of the cyclic Howells.

Run ``python -m tests.plugins.movements.howell.howell_search`` to print every base round stored in
:mod:`plugins.movements.howell.full` (full Howells, 13 tables and up) and
:mod:`plugins.movements.howell.short` (three-quarter Howells). The full Howells for 3 to
12 tables were found by version 1.0 of this search (same offsets, a slower layout
search) and are kept as they were; ``test_full`` checks that they are exactly as
balanced as what the search finds today.

A cyclic Howell for ``n`` tables and ``r`` rounds has ``r`` moving pairs (1 to ``r``)
and ``s = 2n - r`` stationary pairs (``r + 1`` to ``2n``); a full Howell has
``r = 2n - 1`` and one stationary pair, a three-quarter Howell fewer rounds and more
(the club-director guide: "the number of stationary pairs equates to the number of
pairs less the number of rounds"). In round ``k`` every moving pair number and every
set number of round 1 (the *base round*) grows by ``k - 1``, counting modulo ``r``.

A moving pair ``x`` reaching a seat whose round-1 pair is ``a`` and set ``c`` plays set
``x + (c - a)`` there, so ``c - a`` is the seat's *offset*. The movement is valid when
the ``r`` offsets of the moving pairs' seats are all different (no pair plays a set
twice) and no difference ``±(a - b)`` of two moving pairs at a table comes twice (no
two pairs meet twice; with ``r`` even, ``r / 2`` is left out). Stationary pair ``2n``
sits NS at table 1 against pair 1 on set 1 (offset 0).

Comparison balance depends only on the set ``U`` of NS offsets: two moving pairs
``d`` apart sit the same way on ``2·λ(d) + r - 2|U|`` sets, ``λ(d)`` counting the
differences ``d`` inside ``U``; everything else is fixed by the sizes. So the search
takes ``U`` with its differences spread as evenly as possible (a difference set where
one exists), ``|U|`` chosen so every moving pair sits NS and EW equally often within
one (the stationary pairs split the same way, NS and EW). It tries those ``U`` in
lexicographic order, widening the spread only when none exists (27 offsets: there is
no cyclic (27, 13, 6) difference set), and lays out the first one that it can, with as
few tables sharing a set (relays) as that spread allows: for each choice of the
differences met at the moving tables, one exact cover (Knuth's algorithm X) of the
seats, the moving pairs, those differences and the sets.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import TypeVar

Table = tuple[int, int, int]
"""(NS pair, EW pair, set) of one table in the base round."""

Choice = tuple[tuple[int, ...], int, tuple[str, int] | None]
"""A row of the layout's exact cover: a table's seats (offsets), its set, and the relay
token it uses (``None``: the set is its own)."""

Row = TypeVar("Row", bound=Hashable)


@dataclass(frozen=True)
class Shape:
    """The sizes of a cyclic Howell with ``tables`` tables and ``rounds`` rounds."""

    tables: int
    rounds: int

    @property
    def stationary(self) -> int:
        return 2 * self.tables - self.rounds

    @property
    def moving_tables(self) -> int:
        """Tables where two moving pairs meet."""
        return self.rounds - self.tables

    @property
    def ew_stationary(self) -> int:
        """Stationary pairs sitting EW (pair ``2n`` and half the others sit NS)."""
        return self.stationary // 2

    @property
    def ns_offsets(self) -> int:
        """``|U|``: the rounds each moving pair sits NS."""
        return self.moving_tables + self.ew_stationary


def spread(rounds: int, offsets: tuple[int, ...]) -> list[int]:
    """``λ(d)`` for ``d = 1 … rounds - 1``: how often ``d`` is a difference in ``offsets``."""
    counts = [0] * rounds
    for a in offsets:
        for b in offsets:
            if a != b:
                counts[(a - b) % rounds] += 1
    return counts[1:]


def even_offsets(rounds: int, size: int, budget: int = 0) -> Iterator[tuple[int, ...]]:
    """Offset sets (without 0) whose differences are evenly spread, lexicographically.

    Every ``λ(d)`` lies in the band around the mean ``size(size-1)/(rounds-1)``, but for
    ``budget`` steps outside it in all."""
    floor, spill = divmod(size * (size - 1), rounds - 1)
    ceiling = floor + (spill > 0)
    counts = [0] * rounds

    def extend(start: int, chosen: list[int], excess: int) -> Iterator[tuple[int, ...]]:
        if len(chosen) == size:
            if excess + sum(max(0, floor - c) for c in counts[1:]) <= budget:
                yield tuple(chosen)
            return
        for x in range(start, rounds - (size - len(chosen)) + 1):
            added = [d for u in chosen for d in ((x - u) % rounds, (u - x) % rounds)]
            extra = 0
            for d in added:
                counts[d] += 1
                extra += counts[d] > ceiling
            if excess + extra <= budget:
                yield from extend(x + 1, [*chosen, x], excess + extra)
            for d in added:
                counts[d] -= 1

    yield from extend(1, [], 0)


def exact_cover(rows: dict[Row, list[Hashable]], primary: set[Hashable]) -> Iterator[list[Row]]:
    """Knuth's algorithm X: rows covering every primary column once, the others at most once.

    The tightest column first (ties by name), its rows in the order given."""
    columns: dict[Hashable, set[Row]] = {c: set() for c in primary}
    for name, covered in rows.items():
        for c in covered:
            columns.setdefault(c, set()).add(name)
    order = {name: i for i, name in enumerate(rows)}
    chosen: list[Row] = []

    def select(row: Row) -> list[set[Row]]:
        removed = []
        for c in rows[row]:
            for other in columns[c]:
                for k in rows[other]:
                    if k != c:
                        columns[k].discard(other)
            removed.append(columns.pop(c))
        return removed

    def deselect(row: Row, removed: list[set[Row]]) -> None:
        for c in reversed(rows[row]):
            columns[c] = removed.pop()
            for other in columns[c]:
                for k in rows[other]:
                    if k != c:
                        columns[k].add(other)

    def search() -> Iterator[list[Row]]:
        open_ = [c for c in columns if c in primary]
        if not open_:
            yield list(chosen)
            return
        tightest = min(open_, key=lambda c: (len(columns[c]), repr(c)))
        for row in sorted(columns[tightest], key=order.__getitem__):
            chosen.append(row)
            removed = select(row)
            yield from search()
            deselect(row, removed)
            chosen.pop()

    yield from search()


def layouts(shape: Shape, ns: tuple[int, ...], relays: int) -> Iterator[list[Table]]:
    """Base rounds realising the NS offsets ``ns``, table 1 first, then by place.

    For each choice of the differences met at the moving tables (lexicographic), one
    exact cover: every seat (offset) and every moving pair once, each chosen difference
    at one moving table, each set at one table but for exactly ``relays`` tables that
    share the set of another."""
    r, pairs = shape.rounds, 2 * shape.tables
    ew = [o for o in range(1, r) if o not in ns]
    seats: list[tuple[int, ...]] = [(u, v) for u in ns for v in ew]
    seats += [(o,) for o in range(1, r)]
    tokens = [("relay", k) for k in range(relays)]
    for kinds in combinations(range(1, (r + 1) // 2), shape.moving_tables):
        rows: dict[Choice, list[Hashable]] = {
            ((0,), 1, None): [("seat", 0), ("pair", 1), ("set", 1)]
        }
        for seat in seats:
            if len(seat) == 2:
                d = (seat[1] - seat[0]) % r
                if min(d, r - d) not in kinds:
                    continue
                met: list[Hashable] = [("kind", min(d, r - d))]
            else:
                met = []
            for c in range(r):
                covered = [*(("seat", o) for o in seat), *(("pair", (c - o) % r) for o in seat)]
                rows[seat, c, None] = [*covered, *met, ("set", c)]
                for token in tokens:
                    rows[seat, c, token] = [*covered, *met, ("shared", c, token), token]
        primary: set[Hashable] = {("seat", o) for o in range(r)} | {("pair", p) for p in range(r)}
        primary |= {("kind", k) for k in kinds} | set(tokens)
        for found in exact_cover(rows, primary):
            tables = []
            for seat, c, _ in sorted(found, key=_by_place(r)):
                sat = [(c - o - 1) % r + 1 for o in seat]
                place = (c - 1) % r + 1
                if seat == (0,):
                    tables.append((pairs, 1, 1))
                elif len(sat) == 2:
                    tables.append((sat[0], sat[1], place))
                elif seat[0] in ns:  # facing a stationary pair, numbered below
                    tables.append((sat[0], 0, place))
                else:
                    tables.append((0, sat[0], place))
            yield _number_stationary(tables, shape)


def _by_place(r: int) -> Callable[[Choice], tuple[int, bool]]:
    """Sort key of a chosen row: its set's place on the circuit, table 1 first."""
    return lambda row: ((row[1] - 1) % r, row[0] != (0,))


def _number_stationary(tables: list[Table], shape: Shape) -> list[Table]:
    """Stationary pairs other than ``2n`` take ``r + 1, r + 2, …`` in table order."""
    out, next_pair = [], shape.rounds + 1
    for ns, ew, c in tables:
        if 0 in (ns, ew):
            ns, ew = (ns or next_pair), (ew or next_pair)
            next_pair += 1
        out.append((ns, ew, c))
    return out


class _Listing:
    """An iterator's items, produced once and replayed on every later pass."""

    def __init__(self, items: Iterator[tuple[int, ...]]) -> None:
        self._items = items
        self._seen: list[tuple[int, ...]] = []

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        yield from list(self._seen)
        for item in self._items:
            self._seen.append(item)
            yield item


def _fewest_relays(shape: Shape) -> int:
    """1 when no layout can keep every table on its own set, else 0.

    Each pair number and each offset comes once in the base round, so the sets of the
    seats add up to the offsets: ``Σ sets of the tables + Σ sets of the moving tables
    ≡ Σ offsets ≡ 0`` modulo an odd ``r``. With ``r - 1`` tables on distinct sets and one
    moving table, that puts the moving table on the set no table plays."""
    return int(shape.rounds % 2 == 1 and shape.tables == shape.rounds - 1)


def base_round(tables: int, rounds: int | None = None) -> tuple[Table, ...]:
    """The first base round the search finds (a full Howell when ``rounds`` is left out).

    Evenest spread first, then fewest relays, then the first offsets and layout."""
    shape = Shape(tables, 2 * tables - 1 if rounds is None else rounds)
    # λ(d) = λ(-d): with an odd number of offsets the spread widens two steps at a time
    for budget in range(0, shape.rounds, 2 if shape.rounds % 2 else 1):
        listing = _Listing(even_offsets(shape.rounds, shape.ns_offsets, budget))
        for relays in range(_fewest_relays(shape), tables):
            for offsets in listing:
                for found in layouts(shape, offsets, relays):
                    return tuple(found)
    raise LookupError(f"No cyclic Howell for {tables} tables and {shape.rounds} rounds.")


if __name__ == "__main__":
    print("BASE_ROUNDS, 13 tables and up (14 and 16 take minutes):")
    for n in range(13, 17):
        print(f"    {n}: {base_round(n)},")
    print("SHORT_BASE_ROUNDS:")
    for n in range(4, 15):
        for r in range(n + 1, min(2 * n - 2, 15) + 1):
            print(f"    ({n}, {r}): {base_round(n, r)},")
