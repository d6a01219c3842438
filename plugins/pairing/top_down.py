"""The club guide's draw: top down, moving down the standings to avoid a second meeting.

Club director's guide, SWISS PAIRS: "The compilation of the draw starts from the top
with the proviso that pairs do not meet a second time. It could be that a draw is 1st v
3rd, 2nd v 4th, 17th v 19th."
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from engine import hookimpl
from plugins.pairing.graph import Pairs, least_breaches
from plugins.pairing.swiss import SwissDraw, Task


class TopDown(SwissDraw):
    """Top down: the highest contestant not yet drawn plays the next one below it that
    it may meet (1 v 2, 3 v 4 …; 1 v 3 and 2 v 4 when 1 and 2 have met).

    A choice that would leave the contestants below without a legal draw is passed
    over for the next one down, so the draw never gets stuck: it keeps the rematch rule
    whenever any draw can, and otherwise holds the fewest rematches and says why.
    Round 1 is seeded as ``seeding`` says (1 v N/2+1 by default, the guide's "tried and
    tested" seeding; ``fold`` is 1 v N); in a seeded round a contestant whose scheduled
    opponent is barred plays the nearest one to it."""

    name = "top-down"
    aliases = ("club-guide",)
    version = "1.0"

    def pair(self, task: Task) -> Pairs:
        return top_down(task)


def top_down(task: Task) -> Pairs:
    """Pair ``task.order`` from the top, each contestant with its most wanted opponent
    that leaves the rest a pairing within the rematches allowed."""
    legality = task.legality
    pos = {n: i for i, n in enumerate(task.order)}
    remaining = list(task.order)
    group = set(remaining)
    barred = {v: len(legality.forbidden[v] & group) for v in remaining}
    budget = task.breaches
    pairs: Pairs = []
    while remaining:
        a, others = remaining[0], remaining[1:]
        m = len(others) - 1  # contestants left once a and its opponent are drawn
        worst = max(barred[v] for v in remaining)
        for b in _wanted(a, others, task, pos):
            cost = 0 if legality.allows(a, b) else 1
            if cost > budget:
                continue
            # Dirac's bound, as in graph.pairable, spares a matching on most choices.
            if cost == budget and (m - 1 - worst) * 2 >= m:
                break
            rest = [v for v in others if v != b]
            if least_breaches(rest, legality) <= budget - cost:
                break
        else:  # pragma: no cover - task.breaches is what some pairing achieves
            raise AssertionError("no opponent leaves a pairing within the rematches allowed")
        pairs.append((a, b))
        remaining = [v for v in others if v != b]
        budget -= cost
        for v in (*legality.forbidden[a], *legality.forbidden[b]):
            if v in barred:
                barred[v] -= 1
    return pairs


def _wanted(a: int, others: list[int], task: Task, pos: dict[int, int]) -> Iterator[int]:
    """``others`` in the order ``a`` wants them: down the order, or in a seeded round its
    scheduled opponent first, then the nearest to it (the lower one on a tie)."""
    if task.targets is None:
        yield from others
        return
    target = pos[task.targets[a]]

    def near(b: int) -> tuple[int, bool]:
        return abs(pos[b] - target), pos[b] < target

    yield from sorted(others, key=near)


@hookimpl
def traveller_register_pairing_methods(register: Callable[[Any], None]) -> None:
    register(TopDown())
