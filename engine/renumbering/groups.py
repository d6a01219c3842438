"""The schedules read for a renumbering: who meets whom, who sits out, and a section's
groups of pairs that never meet one another (JCBL part 3 ch. 3 §5).

A section whose meetings form two sides (a Mitchell) has two *lines*; any other has its
*moving* pairs, taken to meet one another all, and its *stationary* pairs (a Howell); a
section that plays as independent halves is split into each half (a *component*) first.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.movement import Movement, SitOut
from engine.seating import Line, Numbering, Pair, pair_order


def opponents(movement: Movement, empty: Pair | None) -> dict[Pair, set[Pair]]:
    """Who meets whom in ``movement``, the empty seat (the phantom) left out."""
    met: dict[Pair, set[Pair]] = {p: set() for p in movement.pairs if p != empty}
    for e in movement.schedule:
        ns, ew = movement.ns_pair(e), movement.ew_pair(e)
        if empty not in (ns, ew):
            met[ns].add(ew)
            met[ew].add(ns)
    return met


def sit_outs(movement: Movement, empty: Pair | None) -> dict[Pair, int]:
    """Rounds each pair sits out: against the empty seat, or as the movement says."""
    count = dict.fromkeys(movement.pairs, 0)
    for e in movement.schedule:
        ns, ew = movement.ns_pair(e), movement.ew_pair(e)
        if ns == empty:
            count[ew] += 1
        elif ew == empty:
            count[ns] += 1
    for rest in movement.sit_outs:
        pair = _sitting_out(movement, rest)
        count[pair] = count.get(pair, 0) + 1
    return count


def _sitting_out(movement: Movement, rest: SitOut) -> Pair:
    if movement.numbering is Numbering.MITCHELL:
        return Pair(rest.pair, rest.line or Line.NS)
    return Pair(rest.pair)


@dataclass(frozen=True)
class Group:
    """Pairs (or seats) of a section that never meet one another or — ``moving`` — a
    Howell's moving pairs, taken to meet one another all."""

    members: tuple[Pair, ...]
    moving: bool


def groups(pairs: Sequence[Pair], met: Mapping[Pair, set[Pair]]) -> list[tuple[Group, ...]]:
    """Each component of a section's meetings, as its groups (see the module's docstring)."""
    seen: set[Pair] = set()
    components: list[tuple[Group, ...]] = []
    for start in sorted(pairs, key=pair_order):
        if start in seen:
            continue
        colour = {start: 0}
        queue, order, two_sided = deque([start]), [start], True
        while queue:
            p = queue.popleft()
            for q in sorted(met[p], key=pair_order):
                if q not in colour:
                    colour[q] = 1 - colour[p]
                    queue.append(q)
                    order.append(q)
                elif colour[q] == colour[p]:
                    two_sided = False
        seen |= colour.keys()
        members = sorted(order, key=pair_order)
        if two_sided:
            lines = (tuple(p for p in members if colour[p] == c) for c in (0, 1))
            components.append(tuple(Group(line, False) for line in lines if line))
            continue
        # The stationary pairs of a Howell all meet the same (moving) pairs and never
        # one another: the largest such class of "twins".
        twins: dict[frozenset[Pair], list[Pair]] = {}
        for p in members:
            twins.setdefault(frozenset(met[p]), []).append(p)
        still = max((t for t in twins.values() if len(t) > 1), key=len, default=[])
        moving = tuple(p for p in members if p not in still)
        found = (Group(moving, True), Group(tuple(still), False))
        components.append(tuple(g for g in found if g.members))
    return components


Mode = frozenset[tuple[int, int]]
"""How a component of the session played uses a component of the next session: the
(bin, side) pairs allowed — which of its groups may take seats in which group."""


def modes(sides: Sequence[bool], bins: Sequence[bool]) -> list[Mode]:
    """Every maximal way a component with groups ``sides`` may use one with groups
    ``bins`` (``True``: moving) without two pairs meeting again.

    Two seats meet when they are in different groups of a component, or in one moving
    group; two pairs have met when they are in different groups, or in one moving
    group. A moving group may put one pair in a moving group (the "1" of ``C1``)."""

    def clash(a: tuple[int, int], b: tuple[int, int]) -> bool:
        meet = a[0] != b[0] or bins[a[0]]
        have_met = a[1] != b[1] or sides[a[1]]
        return meet and have_met

    cells = [(b, s) for b in range(len(bins)) for s in range(len(sides))]
    valid = [
        frozenset(chosen)
        for size in range(len(cells) + 1)
        for chosen in itertools.combinations(cells, size)
        if not any(clash(a, b) for a, b in itertools.combinations(chosen, 2))
    ]
    maximal = [m for m in valid if m and not any(m < other for other in valid)]
    return sorted(
        maximal,
        key=lambda m: tuple((b, s) not in m for b in range(len(bins)) for s in range(len(sides))),
    )
