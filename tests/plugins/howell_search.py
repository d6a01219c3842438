"""The deterministic search that found the Howell base rounds in :mod:`plugins.movements.howell`.

Run ``python -m tests.plugins.howell_search`` to print them; ``test_howell`` checks that
the search still finds exactly the hard-coded rounds (figure 7 of the manual stands for
6 tables instead).

A cyclic Howell for ``n`` tables has ``m = 2n - 1`` moving pairs and board sets. In the
base round the stationary pair ``2n`` sits NS against pair 1 on set 1; every other
table has NS ``a``, EW ``b`` and set ``c``. Pair ``x`` reaches that NS seat in round
``x - a + 1`` and plays set ``x + (c - a)`` there, so ``c - a`` is the seat's
*offset*. The movement is valid when the ``m`` offsets (``c - a`` and ``c - b`` of
every moving table, 0 for pair 1's seat) are all different (no pair plays a set
twice) and the differences ``±(a - b)`` cover every nonzero residue once (every pair
meets every other once).

Two moving pairs whose numbers differ by ``d`` sit the same way on ``2·λ(d) + 1``
sets, where ``λ(d)`` counts the differences ``d`` inside the set ``U`` of NS offsets;
each is compared with the stationary pair on ``n - 1`` sets, the mean. So the best
comparison balance comes from a ``U`` whose differences are spread as evenly as
possible (a difference set): the search tries those ``U`` in lexicographic order and
takes the first for which the pairs and sets can be laid out. Tables share a set (a
relay) only if no layout without sharing exists, which happens for 3 tables.
"""

from __future__ import annotations

from collections.abc import Iterator

Table = tuple[int, int, int]
"""(NS pair, EW pair, set) of one table in the base round."""


def even_offsets(tables: int) -> Iterator[tuple[int, ...]]:
    """NS offset sets whose differences are as evenly spread as possible, lexicographically."""
    m, size = 2 * tables - 1, tables - 1
    floor, spill = divmod(size * (size - 1), m - 1)
    ceiling = floor + (spill > 0)
    counts = [0] * m

    def extend(start: int, chosen: list[int]) -> Iterator[tuple[int, ...]]:
        if len(chosen) == size:
            if min(counts[1:]) >= floor:
                yield tuple(chosen)
            return
        for x in range(start, m):
            added = [d for u in chosen for d in ((x - u) % m, (u - x) % m)]
            for d in added:
                counts[d] += 1
            if all(counts[d] <= ceiling for d in added):
                yield from extend(x + 1, [*chosen, x])
            for d in added:
                counts[d] -= 1

    yield from extend(1, [])


def layouts(tables: int, ns_offsets: tuple[int, ...], share: bool) -> Iterator[list[Table]]:
    """Moving tables (pairs as residues mod 2n-1) realising ``ns_offsets``, in search order."""
    m = 2 * tables - 1

    def place(
        pairs: frozenset[int],
        ns: frozenset[int],
        ew: frozenset[int],
        gaps: frozenset[int],
        sets: frozenset[int],
    ) -> Iterator[list[Table]]:
        if not pairs:
            yield []
            return
        p = min(pairs)
        for q in sorted(pairs - {p}):
            gap = min((q - p) % m, (p - q) % m)
            if gap not in gaps:
                continue
            for a, b in ((p, q), (q, p)):
                for u in sorted(ns):
                    v, c = (u - (b - a)) % m, (a + u) % m
                    if v not in ew or (c not in sets and not share):
                        continue
                    for rest in place(pairs - {p, q}, ns - {u}, ew - {v}, gaps - {gap}, sets - {c}):
                        yield [(a, b, c), *rest]

    yield from place(
        frozenset(x % m for x in range(2, m + 1)),
        frozenset(ns_offsets),
        frozenset(range(1, m)) - set(ns_offsets),
        frozenset(range(1, tables)),
        frozenset(range(m)) - {1},
    )


def base_round(tables: int) -> tuple[Table, ...]:
    """The first base round the search finds, stationary table first, pairs as numbers."""
    m = 2 * tables - 1
    for share in (False, True):
        for offsets in even_offsets(tables):
            for found in layouts(tables, offsets, share):
                moving = tuple((a % m or m, b % m or m, c % m or m) for a, b, c in found)
                return ((2 * tables, 1, 1), *moving)
    raise LookupError(f"No cyclic Howell for {tables} tables.")


if __name__ == "__main__":
    for n in range(3, 13):
        print(f"    {n}: {base_round(n)},")
